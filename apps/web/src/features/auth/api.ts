import type { LoginMfaBody, LoginResult, MfaChallenge, Session } from "@palco/shared";
import { api } from "@/lib/api.ts";

/** The public auth calls: no bearer token, and a 401 comes back to the page instead of ending a session. */
export const login = (email: string, password: string) =>
  api<{ data: LoginResult }>("/api/auth/login", {
    method: "POST",
    body: { provider: "email", user: email, secret: password },
    auth: false,
  });

/** The shared `isMfaChallenge`, written out so the sign-in page does not load the shared schemas (and zod). */
export const isMfaChallenge = (value: LoginResult): value is MfaChallenge => "mfaRequired" in value;

/** The second step of a sign-in: the challenge of the first and the passkey's or a code's proof. */
export const loginSecondStep = (body: LoginMfaBody) =>
  api<{ data: Session }>("/api/auth/login/mfa", { method: "POST", body, auth: false });

export const requestPasswordReset = (email: string) =>
  api<{ messages?: Record<string, string> }>("/api/auth/forgot", { method: "POST", body: { email }, auth: false });

export const resetPassword = (token: string, password: string) =>
  api<{ messages?: Record<string, string> }>("/api/auth/reset", {
    method: "POST",
    body: { token, password },
    auth: false,
  });

export const verifyEmail = (token: string) =>
  api<{ messages?: Record<string, string> }>("/api/auth/email-verification", {
    method: "POST",
    body: { token },
    auth: false,
  });
