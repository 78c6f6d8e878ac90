import { z } from "zod";
import { SEARCH_MAX_LENGTH } from "../constants.ts";
import { isTimeZone } from "../time-zones.ts";
import { optionalIdFilter, pageQuery, textInput } from "./common.ts";
import { isCalendarDay } from "./reports.ts";

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not; nor does year 0, which PostgreSQL refuses). */
const calendarDate = z.string().refine(isCalendarDay, "VALIDATION.INVALID_DATE").optional();

/** A zone of TIME_ZONES: one the database knows as well as Intl ("America/Mexico_City"). */
const timeZone = z.string().max(64, "VALIDATION.INVALID").refine(isTimeZone, "VALIDATION.INVALID").optional();

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    textInput().trim().max(max, "VALIDATION.TOO_LONG").optional(),
  );

/**
 * GET /api/audit-log: newest first. `from` and `to` are calendar days, inclusive, in `tz` (the viewer's zone;
 * default America/Mexico_City, the marketplace's).
 */
export const auditLogQuery = pageQuery
  .omit({ search: true })
  .extend({
    resource: optionalText(60),
    recordId: optionalText(60),
    actor: optionalIdFilter,
    action: optionalText(60),
    from: calendarDate,
    to: calendarDate,
    tz: timeZone,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "VALIDATION.DATE_RANGE",
    path: ["to"],
  });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const DEFAULT_AUDIT_TIME_ZONE = "America/Mexico_City";

export const auditActorsQuery = z.object({
  search: textInput().max(SEARCH_MAX_LENGTH, "VALIDATION.TOO_LONG").optional(),
});

/** A staff account the audit list can be filtered by. */
export const auditActorOption = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type AuditActorOption = z.infer<typeof auditActorOption>;
