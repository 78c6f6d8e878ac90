import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";

type LoggerOption = FastifyServerOptions["logger"];

/** Fields of the request line, shown in its message by the terminal view (so they are not repeated under it). */
const REQUEST_LINE_FIELDS = ["method", "url", "statusCode", "responseTime"] as const;

/**
 * pino at `level`: JSON lines for files and log collectors, and in a terminal (stdout is a TTY) pino-pretty's
 * coloured one-liners: time, level, message and the request id.
 */
export function defaultLogger(level: string, stdoutIsTerminal = Boolean(process.stdout.isTTY)): LoggerOption {
  return {
    level,
    redact: REDACTED_PATHS,
    ...(stdoutIsTerminal
      ? {
          transport: {
            target: "pino-pretty",
            options: {
              translateTime: "SYS:HH:MM:ss",
              ignore: ["pid", "hostname", "reqId", ...REQUEST_LINE_FIELDS].join(","),
              messageFormat: "{msg}{if reqId} ({reqId}){end}",
            },
          },
        }
      : {}),
  };
}

/**
 * One log line per request, when its answer is sent, instead of Fastify's two ("incoming request", "request
 * completed"): `GET /api/users?page=2 200 12ms`, with method, URL (tokens censored), status code, milliseconds and
 * the request id as fields. Every other log line Fastify writes (errors, 404s, closing) is left as it is.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // Logged once, on completion.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = requestLine(request, reply);
    const message = `${line.method} ${line.url} ${line.statusCode} ${line.responseTime}ms`;
    if (error) reply.log.error({ ...line, err: error }, message);
    else reply.log.info(line, message);
  }
}

/** The fields of a request's log line. */
export function requestLine(
  request: Pick<FastifyRequest, "method" | "url">,
  reply: Pick<FastifyReply, "statusCode" | "elapsedTime">,
) {
  return {
    method: request.method,
    url: redactUrl(request.url) ?? "",
    statusCode: reply.statusCode,
    responseTime: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/**
 * Query parameters whose values are secrets: e-mailed reset and activation links, socket.io handshakes, and the
 * session and signature of a signed private-document link (platform/documents.ts), which would open the document
 * for as long as the link lasts. The link's `user` and `expires` stay: they say whose link it was and until when.
 */
const SECRET_QUERY = /([?&](?:token|access_token|refreshToken|session|signature)=)[^&#]*/gi;

/**
 * Query parameters whose values are whatever staff typed: a search for a guest is their name, e-mail or phone. The
 * log keeps that a search was made, not what was searched.
 */
const FREE_TEXT_QUERY = /([?&](?:search|q|email|name|phone)=)[^&#]+/gi;

/**
 * The URL with the values of secret query parameters replaced, so log files never hold a working link, and those
 * of free-text parameters masked, so they hold no personal data.
 */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, "$1[REDACTED]").replace(FREE_TEXT_QUERY, "$1[MASKED]");
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, minus the secrets: no headers at all (Authorization) and no token in the URL. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.["accept-version"],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** What an error looks like in the log: names, codes and SQL text, never the values a query carried. */
export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  [key: string]: unknown;
}

/**
 * Properties copied as they are. Anything else an error carries stays out: drizzle's and PGlite's `params` (password
 * hashes, e-mails, token hashes), PostgreSQL's `detail` ("Key (email)=(…) already exists"), `where` and
 * `internalQuery` (PL/pgSQL context with values), `queryOptions`, request objects attached by libraries.
 */
const SAFE_ERROR_FIELDS = [
  "code",
  "errno",
  "syscall",
  "address",
  "port",
  "statusCode",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
  "dataType",
] as const;

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The message without values: drizzle's "Failed query: <sql>\nparams: <values>" keeps its SQL only, and PostgreSQL
 * data exceptions (class 22: "invalid input syntax for type integer: \"…\"") lose what they quote.
 */
function safeMessage(error: Record<string, unknown>): string {
  const message = typeof error.message === "string" ? error.message : String(error.message);
  if (typeof error.code === "string" && SQLSTATE.test(error.code) && error.code.startsWith("22")) {
    return message.replace(/"(?:[^"]|"")*"/g, '"[REDACTED]"');
  }
  return message.replace(/^(Failed query: [\s\S]*?)\nparams: [\s\S]*$/, "$1\nparams: [REDACTED]");
}

/** The stack's frames under the safe first line (Error.stack starts with the original, unsafe, message). */
function safeStack(stack: unknown, heading: string): string | undefined {
  if (typeof stack !== "string") return undefined;
  const lines = stack.split("\n");
  const firstFrame = lines.findIndex((line) => /^\s+at /.test(line));
  return firstFrame < 0 ? heading : [heading, ...lines.slice(firstFrame)].join("\n");
}

function serializeOne(error: Record<string, unknown>, depth: number, seen: Set<object>): SerializedError {
  seen.add(error);
  const constructorName = (error.constructor as { name?: unknown } | undefined)?.name;
  // PGlite's bundle minifies class names ("O"); a SQLSTATE with a severity is a server error whichever driver threw it.
  const type =
    typeof error.code === "string" && SQLSTATE.test(error.code) && typeof error.severity === "string"
      ? "DatabaseError"
      : typeof constructorName === "string" && constructorName.length > 2 && constructorName !== "Object"
        ? constructorName
        : typeof error.name === "string"
          ? error.name
          : "Error";
  const message = safeMessage(error);
  const serialized: SerializedError = { type, message };
  const stack = safeStack(error.stack, `${typeof error.name === "string" ? error.name : type}: ${message}`);
  if (stack !== undefined) serialized.stack = stack;
  for (const field of SAFE_ERROR_FIELDS) {
    const value = error[field];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") serialized[field] = value;
  }
  // The SQL text itself is safe: drizzle and PGlite send values separately as $1, $2…
  if (typeof error.query === "string") serialized.query = error.query;
  if (depth < 5) {
    const cause = error.cause;
    if (isErrorLike(cause) && !seen.has(cause)) serialized.cause = serializeOne(cause, depth + 1, seen);
    if (Array.isArray(error.errors)) {
      serialized.errors = error.errors
        .filter((inner): inner is Record<string, unknown> => isErrorLike(inner) && !seen.has(inner))
        .slice(0, 10)
        .map((inner) => serializeOne(inner, depth + 1, seen));
    }
  }
  return serialized;
}

function isErrorLike(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && "message" in value;
}

/**
 * pino's `err` serializer for every logger the app builds: class, SQLSTATE or errno code, SQL text and stack, walking
 * `cause` and AggregateError chains, with query parameters and PostgreSQL's row details left out.
 */
export function serializeError(error: unknown): unknown {
  return isErrorLike(error) ? serializeOne(error, 0, new Set()) : error;
}

/** Paths pino censors wherever a request or its headers get logged whole. */
export const REDACTED_PATHS = ["req.headers.authorization", "req.headers.cookie"];

/**
 * Adds the safe request and error serializers and the redaction to any logger configuration (ours or a caller's),
 * so the rule holds whichever way the app is built. `false` stays off.
 */
export function withLogRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: base.redact ?? REDACTED_PATHS,
    serializers: { ...base.serializers, req: serializeRequest, err: serializeError },
  } as LoggerOption;
}
