// The numbers every paged list shares, the API's and the screens'. Plain values, no schema: the SPA's list pages
// import them without loading zod (common.ts builds the query and answer schemas from them).

/** Largest value a PostgreSQL integer column holds; bigger ids are invalid input, not a database error. */
export const MAX_INT = 2_147_483_647;

/**
 * Lists count exactly up to this many rows; beyond it a filtered list answers "more than COUNT_CAP"
 * (`totalKind: "capped"`) and an unfiltered one the catalogue's estimate (`totalKind: "estimated"`).
 */
export const COUNT_CAP = 1_000;

/**
 * A filtered list the planner expects to hold at least this many rows (and, in a table of millions, at least five
 * of its sampled values' worth: see plannedTotalFrom in the API) answers its estimate (`totalKind: "estimated"`,
 * two significant digits) without counting. The planner judges a search from 1,000 sampled values of the column,
 * each standing for a thousandth of the table, so a term found in one or two of them by chance reads as 1,000–2,000
 * rows of a million; five is well past what chance produces, and counting a term that common up to the cap is the
 * dearest count a list runs (1,001 rows fetched from all over the table).
 */
export const PLANNED_TOTAL_FROM = 5 * COUNT_CAP;

/**
 * Pages up to this number open by OFFSET; beyond it a page is reached through a cursor (`after`/`before`, the
 * `next`/`previous` of a neighbouring page), so a deep page costs what page 1 costs.
 */
export const OFFSET_PAGE_LIMIT = 100;

/**
 * How far `total` can be trusted: counted, "more than total" (a filtered list past COUNT_CAP), or "about total"
 * (an unfiltered list past COUNT_CAP, or a filtered one the planner expects past PLANNED_TOTAL_FROM).
 */
export const TOTAL_KINDS = ["exact", "capped", "estimated"] as const;
export type TotalKind = (typeof TOTAL_KINDS)[number];
