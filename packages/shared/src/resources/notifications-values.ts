// The notifications' kinds, types and targets as plain values, no schema: the screens import them without loading zod (notifications.ts builds its schemas from
// them).

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
