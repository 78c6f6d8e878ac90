import { z } from "zod";
import { roleRef } from "./auth.ts";
import { idNumber, requiredText, textInput, timestamp } from "./common.ts";
import {
  isListResource,
  LIST_RESOURCE_NAMES,
  LIST_RESOURCES,
  type ListResource,
  VIEW_DROPPED_KEYS,
} from "./list-names.ts";

/**
 * Saved list views (issue 22): a named set of one list's filters, search and sort (its query string), private to
 * its owner or shared with roles. `user_id` null is a view the system ships (demo and first start).
 */

export { isListResource, LIST_RESOURCE_NAMES, LIST_RESOURCES, type ListResource, VIEW_DROPPED_KEYS };

export const VIEW_NAME_MAX_LENGTH = 80;
export const VIEW_QUERY_MAX_KEYS = 30;
export const VIEW_QUERY_VALUE_MAX_LENGTH = 500;

/** A query-string key as the lists name their filters (`status`, `venueId`, `paymentStatus`, `sort`). */
const QUERY_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,49}$/;

/**
 * The filters, search and sort of a list, as its query string's key/value pairs: strings only, bounded, without
 * the page. Empty values are left out (an empty filter is no filter).
 */
export const viewQuery = z
  .record(
    z.string().regex(QUERY_KEY, "VIEWS.VALIDATION.QUERY_FORMAT"),
    textInput("VIEWS.VALIDATION.QUERY_FORMAT").max(VIEW_QUERY_VALUE_MAX_LENGTH, "VIEWS.VALIDATION.QUERY_TOO_LONG"),
    { error: "VIEWS.VALIDATION.QUERY_FORMAT" },
  )
  .transform((query) =>
    Object.fromEntries(
      Object.entries(query).filter(([key, value]) => value !== "" && !VIEW_DROPPED_KEYS.includes(key)),
    ),
  )
  .refine((query) => Object.keys(query).length <= VIEW_QUERY_MAX_KEYS, "VIEWS.VALIDATION.QUERY_TOO_BIG");
export type ViewQuery = Record<string, string>;

const personRef = z.object({ id: z.number().int(), name: z.string() });

/** POST /views and PUT /views/{id}. */
export const savedViewInput = z.object({
  resource: z.enum(LIST_RESOURCE_NAMES, { error: "VIEWS.VALIDATION.RESOURCE_UNKNOWN" }),
  name: requiredText("VIEWS.VALIDATION.NAME_MISSING", VIEW_NAME_MAX_LENGTH),
  query: viewQuery.default({}),
  /** The roles it is shared with: empty (the default) keeps it private. */
  roleIds: z
    .array(idNumber("VIEWS.VALIDATION.ROLES_FORMAT", "VIEWS.VALIDATION.ROLE_UNKNOWN"), {
      error: "VIEWS.VALIDATION.ROLES_FORMAT",
    })
    .max(100, "VIEWS.VALIDATION.ROLES_FORMAT")
    .transform((ids) => [...new Set(ids)])
    .default([]),
});
export type SavedViewInput = z.input<typeof savedViewInput>;

export const savedView = z.object({
  id: z.number().int(),
  resource: z.enum(LIST_RESOURCE_NAMES),
  name: z.string(),
  query: z.record(z.string(), z.string()),
  roleIds: z.array(z.number().int()),
  /** The roles it is shared with (by name), in name order. */
  roles: z.array(roleRef),
  /** Who saved it; null for a view the system ships. */
  owner: personRef.nullable(),
  /** Whether the member asking saved it (and so may change it). */
  mine: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type SavedView = z.infer<typeof savedView>;

/** GET /views: the member's own views, then those shared with one of their roles, by resource and name. */
export const savedViewListQuery = z.object({
  resource: z
    .enum(LIST_RESOURCE_NAMES, { error: "VIEWS.VALIDATION.RESOURCE_UNKNOWN" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export const savedViewList = z.array(savedView);

/** GET /views/roles: the roles the member may share a view with. */
export const shareableRoles = z.array(roleRef);
