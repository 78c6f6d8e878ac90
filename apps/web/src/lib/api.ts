import type { ErrorBody } from "@palco/shared";
import { currentLanguage } from "./i18n.ts";
import { clearSession, getSession, needsRefresh, refreshSession } from "./session.ts";

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

/** The single HTTP client of the SPA. Paths are absolute (`/api/...`); JSON in and out; FormData passes through. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
