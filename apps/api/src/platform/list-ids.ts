import { type MatchingIds, SELECT_ALL_CAP } from "@palco/shared";
import { and, asc, desc, not, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./db.ts";
import { type ListCondition, type SortKey, splitOf } from "./list-query.ts";

/**
 * "Select all N matching" (bulk actions): the ids of every row a list request matches, in the list's order, at
 * most SELECT_ALL_CAP. The same condition and order as the list (listCondition / the module's own), read by one
 * walk of the list's (sort…, id) index that stops after SELECT_ALL_CAP + 1 rows: no OFFSET, no join, no count.
 * A split list (events) walks each part in its own direction, the second only for what the first left room for.
 */
export interface IdsSource {
  table: PgTable & { id: PgColumn };
  /** The list's own order (what `splitOf` compares the request's order with). */
  sort: SortKey[];
  split?: SQL | undefined;
  descending?: boolean | undefined;
}

/** Runs a built statement with the condition's placeholder values, like the list engine does. */
async function run(query: PgSelect, values: Record<string, unknown>): Promise<{ id: number }[]> {
  const prepared = (
    query as unknown as { _prepare(): { execute(v: Record<string, unknown>): Promise<unknown> } }
  )._prepare();
  return (await prepared.execute(values)) as { id: number }[];
}

export async function listIds(
  db: Db,
  source: IdsSource,
  condition: ListCondition,
  /** The request's order: keys in the list's own direction, or keys with a direction the member chose. */
  order: SortKey[] | { keys: SortKey[]; descending: boolean } = source.sort,
  cap = SELECT_ALL_CAP,
): Promise<MatchingIds> {
  const { table } = source;
  const sort = Array.isArray(order) ? order : order.keys;
  const descending = Array.isArray(order) ? source.descending === true : order.descending;
  const keys = [...sort, table.id];
  const walk = async (where: SQL | undefined, ascending: boolean, limit: number) =>
    run(
      db
        .select({ id: table.id })
        .from(table)
        .where(where)
        .orderBy(...keys.map((key) => (ascending ? asc(key) : desc(key))))
        .limit(limit)
        .$dynamic(),
      condition.values,
    );
  // A list in another order than its own is not split (see ListSource.split).
  const split = Array.isArray(order) ? splitOf(source, sort) : undefined;
  let rows: { id: number }[];
  if (split) {
    rows = await walk(and(condition.where, split), true, cap + 1);
    if (rows.length <= cap)
      rows = rows.concat(await walk(and(condition.where, not(split)), false, cap + 1 - rows.length));
  } else {
    rows = await walk(condition.where, !descending, cap + 1);
  }
  const capped = rows.length > cap;
  const ids = rows.slice(0, cap).map((row) => Number(row.id));
  return { ids, total: ids.length, capped };
}
