import type { ErrorBody } from "@palco/shared";
// Deep import: the entry chunk stays free of zod.
import { MFA_ENROLLMENT_REQUIRED_CODE, STEP_UP_REQUIRED_CODE } from "@palco/shared/constants";
import { currentLanguage } from "./i18n.ts";
import { clearSession, getSession, needsRefresh, refreshSession, updateSessionUser } from "./session.ts";

/** A failed call: `status` 0 means the network failed; `body` is the API's error shape when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    super(body?.message || (status === 0 ? "Network error" : `HTTP ${status}`));
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  /** Field (or `general`) → text already translated by the server. */
  get messages(): Record<string, string> {
    return this.body?.messages ?? {};
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * `false` for the public auth calls (login, forgot, reset, verification): no bearer token is sent and a
   * 401 is returned to the caller instead of ending the session.
   */
  auth?: boolean;
  /** Extra request headers (If-Match). */
  headers?: Record<string, string>;
  /** `blob`: the body as a Blob (downloads) instead of parsed JSON. */
  responseType?: "json" | "blob";
  /** Sees the answer's headers before its body is parsed (the ETag of a record). */
  onHeaders?: (headers: Headers) => void;
};

export function buildUrl(path: string, query?: Record<string, QueryValue>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readError(response: Response): Promise<ErrorBody | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "message" in body) return body as ErrorBody;
  } catch {
    // not JSON
  }
  return null;
}

/**
 * Asks the member to prove a factor (or their password) again, for a call a sensitive route refused with
 * STEP_UP_REQUIRED; resolves true once the step-up passed, false when the member gave up. Installed by the
 * step-up modal of the signed-in layout, so this file needs no UI framework.
 */
export type StepUpHandler = (refusal: ApiError) => Promise<boolean>;

let stepUpHandler: StepUpHandler | null = null;
/** The step-up being asked: refusals that arrive meanwhile wait for the same answer instead of a second modal. */
let pendingStepUp: Promise<boolean> | null = null;
/** Step-ups passed so far: a call sent before the latest one was refused for a reason that no longer holds. */
let stepUpsPassed = 0;

/** Installs the step-up prompt; the returned function removes it (only if it is still the one installed). */
export function setStepUpHandler(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

export const isStepUpRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.body?.code === STEP_UP_REQUIRED_CODE;

function askStepUp(refusal: ApiError): Promise<boolean> {
  if (pendingStepUp) return pendingStepUp;
  const handler = stepUpHandler;
  if (!handler) return Promise.resolve(false);
  const asked = handler(refusal)
    .catch(() => false)
    .then((passed) => {
      if (passed) stepUpsPassed += 1;
      return passed;
    })
    .finally(() => {
      pendingStepUp = null;
    });
  pendingStepUp = asked;
  return asked;
}

/**
 * The single HTTP client of the SPA. Paths are absolute (`/api/...`); JSON in and out; FormData passes through.
 * A call a sensitive route refuses for want of a recent step-up waits while the member proves it, then is sent
 * once more and answers as if nothing happened (the form that made it keeps what was typed); if the member cancels,
 * it fails with the original refusal.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const passedBefore = stepUpsPassed;
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (!isStepUpRefusal(error) || options.signal?.aborted) throw error;
    const passedMeanwhile = stepUpsPassed !== passedBefore;
    if (!passedMeanwhile && !(await askStepUp(error))) throw error;
    return send<T>(path, options);
  }
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const { method = "GET", body, query, signal, auth = true, onHeaders } = options;
  let session = auth ? getSession() : null;
  if (session && needsRefresh(session)) {
    session = await refreshSession();
    // The refresh failed: the session is over (and the guard is already sending the user to /login).
    if (!session) throw new ApiError(401, null);
  }

  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": currentLanguage(),
    ...options.headers,
  };
  if (session) headers.Authorization = `Bearer ${session.token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, null);
  }

  if (!response.ok) {
    const errorBody = await readError(response);
    if (response.status === 401 && auth) clearSession("expired");
    // A member who must use a second factor and has none: the guard takes them to the Security page to enrol one.
    if (response.status === 403 && auth && errorBody?.code === MFA_ENROLLMENT_REQUIRED_CODE) {
      updateSessionUser({ mfaEnrollmentRequired: true });
    }
    throw new ApiError(response.status, errorBody);
  }
  onHeaders?.(response.headers);
  if (response.status === 204) return undefined as T;
  if (options.responseType === "blob") return (await response.blob()) as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The shared error parser for saves and deletes: the server's per-field messages when it sent some
 * (422 validation, 409 refused change), otherwise null so the caller shows its own fallback key.
 */
export function serverMessages(error: unknown): string[] | null {
  if (!(error instanceof ApiError)) return null;
  const texts = Object.values(error.messages).filter((text) => text.trim() !== "");
  return texts.length > 0 ? texts : null;
}

/** Fetches a file with the session's credentials and hands it to the browser as a download named `fileName`. */
export async function downloadFile(path: string, query: Record<string, QueryValue>, fileName: string): Promise<void> {
  saveBlob(await api<Blob>(path, { query, responseType: "blob" }), fileName);
}

/** Hands data made or fetched in the page to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
