import { z } from "zod";
import { SEARCH_MAX_LENGTH, TEXT_MAX_LENGTH } from "../constants.ts";
import { staleVersion } from "./audit.ts";
import { MAX_INT, TOTAL_KINDS, type TotalKind } from "./paging.ts";

const NO_NUL = /^[^\u0000]*$/;

/**
 * Every text a client sends starts here: a NUL byte (which PostgreSQL cannot store, and no keyboard types) is
 * refused on its field as INVALID_CHARACTERS, before any other rule, so no text field answers the database's
 * generic 400 instead. `error` is the key for a value that is not a string at all (or missing).
 */
export const textInput = (error?: string) =>
  z.string(error ? { error } : undefined).regex(NO_NUL, "VALIDATION.INVALID_CHARACTERS");

/** A required, trimmed, single-line text. `missingKey` is the translation key shown when it is empty. */
export const requiredText = (missingKey: string, max = TEXT_MAX_LENGTH) =>
  textInput(missingKey).trim().min(1, missingKey).max(max, "VALIDATION.TOO_LONG");

const DIGITS = /^\d+$/;

/**
 * A positive integer id, given as a JSON number or as a string of digits (selects, query strings, multipart
 * parts; surrounding spaces allowed). Nothing else is coerced: `true`, `[7]`, `"1e3"` or `"0x10"` are invalid,
 * not 1, 7, 1000 or 16. `invalidKey` reports anything wrong, `tooLargeKey` an id beyond a PostgreSQL integer.
 */
export const idNumber = (invalidKey: string, tooLargeKey = invalidKey) =>
  z
    .union([z.number({ error: invalidKey }), z.string({ error: invalidKey }).trim().regex(DIGITS, invalidKey)], {
      error: invalidKey,
    })
    .pipe(
      z.coerce
        .number<string | number>({ error: invalidKey })
        .int(invalidKey)
        .positive(invalidKey)
        .max(MAX_INT, tooLargeKey),
    );

/**
 * A reference to another row by id, as sent by a select (string) or as JSON (number). Absent, null or blank is
 * `missingKey` ("The city is required"); anything else that is not a positive integer ("abc", 0, -1, 1.5) is a
 * format error, and an id beyond a PostgreSQL integer names no row.
 */
export const idReference = (missingKey: string) =>
  z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    z
      .unknown()
      .refine((value) => value !== undefined, { message: missingKey, abort: true })
      .pipe(idNumber("VALIDATION.REFERENCE_FORMAT", "VALIDATION.NOT_FOUND_REFERENCE")),
  );

export const idParams = z.object({ id: idNumber("VALIDATION.INVALID") });

/** Optional numeric filter from a query string; empty means "no filter". */
export const optionalIdFilter = z.preprocess(
  (value) => (value === "" ? undefined : value),
  idNumber("VALIDATION.INVALID").optional(),
);

const cursor = z.string().max(2_000, "VALIDATION.INVALID").optional();

export const pageQuery = z.object({
  page: z.coerce
    .number({ error: "VALIDATION.INVALID" })
    .int("VALIDATION.INVALID")
    .min(1, "VALIDATION.INVALID")
    .max(1_000_000, "VALIDATION.INVALID")
    .default(1),
  /** Opaque: the rows after the end of the page that answered it as `next`. */
  after: cursor,
  /** Opaque: the rows before the start of the page that answered it as `previous`. */
  before: cursor,
  search: textInput().max(SEARCH_MAX_LENGTH, "VALIDATION.TOO_LONG").optional(),
});

export const timestamp = z.string().describe("ISO 8601 date-time");

/** `totalKind` of a page (TOTAL_KINDS). */
export const totalKind = z
  .enum(TOTAL_KINDS)
  .describe(
    "exact: total is counted. capped: more than total (1,000) rows match. estimated: about total rows, the planner's " +
      "estimate (an unfiltered list past 1,000 rows, or a filtered one it expects past 50,000, to two digits).",
  );

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** ceil(total / pageSize): the last page when `totalKind` is "exact", a lower bound or a guess otherwise. */
    pageCount: z.number().int(),
    total: z.number().int(),
    totalKind,
    /** Cursor of the following page (send it as `after` with page + 1), null on the last page. */
    next: z.string().nullable(),
    /** Cursor of the preceding page (send it as `before` with page − 1), null on page 1. */
    previous: z.string().nullable(),
  });
export type Paged<T> = {
  items: T[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  totalKind: TotalKind;
  next: string | null;
  previous: string | null;
};

/**
 * Every error the API sends: `messages` maps a field (or "general") to a translated text. A 409 for a stale
 * `If-Match` also carries `current` and `changes` (see staleVersion).
 */
export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  messages: z.record(z.string(), z.string()).optional(),
  ...staleVersion.shape,
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messagesBody = z.object({ messages: z.record(z.string(), z.string()) });

/** A row as it appears nested in another resource or in a dropdown. */
export const namedRef = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type NamedRef = z.infer<typeof namedRef>;
