import { z } from "zod";
import { session } from "./auth.ts";
import { timestamp } from "./common.ts";

/**
 * Staff second factors, step-up and sessions (issue "staff accounts that cannot be taken over"). Written once here:
 * the API validates and documents with these, the SPA types its calls with them.
 */

// The two refusal codes live with the constants so the SPA's HTTP client (entry chunk) reads them without zod.
export { MFA_ENROLLMENT_REQUIRED_CODE, STEP_UP_REQUIRED_CODE } from "../constants.ts";

/** RFC 6238 as every authenticator app reads it by default. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ALGORITHM = "SHA1";
/** Codes one step before or after the current one are accepted (clock drift). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in challenge (the second step) lives this long and admits this many wrong answers. */
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;
export const PASSKEY_NAME_MAX = 60;

export const MFA_METHODS = ["passkey", "totp", "recovery"] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];
/** What a step-up may be proved with: a factor, or the password for a member who has none. */
export const STEP_UP_METHODS = [...MFA_METHODS, "password"] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

/** Six digits; spaces (as apps show "123 456") are dropped before the check. */
export const totpCode = z
  .string({ error: "MFA.CODE_MISSING" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, "MFA.CODE_MISSING")
      .regex(/^\d{6}$/, "MFA.CODE_FORMAT"),
  );

/** Recovery codes are shown as `xxxxx-xxxxx` (lower-case letters and digits); case and dashes are forgiven. */
export const recoveryCode = z
  .string({ error: "MFA.CODE_MISSING" })
  .transform((value) => value.replace(/[\s-]+/g, "").toLowerCase())
  .pipe(
    z
      .string()
      .min(1, "MFA.CODE_MISSING")
      .regex(/^[a-z0-9]{10}$/, "MFA.RECOVERY_FORMAT"),
  );

/**
 * The browser's WebAuthn answer (`@simplewebauthn/browser`'s RegistrationResponseJSON or
 * AuthenticationResponseJSON): checked in depth by `@simplewebauthn/server`, only bounded here.
 */
export const webAuthnResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.string().optional(),
  })
  .passthrough();
export type WebAuthnResponse = z.infer<typeof webAuthnResponse>;

/** WebAuthn options as JSON (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed to the browser. */
export const webAuthnOptions = z.record(z.string(), z.unknown());

export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
});
export type Passkey = z.infer<typeof passkey>;

/** GET /api/auth/mfa */
export const mfaStatus = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkey),
  recoveryCodesLeft: z.number().int(),
  /** Whether the member's roles (or super-admin status) require a second factor. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

/** POST /api/auth/mfa/totp: the pending secret (base32) and its otpauth:// URL for the QR code. */
export const totpSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;
export const totpConfirmBody = z.object({ code: totpCode });
/** Ten one-time codes, shown once. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const passkeyName = z
  .string({ error: "VALIDATION.REQUIRED" })
  .trim()
  .min(1, "VALIDATION.REQUIRED")
  .max(PASSKEY_NAME_MAX, "VALIDATION.TOO_LONG");
/** POST /api/auth/mfa/passkeys: the browser's registration response and the name the member gave it. */
export const passkeyRegistrationBody = z.object({ name: passkeyName, response: webAuthnResponse });
export const passkeyRenameBody = z.object({ name: passkeyName });

/** POST /api/auth/login when the account has a factor: no token yet. */
export const mfaChallenge = z.object({
  mfaRequired: z.literal(true),
  /** Single use, five minutes: send it back with the second step. */
  challenge: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
  /** With `passkey` among the methods: the WebAuthn request options for `startAuthentication`. */
  passkeyOptions: webAuthnOptions.optional(),
});
export type MfaChallenge = z.infer<typeof mfaChallenge>;
/** What POST /api/auth/login answers: the session, or the second step. */
export const loginResponse = z.object({ data: z.union([session, mfaChallenge]) });
export type LoginResult = Session | MfaChallenge;
type Session = z.infer<typeof session>;

export const isMfaChallenge = (value: LoginResult): value is MfaChallenge => "mfaRequired" in value;

/** POST /api/auth/login/mfa */
export const loginMfaBody = z.discriminatedUnion("method", [
  z.object({ challenge: z.string().min(1).max(200), method: z.literal("totp"), code: totpCode }),
  z.object({ challenge: z.string().min(1).max(200), method: z.literal("recovery"), code: recoveryCode }),
  z.object({ challenge: z.string().min(1).max(200), method: z.literal("passkey"), response: webAuthnResponse }),
]);
export type LoginMfaBody = z.input<typeof loginMfaBody>;

/** POST /api/auth/step-up/options: WebAuthn request options for a passkey step-up (the member's own passkeys). */
export const stepUpOptions = z.object({
  methods: z.array(z.enum(STEP_UP_METHODS)),
  passkeyOptions: webAuthnOptions.optional(),
});
export type StepUpOptions = z.infer<typeof stepUpOptions>;

/** POST /api/auth/step-up */
export const stepUpBody = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCode }),
  z.object({ method: z.literal("recovery"), code: recoveryCode }),
  z.object({ method: z.literal("passkey"), response: webAuthnResponse }),
  z.object({
    method: z.literal("password"),
    password: z
      .string({ error: "VALIDATION.PASSWORD_MISSING" })
      .min(1, "VALIDATION.PASSWORD_MISSING")
      .max(256, "VALIDATION.TOO_LONG"),
  }),
]);
export type StepUpBody = z.input<typeof stepUpBody>;
/** Until when the session counts as freshly proved. */
export const stepUpResult = z.object({ verifiedUntil: timestamp });

/** One sign-in (a refresh-token family) as its member or staff see it. */
export const authSession = z.object({
  id: z.string(),
  /** The session making this request. */
  current: z.boolean(),
  createdAt: timestamp,
  lastSeenAt: timestamp,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Whether the session passed a second factor. */
  mfa: z.boolean(),
});
export type AuthSession = z.infer<typeof authSession>;
export const authSessionList = z.array(authSession);
export const endSessionsQuery = z.object({
  others: z.enum(["true"], { error: "VALIDATION.INVALID" }),
});
