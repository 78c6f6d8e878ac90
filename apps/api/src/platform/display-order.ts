import { and, count, gt, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { WriteHooks } from "./crud.ts";
import type { Db } from "./db.ts";

type OrderedTable = PgTable & { id: PgColumn; order: PgColumn };

/**
 * Keeps `order` a gapless 1..n: a new row at k pushes k..n down one place, a row moved from a to b shifts the
 * rows between, a deleted row closes its gap. An order beyond the ends is brought to the nearest end (a new row
 * at most n + 1), so no request can leave a hole. Writes of one table are serialised by a transaction-scoped
 * advisory lock, taken before any row lock (`serialize`), so two staff moving rows at once neither interleave
 * their shifts nor deadlock.
 */
export function gaplessOrder<TValues extends { order?: number | undefined }, TEntity extends { order: number }>(
  table: OrderedTable,
  lockName: string,
): WriteHooks<TValues, TEntity> {
  const lock = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockName}))`);
  const rowCount = async (tx: Db) => {
    const [row] = await tx.select({ total: count() }).from(table as PgTable);
    return row?.total ?? 0;
  };
  const shift = (tx: Db, by: 1 | -1, where: SQL | undefined) =>
    tx
      .update(table)
      .set({ order: sql`${table.order} + ${by}` } as never)
      .where(where);
  const clamp = (value: number, last: number) => Math.min(Math.max(1, value), last);

  return {
    serialize: lock,
    async beforeCreate(tx, values) {
      const order = clamp(values.order ?? Number.MAX_SAFE_INTEGER, (await rowCount(tx)) + 1);
      await shift(tx, 1, gte(table.order, order));
      return { ...values, order };
    },
    async beforeUpdate(tx, values, before) {
      const from = before.order;
      const to = clamp(values.order ?? from, await rowCount(tx));
      if (to < from) await shift(tx, 1, and(gte(table.order, to), lt(table.order, from)));
      if (to > from) await shift(tx, -1, and(gt(table.order, from), lte(table.order, to)));
      return { ...values, order: to };
    },
    async afterDelete(tx, before) {
      await shift(tx, -1, gt(table.order, before.order));
    },
  };
}
