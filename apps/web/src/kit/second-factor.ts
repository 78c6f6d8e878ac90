import type { StepUpMethod } from "@palco/shared";

/**
 * The second step's own checks (sign-in and step-up), the same as the shared `totpCode` and `recoveryCode` schemas,
 * written out so the sign-in page loads no zod (second-factor.test.ts keeps the two in step). The server checks
 * everything again.
 */

/** The typed answers: a code from the authenticator app, a recovery code, or the password (step-up only). */
export type TypedMethod = Exclude<StepUpMethod, "passkey">;

/** Apps show "123 456"; recovery codes are shown as "abcde-12345": spaces, dashes and case are forgiven. */
export function normaliseCode(method: "totp" | "recovery", value: string): string {
  return method === "totp" ? value.replace(/\s+/g, "") : value.replace(/[\s-]+/g, "").toLowerCase();
}

/** Translation key of what is wrong with the typed answer, or undefined when it can be sent. */
export function validateAnswer(method: TypedMethod, value: string): string | undefined {
  if (method === "password") return value === "" ? "VALIDATION.PASSWORD_MISSING" : undefined;
  const code = normaliseCode(method, value);
  if (code === "") return "MFA.CODE_MISSING";
  if (method === "totp") return /^\d{6}$/.test(code) ? undefined : "MFA.CODE_FORMAT";
  return /^[a-z0-9]{10}$/.test(code) ? undefined : "MFA.RECOVERY_FORMAT";
}

/** The answer the field asks for first: the app's code, else the password (a member with no factor), else a recovery code. */
export function firstTypedMethod(methods: readonly StepUpMethod[]): TypedMethod {
  if (methods.includes("totp")) return "totp";
  if (methods.includes("password")) return "password";
  return "recovery";
}
