import type { Session } from "@palco/shared";
import { useSyncExternalStore } from "react";
import { currentLanguage } from "./i18n.ts";

/**
 * The signed-in session: kept in memory, mirrored to localStorage (`palco.session`) and shared between tabs.
 * The access token is refreshed one minute before `expiresAt` (single-flight, and serialised across tabs with
 * the Web Locks API so two tabs never present the same single-use refresh token). Only a refresh answered
 * 401/403 ends the session; network errors and 5xx are retried with a bounded back-off.
 */
export const SESSION_STORAGE_KEY = "palco.session";
const REFRESH_AHEAD_MS = 60_000;
const LOGOUT_CALL_TIMEOUT_MS = 3_000;
/** Waits between refresh retries after a transient failure (network error, 5xx); the last one repeats. */
export const REFRESH_RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000] as const;

/** Why the session ended: an explicit logout, or an expired/rejected token (a 401, or a refresh answered 401/403). */
export type EndReason = "logout" | "expired";

let current: Session | null = readStored();
let endReason: EndReason | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<Session | null> | null = null;
/** Transient refresh failures in a row, and when the next retry is due (0: no back-off pending). */
let failedRefreshes = 0;
let retryAt = 0;
const listeners = new Set<() => void>();

/**
 * Shape check of a stored or received session (hand-written rather than the shared zod schema, so zod stays
 * out of the entry chunk; the server validates everything that matters).
 */
export function isSession(value: unknown): value is Session {
  if (!value || typeof value !== "object") return false;
  const candidate = value as Record<string, unknown>;
  const user = candidate.user as Record<string, unknown> | null | undefined;
  return (
    typeof candidate.token === "string" &&
    typeof candidate.refreshToken === "string" &&
    typeof candidate.expiresAt === "string" &&
    !Number.isNaN(Date.parse(candidate.expiresAt)) &&
    !!user &&
    typeof user === "object" &&
    typeof user.id === "number" &&
    typeof user.email === "string" &&
    typeof user.isSuperAdmin === "boolean" &&
    Array.isArray(user.permissions)
  );
}

function readStored(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeStored(value: Session | null) {
  try {
    if (value) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(value));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // storage unavailable: the session lives in memory only
  }
}

function emit() {
  for (const listener of listeners) listener();
}

const msUntilRefresh = (value: Session) => new Date(value.expiresAt).getTime() - REFRESH_AHEAD_MS - Date.now();

function resetRetries() {
  failedRefreshes = 0;
  retryAt = 0;
}

function schedule() {
  clearTimeout(refreshTimer);
  if (!current) return;
  // setTimeout cannot wait longer than ~24.8 days; re-check then.
  const delay = Math.min(Math.max(msUntilRefresh(current), 0), 2 ** 31 - 1);
  refreshTimer = setTimeout(() => void refreshSession(), delay);
}

export function getSession(): Session | null {
  return current;
}

export function getEndReason(): EndReason | null {
  return endReason;
}

export function setSession(value: Session) {
  current = value;
  endReason = null;
  resetRetries();
  writeStored(value);
  schedule();
  emit();
}

/**
 * Changes the signed-in user's details in place (after they edit their own account: picture, names, roles,
 * permissions), keeping the tokens.
 */
export function updateSessionUser(patch: Partial<Session["user"]>) {
  if (!current) return;
  const user = current.user;
  // Every refused call of a confined session reports the same thing: repainting the app for it would loop.
  if (Object.entries(patch).every(([key, value]) => sameValue(user[key as keyof typeof user], value))) return;
  setSession({ ...current, user: { ...user, ...patch } });
}

/** Equal user details: primitives by value, the arrays and objects of the user by their JSON. */
function sameValue(before: unknown, after: unknown): boolean {
  if (Object.is(before, after)) return true;
  if (typeof before !== "object" || typeof after !== "object" || before === null || after === null) return false;
  return JSON.stringify(before) === JSON.stringify(after);
}

export function clearSession(reason: EndReason) {
  clearTimeout(refreshTimer);
  resetRetries();
  const hadSession = current !== null;
  current = null;
  endReason = reason;
  writeStored(null);
  if (hadSession) emit();
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** True when the access token is expired or inside the refresh window. */
export function needsRefresh(value: Session) {
  return msUntilRefresh(value) <= 0;
}

/** The refresh was not answered in a usable way (network error, 5xx, unexpected body): worth retrying. */
class TransientRefreshError extends Error {}

const isExpired = (value: Session) => new Date(value.expiresAt).getTime() <= Date.now();

/**
 * A refresh that failed for a passing reason (a deploy, a network blip) keeps the session: the current access
 * token stays in use while it is valid, and the refresh is retried with a bounded back-off. If the token
 * expires meanwhile, the API's 401 on the next call ends the session.
 */
function retryLater(value: Session): Session {
  const delay = REFRESH_RETRY_DELAYS_MS[Math.min(failedRefreshes, REFRESH_RETRY_DELAYS_MS.length - 1)] ?? 60_000;
  failedRefreshes += 1;
  retryAt = Date.now() + delay;
  clearTimeout(refreshTimer);
  if (!isExpired(value)) {
    refreshTimer = setTimeout(() => {
      retryAt = 0;
      void refreshSession();
    }, delay);
  }
  return value;
}

async function runRefresh(): Promise<Session | null> {
  // Another tab may already have rotated the token: adopt its session instead of reusing ours.
  const stored = readStored();
  if (!stored) {
    clearSession("expired");
    return null;
  }
  if (!needsRefresh(stored)) {
    if (stored.token !== current?.token) setSession(stored);
    return stored;
  }
  try {
    let response: Response;
    try {
      response = await fetch("/api/auth/refresh", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "Accept-Language": currentLanguage(),
        },
        body: JSON.stringify({ refreshToken: stored.refreshToken }),
      });
    } catch {
      throw new TransientRefreshError("network error");
    }
    // Only a rejected refresh token ends the session.
    if (response.status === 401 || response.status === 403) {
      clearSession("expired");
      return null;
    }
    if (!response.ok) throw new TransientRefreshError(`refresh failed with ${response.status}`);
    const body = (await response.json().catch(() => ({}))) as { data?: unknown };
    if (!isSession(body.data)) throw new TransientRefreshError("unexpected refresh answer");
    const data = body.data;
    setSession(data);
    return data;
  } catch {
    // Keep (and adopt) the stored session: its access token is still used until it is renewed or rejected.
    if (stored.token !== current?.token) {
      current = stored;
      endReason = null;
      emit();
    }
    return retryLater(stored);
  }
}

/** Refreshes the access token once, however many callers ask at the same time. */
export function refreshSession(): Promise<Session | null> {
  if (inflight) return inflight;
  // Backing off after a transient failure: keep using the still-valid access token until the retry is due.
  if (current && retryAt > Date.now() && !isExpired(current)) return Promise.resolve(current);
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  // The lock callback's promise is awaited by `request`, which resolves with its value.
  const task: Promise<Session | null> = locks
    ? locks.request("palco.session.refresh", () => runRefresh()).then((value) => value)
    : runRefresh();
  const tracked = task.finally(() => {
    inflight = null;
  });
  inflight = tracked;
  return tracked;
}

/** Revokes the refresh token on the server (best effort, bounded wait), then forgets the session. */
export async function logout() {
  const value = current;
  if (value) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LOGOUT_CALL_TIMEOUT_MS);
    try {
      await fetch("/api/auth/logout", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${value.token}`,
          "Accept-Language": currentLanguage(),
        },
        body: JSON.stringify({ refreshToken: value.refreshToken }),
        signal: controller.signal,
      });
    } catch {
      // the session is cleared locally whatever the server answered
    } finally {
      clearTimeout(timer);
    }
  }
  clearSession("logout");
}

// Keep tabs in step: a login, refresh or logout in one tab is seen by the others.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const next = readStored();
    if (next?.token === current?.token) return;
    if (next) {
      current = next;
      endReason = null;
      resetRetries();
      schedule();
    } else {
      clearTimeout(refreshTimer);
      resetRetries();
      current = null;
      endReason = "logout";
    }
    emit();
  });
  // Timers are throttled in background tabs; check again when the tab becomes visible.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && current && needsRefresh(current)) void refreshSession();
  });
  schedule();
}
