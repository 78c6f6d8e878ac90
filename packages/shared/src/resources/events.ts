import { z } from "zod";
import { CALENDAR_DAY_PATTERN, isWallTime } from "../time.ts";
import { idNumber, idReference, optionalIdFilter, pageQuery, requiredText, textInput, timestamp } from "./common.ts";
import { EVENT_MAX_DURATION_HOURS, EVENT_PERIODS } from "./events-values.ts";
import { sortParam } from "./sort.ts";
import { SORT_FIELDS } from "./sort-fields.ts";

const duration = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  z
    .unknown()
    .refine((value) => value !== undefined, { message: "EVENTS.VALIDATION.DURATION_MISSING", abort: true })
    .pipe(
      z
        .union(
          [
            z.number({ error: "EVENTS.VALIDATION.NUMBER_FORMAT" }),
            z
              .string({ error: "EVENTS.VALIDATION.NUMBER_FORMAT" })
              .trim()
              .regex(/^\d+$/, "EVENTS.VALIDATION.NUMBER_FORMAT"),
          ],
          { error: "EVENTS.VALIDATION.NUMBER_FORMAT" },
        )
        .pipe(
          z.coerce
            .number<string | number>()
            .int("EVENTS.VALIDATION.NUMBER_FORMAT")
            .min(1, "EVENTS.VALIDATION.NUMBER_FORMAT")
            .max(EVENT_MAX_DURATION_HOURS, "EVENTS.VALIDATION.NUMBER_FORMAT"),
        ),
    ),
);

/** "YYYY-MM-DD HH:mm:ss", the venue city's local time (spec 02 §7). The 72-hour rule needs the venue: the API. */
export const eventStartsAt = textInput("EVENTS.VALIDATION.STARTS_AT_MISSING")
  .trim()
  .min(1, "EVENTS.VALIDATION.STARTS_AT_MISSING")
  .refine(isWallTime, "EVENTS.VALIDATION.STARTS_AT_FORMAT");

/**
 * POST /events and PUT /events/{id} (multipart: these text parts, `categories[]` once per category, and the
 * `picture` file part, required on create).
 */
export const eventInput = z.object({
  name: requiredText("EVENTS.VALIDATION.NAME_MISSING", 150),
  duration,
  startsAt: eventStartsAt,
  venue: idReference("EVENTS.VALIDATION.VENUE_MISSING"),
  categories: z.preprocess(
    (value) =>
      value === undefined || value === "" ? [] : Array.isArray(value) ? value.filter((item) => item !== "") : [value],
    z
      .array(idNumber("EVENTS.VALIDATION.CATEGORIES_FORMAT"), { error: "EVENTS.VALIDATION.CATEGORIES_FORMAT" })
      .max(50, "EVENTS.VALIDATION.CATEGORIES_FORMAT")
      .refine((ids) => new Set(ids).size === ids.length, "EVENTS.VALIDATION.CATEGORY_TWICE"),
  ),
});
export type EventInput = z.input<typeof eventInput>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const event = z.object({
  id: z.number().int(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  pictureSmallUrl: z.string().nullable(),
  /** Whole hours. */
  duration: z.number().int(),
  /** The instant it starts (ISO 8601, UTC). */
  startsAt: timestamp,
  /** The venue city's IANA time zone: the one the start is entered and shown in. */
  timeZone: z.string(),
  /** The start on the venue city's wall clocks, as the spec sends it ("YYYY-MM-DD HH:mm:ss"). */
  localStartsAt: z.string(),
  isActive: z.boolean(),
  venue: ref.extend({
    city: ref.extend({ state: ref }),
    boxes: z.array(z.object({ id: z.number().int(), number: z.string(), boxZone: z.string() })),
  }),
  categories: z.array(ref),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Event = z.infer<typeof event>;

export const eventOption = z.object({
  id: z.number().int(),
  name: z.string(),
  venueId: z.number().int(),
  isActive: z.boolean(),
});
export type EventOption = z.infer<typeof eventOption>;

export const eventListQuery = pageQuery.extend({
  /** A calendar day (YYYY-MM-DD): events starting that day on their venue's wall clocks. */
  startsAt: z
    .string()
    .regex(CALENDAR_DAY_PATTERN, "VALIDATION.INVALID_DATE")
    .refine((day) => isWallTime(`${day} 00:00:00`), "VALIDATION.INVALID_DATE")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  period: z
    .enum(EVENT_PERIODS, { error: "VALIDATION.INVALID" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  state: optionalIdFilter,
  city: optionalIdFilter,
  venue: optionalIdFilter,
  sort: sortParam(SORT_FIELDS.events),
});
