import { z } from "zod";
import { SEARCH_MAX_LENGTH } from "../constants.ts";
import type { PermissionCode } from "../permissions.ts";
import { textInput } from "./common.ts";

/**
 * The command palette's search (`GET /api/search?q=…`): one group per resource the member may list, best match
 * first, at most SEARCH_GROUP_SIZE items each. The marketplace's members (guests and owners) have no list of their
 * own in the back-office: their group finds them by e-mail, phone or name where the lists show them, as a booking's
 * guest (the bookings list) or as an owner (the owners list), and leads there.
 */
export const SEARCH_RESOURCES = [
  "bookings",
  "owners",
  "boxes",
  "venues",
  "events",
  "members",
  "users",
  "roles",
] as const;
export type SearchResource = (typeof SEARCH_RESOURCES)[number];

/**
 * The permission that lets a member list each resource, and so see its group; any one of several. Members are
 * listed as guests in the bookings list and as owners in the owners list: either permission shows the group, with
 * the members that list shows (guests who booked, owners).
 */
export const SEARCH_PERMISSIONS = {
  bookings: ["BOOKINGS_INDEX"],
  owners: ["OWNERS_INDEX"],
  boxes: ["BOXES_INDEX"],
  venues: ["VENUES_INDEX"],
  events: ["EVENTS_INDEX"],
  members: ["BOOKINGS_INDEX", "OWNERS_INDEX"],
  users: ["USERS_INDEX"],
  roles: ["ROLES_INDEX"],
} as const satisfies Record<SearchResource, readonly PermissionCode[]>;

/** Items per group: a palette shows a handful, the list screen the rest. */
export const SEARCH_GROUP_SIZE = 5;

/** Shorter queries answer empty groups without a database round trip: one character matches nearly everything. */
export const SEARCH_MIN_LENGTH = 2;

export const searchQuery = z.object({
  q: textInput("SEARCH.VALIDATION.QUERY_MISSING")
    .trim()
    .min(1, "SEARCH.VALIDATION.QUERY_MISSING")
    .max(SEARCH_MAX_LENGTH, "VALIDATION.TOO_LONG"),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** What tells two similar titles apart, in the member's language (statuses translated). */
  subtitle: z.string(),
  /** The SPA path of the record (`/bookings/123`). */
  path: z.string(),
});
export type SearchItem = z.infer<typeof searchItem>;

export const searchGroup = z.object({
  resource: z.enum(SEARCH_RESOURCES),
  items: z.array(searchItem),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchResponse = z.object({ groups: z.array(searchGroup) });
export type SearchResponse = z.infer<typeof searchResponse>;
