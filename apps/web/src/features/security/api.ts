import type { AuthSession, MfaStatus, Passkey, RecoveryCodes, SessionUser, TotpSetup } from "@palco/shared";
import type { TFunction } from "i18next";
import { type Notice, stepUpDeclinedNotice } from "@/kit/step-up-declined.ts";
import { api, serverMessages } from "@/lib/api.ts";
import { getSession, updateSessionUser } from "@/lib/session.ts";

/** Query keys: the member's own factors and sessions, and another member's sessions (user detail). */
export const MFA_KEY = ["auth", "mfa"] as const;
export const OWN_SESSIONS_KEY = ["auth", "sessions"] as const;
export const userSessionsKey = (userId: number) => ["users", userId, "sessions"] as const;
export const userMfaKey = (userId: number) => ["users", userId, "mfa"] as const;

type Data<T> = { data: T } | T;

/** The security routes answer either the record itself or `{data}` (as the auth routes do): read both. */
function unwrap<T>(answer: Data<T>): T {
  return answer && typeof answer === "object" && "data" in answer && !Array.isArray(answer)
    ? (answer as { data: T }).data
    : (answer as T);
}

const call = async <T>(path: string, options?: Parameters<typeof api>[1]) => unwrap(await api<Data<T>>(path, options));

export const securityApi = {
  mfa: (signal?: AbortSignal) => call<MfaStatus>("/api/auth/mfa", { signal }),
  startTotp: () => call<TotpSetup>("/api/auth/mfa/totp", { method: "POST" }),
  confirmTotp: (code: string) => call<RecoveryCodes>("/api/auth/mfa/totp/confirm", { method: "POST", body: { code } }),
  removeTotp: () => api<void>("/api/auth/mfa/totp", { method: "DELETE" }),
  regenerateRecoveryCodes: () => call<RecoveryCodes>("/api/auth/mfa/recovery-codes", { method: "POST" }),
  passkeyOptions: () => call<Record<string, unknown>>("/api/auth/mfa/passkeys/options", { method: "POST" }),
  addPasskey: (name: string, response: unknown) =>
    call<Passkey>("/api/auth/mfa/passkeys", { method: "POST", body: { name, response } }),
  renamePasskey: (id: string, name: string) =>
    call<Passkey>(`/api/auth/mfa/passkeys/${encodeURIComponent(id)}`, { method: "PUT", body: { name } }),
  removePasskey: (id: string) => api<void>(`/api/auth/mfa/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" }),
  sessions: (signal?: AbortSignal) => call<AuthSession[]>("/api/auth/sessions", { signal }),
  endSession: (id: string) => api<void>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
  endOtherSessions: () => api<void>("/api/auth/sessions", { method: "DELETE", query: { others: "true" } }),
  userSessions: (userId: number, signal?: AbortSignal) =>
    call<AuthSession[]>(`/api/users/${userId}/sessions`, { signal }),
  endUserSessions: (userId: number) => api<void>(`/api/users/${userId}/sessions`, { method: "DELETE" }),
  userMfa: (userId: number, signal?: AbortSignal) => call<MfaStatus>(`/api/users/${userId}/mfa`, { signal }),
  resetUserMfa: (userId: number) => api<void>(`/api/users/${userId}/mfa`, { method: "DELETE" }),
};

/**
 * After a first factor: the session's user is read again from /auth/me, so `mfaEnrollmentRequired` clears and the
 * rest of the app opens (best effort: the next sign-in reads it anyway).
 */
export async function refreshSignedInUser(): Promise<void> {
  try {
    const fresh = unwrap(await api<Data<SessionUser>>("/api/auth/me"));
    if (getSession()?.user.id === fresh.id) updateSessionUser(fresh);
  } catch {
    // the flag stays until the next sign-in
  }
}

/** A failure's text: the server's reasons when it gave some (already translated), else the screen's own fallback. */
export const failureText = (error: unknown, fallback: string): string => serverMessages(error)?.join("\n") ?? fallback;

/** A failure as the alerts show it; a declined step-up is said neutrally instead (kit/step-up-declined.ts). */
export const failureNotice = (error: unknown, fallback: string, t: TFunction): Notice =>
  stepUpDeclinedNotice(error, t) ?? { text: failureText(error, fallback), at: Date.now() };
