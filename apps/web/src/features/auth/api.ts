import type { Session } from "@palco/shared";
import { api } from "@/lib/api.ts";

/** The public auth calls: no bearer token, and a 401 comes back to the page instead of ending a session. */
export const login = (email: string, password: string) =>
  api<{ data: Session }>("/api/auth/login", {
    method: "POST",
    body: { provider: "email", user: email, secret: password },
    auth: false,
  });

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
