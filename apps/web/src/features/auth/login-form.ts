/**
 * The sign-in form's own checks, the same as the shared `email` schema and a required password, written out so
 * the login page loads neither zod nor the shared schemas (login-form.test.ts keeps the two in step). The server
 * checks everything again.
 */
export type LoginValues = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** zod's `z.email()` pattern (zod/v4/core/regexes.ts). */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254;

/** Translation keys of the messages, by field; empty when the form can be sent. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (email === "") errors.email = "VALIDATION.EMAIL_MISSING";
  else if (email.length > EMAIL_MAX_LENGTH) errors.email = "VALIDATION.TOO_LONG";
  else if (!EMAIL_PATTERN.test(email)) errors.email = "VALIDATION.EMAIL_FORMAT";
  if (values.password === "") errors.password = "VALIDATION.PASSWORD_MISSING";
  return errors;
}
