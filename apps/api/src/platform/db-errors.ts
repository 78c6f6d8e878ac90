/**
 * Which failures mean "the database cannot be reached right now" (answered 503 with Retry-After, so clients and
 * balancers retry) rather than "this request went wrong" (500). Every caller asks `isConnectionError`.
 */

const CONNECTING = Symbol("palco.connect-failure");

/** Tags an error raised while opening a connection (db.ts), as opposed to one raised by a query. */
export function markConnectFailure<T>(error: T): T {
  if (error && typeof error === "object") Object.defineProperty(error, CONNECTING, { value: true });
  return error;
}

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
 * SQLSTATEs of a server that cannot take this session now, whatever the query: class 08 connection exception, class
 * 28 invalid authorization (a role that may not log in, a rejected password), class 53 insufficient resources (too
 * many connections, out of memory, disk full), class 57P going away or not up yet (admin or crash shutdown, cannot
 * connect now, database dropped, idle session timeout), and 25006 read-only transaction (a replica promoted late, a
 * failover).
 */
const UNAVAILABLE_CLASSES = ["08", "28", "53", "57P"];
const UNAVAILABLE_SQLSTATES = new Set(["25006"]);

/**
 * SQLSTATEs that are an outage only when the server raises them while a connection is being opened: the database
 * takes no connections (55000, `ALLOW_CONNECTIONS false`) or the role lost `CONNECT` on it (42501). Raised by a query
 * in a working session the same codes are about that query (a missing grant, an object in the wrong state): 500.
 * db.ts tags what node-postgres raises while connecting (`markConnectFailure`), so the two are told apart by where
 * the error came from, not by its text, which the server translates.
 */
const CONNECT_TIME_SQLSTATES = new Set(["55000", "42501"]);

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

function isUnavailableSqlState(code: string, whileConnecting: boolean): boolean {
  return (
    UNAVAILABLE_CLASSES.some((prefix) => code.startsWith(prefix)) ||
    UNAVAILABLE_SQLSTATES.has(code) ||
    (whileConnecting && CONNECT_TIME_SQLSTATES.has(code))
  );
}

function isOwnConnectionError(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (SOCKET_CODES.has(code)) return true;
    const whileConnecting = (error as { [CONNECTING]?: unknown })[CONNECTING] === true;
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code, whileConnecting)) return true;
  }
  return typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when `error`, or anything it wraps (drizzle's DrizzleQueryError.cause, an AggregateError's `errors` from a
 * dual-stack connect), says the database is unreachable, refusing connections or logins, shutting down, overloaded
 * or read-only.
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
