import { z } from "zod";
import { idNumber } from "./common.ts";

/**
 * Bulk actions on a list (issue 22): `POST /api/<resource>/bulk {action, ids}` runs the single action of each id
 * (its own transaction, audit entry and rules) and answers one outcome per id; `GET /api/<resource>/ids?<list
 * query>` answers the ids of every row matching a list's filters, for "select all N matching".
 */

/** `activate`/`deactivate` (unblock/block), `delete`, and `read` for one's notifications. */
export const BULK_ACTIONS = ["activate", "deactivate", "delete", "read"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Most ids one bulk request carries; the SPA sends a larger selection in batches of this size. */
export const BULK_MAX_IDS = 1_000;

/** Most ids "select all matching" gathers (`GET …/ids` answers `capped` past it). */
export const SELECT_ALL_CAP = 10_000;

export const bulkRequest = z.object({
  action: z.enum(BULK_ACTIONS, { error: "BULK.VALIDATION.ACTION" }),
  ids: z
    .array(idNumber("BULK.VALIDATION.IDS"), { error: "BULK.VALIDATION.IDS" })
    .min(1, "BULK.VALIDATION.IDS_EMPTY")
    .max(BULK_MAX_IDS, "BULK.VALIDATION.IDS_TOO_MANY")
    .refine((ids) => new Set(ids).size === ids.length, "BULK.VALIDATION.IDS_DUPLICATE"),
});
export type BulkRequest = z.output<typeof bulkRequest>;

/** One id's outcome: the single action's HTTP status, and its message (already translated) when it failed. */
export const bulkOutcome = z.object({
  id: z.number().int(),
  status: z.number().int(),
  message: z.string().optional(),
});
export type BulkOutcome = z.output<typeof bulkOutcome>;

export const bulkResponse = z.object({ results: z.array(bulkOutcome) });
export type BulkResponse = z.output<typeof bulkResponse>;

/**
 * The ids of the rows a list query matches, in the list's order, at most SELECT_ALL_CAP. `total` is how many
 * matched up to that cap; `capped` says more rows match than were gathered.
 */
export const matchingIds = z.object({
  ids: z.array(z.number().int()),
  total: z.number().int(),
  capped: z.boolean(),
});
export type MatchingIds = z.output<typeof matchingIds>;
