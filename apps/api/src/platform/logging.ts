import type { FastifyServerOptions } from "fastify";

type LoggerOption = FastifyServerOptions["logger"];

/** Query parameters whose values are secrets: e-mailed reset and activation links, socket.io handshakes. */
const SECRET_QUERY = /([?&](?:token|access_token|refreshToken)=)[^&#]*/gi;

/** The URL with the values of secret query parameters replaced, so log files never hold a working link. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, "$1[REDACTED]");
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

/** Paths pino censors wherever a request or its headers get logged whole. */
export const REDACTED_PATHS = ["req.headers.authorization", "req.headers.cookie"];

/**
 * Adds the safe request serializer and the redaction to any logger configuration (ours or a caller's), so the
 * rule holds whichever way the app is built. `false` stays off.
 */
export function withLogRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: base.redact ?? REDACTED_PATHS,
    serializers: { ...base.serializers, req: serializeRequest },
  } as LoggerOption;
}
