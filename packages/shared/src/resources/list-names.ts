import type { PermissionCode } from "../permissions.ts";

/**
 * Which lists saved views and exports serve, without their schemas (zod): what the SPA's shell and every list page
 * need (views.ts and exports.ts re-export them).
 */

/**
 * The lists a view may be saved for, with the permission that opens each: a member may save, and sees, views of
 * the lists they may read. The names are the lists' URL and API path segments.
 */
export const LIST_RESOURCES = {
  users: "USERS_INDEX",
  roles: "ROLES_INDEX",
  "audit-log": "AUDIT_LOG_INDEX",
  notifications: "NOTIFICATIONS_INDEX",
  venues: "VENUES_INDEX",
  events: "EVENTS_INDEX",
  categories: "CATEGORIES_INDEX",
  owners: "OWNERS_INDEX",
  boxes: "BOXES_INDEX",
  services: "SERVICES_INDEX",
  bookings: "BOOKINGS_INDEX",
  "payment-providers": "PAYMENT_PROVIDERS_INDEX",
  "payment-methods": "PAYMENT_METHODS_INDEX",
  countries: "COUNTRIES_INDEX",
  states: "STATES_INDEX",
  cities: "CITIES_INDEX",
} as const satisfies Record<string, PermissionCode>;
export type ListResource = keyof typeof LIST_RESOURCES;
export const LIST_RESOURCE_NAMES = Object.keys(LIST_RESOURCES) as [ListResource, ...ListResource[]];

export const isListResource = (value: string): value is ListResource => Object.hasOwn(LIST_RESOURCES, value);

/**
 * Query-string keys a view never keeps: where the list was (page and cursors) and which view opened it. A view is
 * filters, search and sort; it always opens on the first page.
 */
export const VIEW_DROPPED_KEYS: readonly string[] = ["page", "after", "before", "view"];

/**
 * The lists that can be exported: the list's API path segment. The SPA shows "Export" on exactly these, and the API
 * declares each one (columns and list source) in its module's export.ts.
 */
export const EXPORT_RESOURCES = [
  "bookings",
  "owners",
  "boxes",
  "events",
  "users",
  "venues",
  "cities",
  "categories",
  "services",
  "audit-log",
] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];
