import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { type ErrorBody, type Language, pickLanguage, translate } from "@palco/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from "./db.ts";
import { isConnectionError, RETRY_AFTER_SECONDS } from "./db-errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** 422 instead of 400 for a query string that fails its schema: a query that is a form (the reports). */
    queryValidationStatus?: 400 | 422;
  }
}

/**
 * An error the API answers on purpose. `messages` maps a field (or "general") to a translation key;
 * the error handler translates keys into the request's language.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: Record<string, string>,
    /** Key of the sentence used as `message`; defaults to the field messages joined by new lines. */
    readonly messageKey?: string,
    /** More of the answer, beside the error shape (a stale version's `current` and `changes`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(messageKey ?? Object.values(messages).join("\n"));
    this.name = "ApiError";
  }
}

export const unauthorized = (key = "ERRORS.UNAUTHORIZED") => new ApiError(401, { general: key }, key);
export const forbidden = () => new ApiError(403, { general: "ERRORS.FORBIDDEN" }, "ERRORS.FORBIDDEN");
export const notFound = () => new ApiError(404, { general: "ERRORS.NOT_FOUND" }, "ERRORS.NOT_FOUND");
export const conflict = (key = "ERRORS.CONFLICT") => new ApiError(409, { general: key }, key);
export const unprocessable = (messages: Record<string, string>) => new ApiError(422, messages);
export const tooManyAttempts = (key = "AUTH.TOO_MANY_ATTEMPTS") => new ApiError(429, { general: key }, key);

export function languageOf(request: FastifyRequest): Language {
  const header = request.headers["accept-language"];
  return pickLanguage(Array.isArray(header) ? header[0] : header);
}

/** The request's language only when the caller stated one (used to remember a user's e-mail language). */
export function explicitLanguageOf(request: FastifyRequest): Language | undefined {
  return request.headers["accept-language"] ? languageOf(request) : undefined;
}

/** Zod messages are translation keys; anything else (a zod default text) becomes the generic "not valid". */
function translateValidationMessage(language: Language, message: string): string {
  const translated = translate(language, message);
  return translated === message ? translate(language, "VALIDATION.INVALID") : translated;
}

/**
 * Zod issues of a body checked in a handler (multipart forms) as `messages`: one translation key per field, the
 * first issue winning, unknown texts becoming "not valid" — the same answer the error handler gives JSON bodies.
 */
export function issueMessages(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "general";
    messages[field] ??= translate("en", issue.message) === issue.message ? "VALIDATION.INVALID" : issue.message;
  }
  return messages;
}

export function errorBody(
  statusCode: number,
  language: Language,
  messages: Record<string, string> | undefined,
  messageKey?: string,
): ErrorBody {
  const translatedMessages = messages
    ? Object.fromEntries(Object.entries(messages).map(([field, key]) => [field, translate(language, key)]))
    : undefined;
  const message = messageKey
    ? translate(language, messageKey)
    : translatedMessages
      ? Object.values(translatedMessages).join("\n")
      : translate(language, statusCode >= 500 ? "ERRORS.INTERNAL" : "ERRORS.VALIDATION");
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? "Error",
    message,
    ...(translatedMessages ? { messages: translatedMessages } : {}),
  };
}

// PostgreSQL errors that can only come from odd input (bad encoding, value out of range, text to number):
// they must never surface as a 500.
const PG_BAD_INPUT = new Set(["22021", "22001", "22003", "22P02", "22007", "22008", "54000"]);

const GENERIC_KEYS: Record<number, string> = {
  401: "ERRORS.UNAUTHORIZED",
  403: "ERRORS.FORBIDDEN",
  404: "ERRORS.NOT_FOUND",
  408: "ERRORS.REQUEST_TIMEOUT",
  409: "ERRORS.CONFLICT",
  413: "ERRORS.PAYLOAD_TOO_LARGE",
  414: "ERRORS.URL_TOO_LONG",
  415: "ERRORS.UNSUPPORTED_MEDIA_TYPE",
  429: "ERRORS.TOO_MANY_REQUESTS",
  431: "ERRORS.HEADERS_TOO_LARGE",
};

/**
 * Fastify's own errors (router, body parsers) by code. Their texts are English and some echo the input (the bad
 * URL), so the caller gets one of ours instead.
 */
const FRAMEWORK_KEYS: Record<string, string> = {
  FST_ERR_BAD_URL: "ERRORS.BAD_URL",
  FST_ERR_INVALID_URL: "ERRORS.BAD_URL",
  FST_ERR_MAX_PARAM_LENGTH: "ERRORS.URL_TOO_LONG",
  FST_ERR_CTP_INVALID_JSON_BODY: "ERRORS.INVALID_JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "ERRORS.INVALID_JSON",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "ERRORS.UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_BODY_TOO_LARGE: "ERRORS.PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "ERRORS.BAD_REQUEST",
};

export function sendError(reply: FastifyReply, body: ErrorBody) {
  return reply.code(body.statusCode).type("application/json; charset=utf-8").send(body);
}

/** Paths whose answers must never be stored by a browser or proxy: they carry personal data and tokens. */
export const isApiPath = (url: string) => /^\/api(?:[/?#]|$)/.test(url);

/**
 * 503 with Retry-After: the database (or another backing service) cannot be reached, is starting, shutting down,
 * full or read-only. Clients and balancers retry; nothing about the request was wrong.
 */
export function sendUnavailable(reply: FastifyReply, language: Language) {
  reply.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return sendError(reply, errorBody(503, language, { general: "ERRORS.UNAVAILABLE" }, "ERRORS.UNAVAILABLE"));
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that does not decode, a parameter over the
 * length limit) get the same shape and language as every other answer. The route's hooks never run for these.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isApiPath(request.url)) reply.header("Cache-Control", "no-store");
  const statusCode = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
  if (statusCode >= 500) request.log.error({ err: error }, "framework error");
  const key = FRAMEWORK_KEYS[error.code] ?? (statusCode >= 500 ? "ERRORS.INTERNAL" : "ERRORS.BAD_REQUEST");
  return sendError(reply, errorBody(statusCode, languageOf(request), { general: key }, key));
}

/** The Accept-Language of a request Node could not parse, read from the bytes it received. */
function languageOfRawPacket(rawPacket: unknown): Language {
  if (!Buffer.isBuffer(rawPacket)) return "en";
  const match = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString("latin1"));
  return pickLanguage(match?.[1]);
}

interface ClientError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it (headers over the
 * limit, malformed request line or headers, a request that took too long to arrive). Answers in the error shape,
 * in the language the raw headers ask for when they got that far, and closes the connection as Node does.
 */
export function answerClientError(error: ClientError, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const statusCode = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const key = GENERIC_KEYS[statusCode] ?? "ERRORS.BAD_REQUEST";
  const body = JSON.stringify(errorBody(statusCode, languageOfRawPacket(error.rawPacket), { general: key }, key));
  // As Node does: never write into a response already on its way (keep-alive), which would corrupt it.
  const inFlight = (socket as Socket & { _httpMessage?: { _headerSent?: boolean } | null })._httpMessage;
  if (socket.writable && !inFlight?._headerSent) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Cache-Control: no-store\r\n" +
        "Connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy();
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = languageOf(request);

    if (error instanceof ApiError) {
      return sendError(reply, {
        ...errorBody(error.statusCode, language, error.messages, error.messageKey),
        ...error.extra,
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // Query string and path parameters are the caller's URL (400); a body is a form the user filled (422). A route
      // whose query is a form (the reports' date range and period) says so with `config.queryValidationStatus`.
      const statusCode =
        error.validationContext === "body"
          ? 422
          : error.validationContext === "querystring"
            ? (request.routeOptions.config.queryValidationStatus ?? 400)
            : 400;
      const messages: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.split("/").filter(Boolean)[0] ?? "general";
        messages[field] ??= translateValidationMessage(language, issue.message ?? "VALIDATION.INVALID");
      }
      return sendError(reply, {
        statusCode,
        error: STATUS_CODES[statusCode] ?? "Error",
        message: Object.values(messages).join("\n"),
        messages,
      });
    }

    const pgError = pgErrorOf(error);
    if (pgError) {
      // Resources map these to field messages themselves; anything left over is a conflict, not a crash.
      if (pgError.code === PG_UNIQUE_VIOLATION || pgError.code === PG_FOREIGN_KEY_VIOLATION) {
        return sendError(reply, errorBody(409, language, { general: "ERRORS.CONFLICT" }, "ERRORS.CONFLICT"));
      }
      if (PG_BAD_INPUT.has(pgError.code)) {
        request.log.warn({ err: error }, "database rejected input");
        return sendError(reply, errorBody(400, language, { general: "VALIDATION.INVALID" }, "ERRORS.VALIDATION"));
      }
    }

    if (isConnectionError(error)) {
      request.log.warn({ err: error }, "connection failure, answered 503");
      return sendUnavailable(reply, language);
    }

    // Fastify's own 4xx (malformed JSON, wrong content type, body too large…) keep their status with our text.
    const statusCode = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const key = FRAMEWORK_KEYS[error.code] ?? GENERIC_KEYS[statusCode] ?? "ERRORS.VALIDATION";
      return sendError(reply, errorBody(statusCode, language, { general: key }, key));
    }

    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, errorBody(500, language, { general: "ERRORS.INTERNAL" }, "ERRORS.INTERNAL"));
  });
}
