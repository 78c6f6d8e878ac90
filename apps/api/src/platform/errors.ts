import { STATUS_CODES } from "node:http";
import { type ErrorBody, type Language, pickLanguage, translate } from "@palco/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from "./db.ts";

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
  409: "ERRORS.CONFLICT",
  429: "ERRORS.TOO_MANY_REQUESTS",
};

export function sendError(reply: FastifyReply, body: ErrorBody) {
  return reply.code(body.statusCode).type("application/json; charset=utf-8").send(body);
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = languageOf(request);

    if (error instanceof ApiError) {
      return sendError(reply, errorBody(error.statusCode, language, error.messages, error.messageKey));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // Query string and path parameters are the caller's URL (400); a body is a form the user filled (422).
      const statusCode = error.validationContext === "body" ? 422 : 400;
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

    // Fastify's own 4xx (malformed JSON, wrong content type, body too large, bad URL…) keep their status.
    const statusCode = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const key = GENERIC_KEYS[statusCode] ?? "ERRORS.VALIDATION";
      return sendError(reply, errorBody(statusCode, language, { general: key }, key));
    }

    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, errorBody(500, language, { general: "ERRORS.INTERNAL" }, "ERRORS.INTERNAL"));
  });
}
