import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db.ts";
import { orderOf, param, type SortKey, splitOf } from "../../platform/list-query.ts";
import type { ExportReader, ExportRows } from "./declaration.ts";

/** Rows read per statement: big enough that a million rows take a thousand statements, small enough to stay flat. */
export const EXPORT_BATCH = 1_000;

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>;
}
/** Unnamed server-side statements, as the list engine runs them (platform/list-query.ts), with placeholders filled. */
const prepare = (query: PgSelect | unknown): Prepared => (query as { _prepare(): Prepared })._prepare();

/** How many rows the export will write: the list's conditions, counted exactly (the job has time the list has not). */
export async function countRows(db: Db, rows: ExportRows<unknown>): Promise<number> {
  const { source, condition } = rows;
  const query = db
    .select({ total: count() })
    .from(source.table as PgTable)
    .where(condition.where);
  const [row] = (await prepare(query).execute(condition.values)) as { total: number }[];
  return Number(row?.total ?? 0);
}

/**
 * The list's rows in its own order, in batches of EXPORT_BATCH read by keyset: each batch seeks past the last row
 * of the one before on the list's (sort…, id) index, never by OFFSET, and nothing but one batch is held. The seek
 * compares with the sort values of that row as the database holds them (read by its id), so no value goes through
 * JavaScript (a timestamp's microseconds, a collation). A split list (events) is walked in its two parts.
 */
export async function* rowBatches<TRow>(db: Db, rows: ExportRows<TRow>, batch = EXPORT_BATCH): AsyncGenerator<TRow[]> {
  const { source, condition } = rows;
  const { keys, descending } = orderOf(source, rows.order);
  const split = splitOf(source, rows.order);
  const ascending = !descending;
  const walks: { where: SQL | undefined; ascending: boolean }[] = split
    ? [
        { where: and(condition.where, sql`(${split})`), ascending },
        { where: and(condition.where, sql`not (${split})`), ascending: !ascending },
      ]
    : [{ where: condition.where, ascending }];
  for (const walk of walks) {
    yield* walkBatches(db, rows, keys, walk.where, walk.ascending, batch);
  }
}

async function* walkBatches<TRow>(
  db: Db,
  rows: ExportRows<TRow>,
  sort: SortKey[],
  where: SQL | undefined,
  ascending: boolean,
  batch: number,
): AsyncGenerator<TRow[]> {
  const { source, condition } = rows;
  const { table } = source;
  const keyColumns = [...sort, table.id];
  const keys = sql.join(keyColumns, sql`, `);
  const order = keyColumns.map((column) => (ascending ? asc(column) : desc(column)));
  const build = (seek: boolean) => {
    const past = seek
      ? sql`(${keys}) ${sql.raw(ascending ? ">" : "<")} (select ${keys} from ${table} where ${eq(table.id, sql`${param("last")}`)})`
      : undefined;
    const ids = db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(where, past))
      .orderBy(...order)
      .limit(batch);
    return prepare(
      source
        .from(db, { ...source.fields, __exportId: table.id })
        .where(inArray(table.id, ids))
        .orderBy(...order),
    );
  };
  const first = build(false);
  const next = build(true);
  let last: number | undefined;
  for (;;) {
    const values = last === undefined ? condition.values : { ...condition.values, last };
    const found = (await (last === undefined ? first : next).execute(values)) as Record<string, unknown>[];
    if (found.length === 0) return;
    last = found[found.length - 1]!.__exportId as number;
    yield found.map((row) => {
      delete row.__exportId;
      return rows.map(row);
    });
    if (found.length < batch) return;
  }
}

/** Any declaration's rows as a reader: a ListSource's are counted and walked by keyset here. */
export function readerOf<TRow>(db: Db, rows: ExportRows<TRow> | ExportReader<TRow>): ExportReader<TRow> {
  if ("batches" in rows) return rows;
  return { count: () => countRows(db, rows), batches: (size) => rowBatches(db, rows, size) };
}
