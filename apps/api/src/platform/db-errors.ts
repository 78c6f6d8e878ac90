/**
 * Which failures mean "the database cannot be reached right now" (answered 503 with Retry-After, so clients and
 * balancers retry) rather than "this request went wrong" (500). Every caller asks `isConnectionError`.
 */

/** Socket errors from Node and node-postgres while connecting to or talking with the server. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is going away, not up yet, full, or read-only (a replica promoted late, a failover):
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 53300 too many connections, 25006 read-only
 * transaction. Class 08 (connection exception) is matched as a whole.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);

/**
 * Texts node-postgres, pg-pool and PGlite throw as plain Errors (no code) when the connection is gone, could not be
 * made in time, or the embedded database is closing or closed.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is (closed|closing)$/,
];

function isUnavailableSqlState(code: string): boolean {
  return code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code);
}

function isOwnConnectionError(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (SOCKET_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
  }
  return typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when `error`, or anything it wraps (drizzle's DrizzleQueryError.cause, an AggregateError's `errors` from a
 * dual-stack connect), says the database is unreachable, shutting down, overloaded or read-only.
 */
export function isConnectionError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 16) {
    const current = pending.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    if (isOwnConnectionError(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/** Seconds a client should wait before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;
