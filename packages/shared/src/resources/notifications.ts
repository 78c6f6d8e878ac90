import { z } from "zod";
import { isTimeZone } from "../time-zones.ts";
import { paged, pageQuery, timestamp } from "./common.ts";
import { isCalendarDay } from "./reports.ts";

/**
 * Notifications (spec 02 §2, §3, §4): what the server tells staff when something happens in the marketplace. Each
 * staff member reads their own (read state is per person). Titles and bodies come in the reader's language.
 */

/** What happened in the marketplace, told to every member who may read the record. */
export const MARKETPLACE_NOTIFICATION_KINDS = [
  "owner-ready",
  "box-ready",
  "booking-created",
  "booking-paid",
  "booking-canceled",
  "booking-message",
] as const;

/** What happened to one member's own work: an export they asked for is ready, or could not be made. */
export const PERSONAL_NOTIFICATION_KINDS = ["export-ready", "export-failed"] as const;

/** Every kind. Each is about one type of record, which its body links to. */
export const NOTIFICATION_KINDS = [...MARKETPLACE_NOTIFICATION_KINDS, ...PERSONAL_NOTIFICATION_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The record a notification is about (spec 02 §3: notificationType, notificationTypeId). */
export const NOTIFICATION_TYPES = ["owner", "box", "booking", "booking-messages", "export"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPE_OF: Record<NotificationKind, NotificationType> = {
  "owner-ready": "owner",
  "box-ready": "box",
  "booking-created": "booking",
  "booking-paid": "booking",
  "booking-canceled": "booking",
  "booking-message": "booking-messages",
  "export-ready": "export",
  "export-failed": "export",
};

/** Who is told: staff holding NOTIFICATIONS_INDEX and the permission to open the record it is about. */
/** Export notifications are stored for the member who asked alone (modules/exports), so they need no permission. */
export const NOTIFICATION_PERMISSION_OF: Record<
  Exclude<NotificationType, "export">,
  "OWNERS_SHOW" | "BOXES_SHOW" | "BOOKINGS_SHOW"
> = {
  owner: "OWNERS_SHOW",
  box: "BOXES_SHOW",
  booking: "BOOKINGS_SHOW",
  "booking-messages": "BOOKINGS_SHOW",
};

/**
 * The screen a notification's body links to (spec 02 §2 leaves the targets open): the owner's or the box's detail,
 * the booking's Info tab, or its Messages tab.
 */
export function notificationTarget(type: NotificationType, id: number): string {
  switch (type) {
    case "owner":
      return `/owners/${id}`;
    case "box":
      return `/boxes/${id}`;
    case "booking":
      return `/bookings/${id}`;
    case "export":
      return `/exports?job=${id}`;
    default:
      return `/bookings/${id}?tab=messages`;
  }
}

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
