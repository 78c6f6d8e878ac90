import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants.ts";
import { textInput, timestamp } from "./common.ts";

export const email = textInput("VALIDATION.EMAIL_MISSING")
  .trim()
  .min(1, "VALIDATION.EMAIL_MISSING")
  .max(254, "VALIDATION.TOO_LONG")
  .pipe(z.email("VALIDATION.EMAIL_FORMAT"));

/** The password policy of spec 01 §5; each rule has its own message. */
export const password = textInput("VALIDATION.PASSWORD_MISSING")
  .min(1, "VALIDATION.PASSWORD_MISSING")
  .min(PASSWORD_MIN_LENGTH, "VALIDATION.PASSWORD_LENGTH")
  .max(PASSWORD_MAX_LENGTH, "VALIDATION.PASSWORD_LENGTH")
  .regex(/[a-z]/, "VALIDATION.PASSWORD_LOWERCASE")
  .regex(/[A-Z]/, "VALIDATION.PASSWORD_UPPERCASE")
  .regex(/\d/, "VALIDATION.PASSWORD_DIGIT")
  .regex(/^\S*$/, "VALIDATION.PASSWORD_WHITESPACE");

const token = z.string({ error: "AUTH.TOKEN_INVALID" }).min(1, "AUTH.TOKEN_INVALID").max(512, "AUTH.TOKEN_INVALID");

export const loginBody = z.object({
  provider: z.literal("email", { error: "VALIDATION.INVALID" }),
  user: email,
  // Length-capped so an attacker cannot make the server hash megabytes; policy is not re-checked at sign-in.
  secret: z
    .string({ error: "VALIDATION.PASSWORD_MISSING" })
    .min(1, "VALIDATION.PASSWORD_MISSING")
    .max(256, "VALIDATION.TOO_LONG"),
});
export type LoginBody = z.input<typeof loginBody>;

export const roleRef = z.object({ id: z.number().int(), name: z.string() });

export const sessionUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The avatar (512 px) and its small variant (96 px, for lists and the top bar); null without one. */
  pictureUrl: z.string().nullable(),
  pictureSmallUrl: z.string().nullable(),
  roles: z.array(roleRef),
  isActive: z.boolean(),
  isSuperAdmin: z.boolean(),
  permissions: z.array(z.string()),
  /**
   * The member must use a second factor and this session has not proved one: every route but enrolment (and
   * step-up) answers 403 MFA_ENROLLMENT_REQUIRED, and the SPA leads to the Security page.
   */
  mfaEnrollmentRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const session = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: timestamp,
  user: sessionUser,
});
export type Session = z.infer<typeof session>;
export const sessionResponse = z.object({ data: session });

export const forgotBody = z.object({ email });
export const resetBody = z.object({ token, password });
/** The reset form adds the confirmation, which never leaves the browser. */
export const resetForm = z.object({ password, confirmation: z.string() }).refine((v) => v.password === v.confirmation, {
  message: "VALIDATION.PASSWORD_CONFIRMATION",
  path: ["confirmation"],
});
export const emailVerificationBody = z.object({ token });
export const refreshBody = z.object({ refreshToken: token });
export const logoutBody = z.object({ refreshToken: token.optional() });
