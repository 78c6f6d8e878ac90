import { z } from "zod";
import { isTimeZone } from "../time-zones.ts";
import { paged, pageQuery, timestamp } from "./common.ts";
import { NOTIFICATION_KINDS, NOTIFICATION_TYPES } from "./notifications-values.ts";
import { isCalendarDay } from "./reports.ts";

/**
 * Notifications (spec 02 §2, §3, §4): what the server tells staff when something happens in the marketplace. Each
 * staff member reads their own (read state is per person). Titles and bodies come in the reader's language.
 */

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  readAt: timestamp.nullable(),
  /** What the title and body were made from (names, the booking's key…). */
  payload: z.record(z.string(), z.unknown()),
  /** The member it is about (spec 02 §3: user, userFullName). */
  user: z.object({ id: z.number().int() }).nullable(),
  userFullName: z.string().nullable(),
  createdAt: timestamp,
  notificationType: z.enum(NOTIFICATION_TYPES),
  notificationTypeId: z.number().int(),
});
export type Notification = z.infer<typeof notification>;

/** GET /notifications/ answers the paged list with `meta.lastPage`, as the spec's client reads it. */
export const notificationsPage = paged(notification).extend({
  meta: z.object({ lastPage: z.number().int() }),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** A day that exists (2026-02-30 does not): the same field message as every other date filter. */
const day = z.string().refine(isCalendarDay, "VALIDATION.INVALID_DATE");

/** page, search (title or the member's name) and `date`: a calendar day in `tz` (the reader's zone). */
export const notificationListQuery = pageQuery.extend({
  date: day.optional().or(z.literal("").transform(() => undefined)),
  tz: z.string().max(64, "VALIDATION.INVALID").refine(isTimeZone, "VALIDATION.INVALID").optional(),
  /** "true": unread only. */
  unread: z.enum(["true", "false", ""]).optional(),
});

export const notificationCount = z.object({ count: z.number().int() });

/** What a socket receives when a notification is stored (`notificationStored`). */
export const notificationStoredEvent = z.object({ id: z.number().int(), kind: z.enum(NOTIFICATION_KINDS) });

/** Replaces {{name}} placeholders with the payload's values (titles and bodies of the shared texts). */
export function interpolate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
