import { COUNT_CAP, MAX_INT, OFFSET_PAGE_LIMIT, PAGE_SIZE, type Paged, type TotalKind } from "@palco/shared";
import { and, asc, count, desc, getTableName, ilike, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "./db.ts";
import { ApiError } from "./errors.ts";

/**
 * The paging every list shares, built to stay fast on tables of millions of rows:
 * - the page is chosen on the base table alone (its filters and search are conditions on that table), by OFFSET
 *   up to OFFSET_PAGE_LIMIT pages or by seeking past a cursor (the sort key of a row already shown), and only
 *   the rows of the page are joined;
 * - the total is exact up to COUNT_CAP rows and counted without joins; past the cap a filtered list answers
 *   "more than COUNT_CAP" and an unfiltered one the catalogue's estimate.
 * Every list orders by its sort columns then id, and needs a btree index on (sort columns…, id).
 */

type Row<TFields extends SelectedFields> = SelectResultFields<TFields>;

export type SortKey = PgColumn | SQL;

export interface ListSource<TFields extends SelectedFields> {
  table: PgTable & { id: PgColumn };
  /** Columns (or expressions) of `table` ordered on before id: text, or number columns. */
  sort: SortKey[];
  fields: TFields;
  /** FROM … JOIN … of the rows; joins only serve the fields, never the conditions. */
  from(db: Db, fields: SelectedFields): PgSelect;
}

export interface PageRequest {
  page: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** The paged answer of the shared contract, with the rows as read (resources map them to `items`). */
export type PageResult<TRow> = Omit<Paged<TRow>, "items"> & { rows: TRow[] };

const badRequest = (field: string, key: string) => new ApiError(400, { [field]: key });

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Terms shorter than a trigram cannot use a trigram index: they match the start of the text instead. */
export const PREFIX_TERM_LENGTH = 2;

/**
 * The search rule of every list, case-insensitive, `%` and `_` literal: a term of three characters or more matches
 * anywhere in `contains` (each backed by a pg_trgm index); a shorter one matches the start of one of `prefix` (each
 * backed by a btree index on lower(column) text_pattern_ops), so no term scans the whole table.
 */
export function searchCondition(
  term: string | undefined,
  columns: { contains: (PgColumn | SQL)[]; prefix: (PgColumn | SQL)[] },
): SQL | undefined {
  const trimmed = term?.trim();
  if (!trimmed) return undefined;
  const escaped = escapeLike(trimmed);
  if ([...trimmed].length > PREFIX_TERM_LENGTH) {
    return or(...columns.contains.map((column) => ilike(column, `%${escaped}%`)));
  }
  return or(...columns.prefix.map((column) => like(sql`lower(${column})`, sql`lower(${`${escaped}%`})`)));
}

/**
 * The search of lists ordered by name. A term of three characters or more matches anywhere: in `lowered` (a stored
 * lower-cased text with a trigram index) when given, else in the name, case-insensitively. A shorter one matches
 * the start of the name, compared lower-cased byte by byte, and orders its rows that way too: the
 * (lower(name) collate "C", id, name) index then finds, orders and counts them without reading the rows of other
 * letters (ordering them by name instead would walk every name sorted before them).
 */
export function nameSearch(
  term: string | undefined,
  name: PgColumn,
  lowered?: PgColumn,
): { where: SQL | undefined; sort: SortKey[] } {
  const trimmed = term?.trim() ?? "";
  if (!trimmed) return { where: undefined, sort: [name] };
  const escaped = escapeLike(trimmed);
  if ([...trimmed].length > PREFIX_TERM_LENGTH) {
    const where = lowered ? like(lowered, sql`lower(${`%${escaped}%`})`) : ilike(name, `%${escaped}%`);
    return { where, sort: [name] };
  }
  const folded = sql`lower(${name}) collate "C"`;
  return { where: sql`${folded} like lower(${`${escaped}%`})`, sort: [folded] };
}

interface Cursor {
  /** The page the cursor was taken from. */
  page: number;
  /** Sort values then id of its last (`next`) or first (`previous`) row. */
  key: unknown[];
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.page, ...cursor.key])).toString("base64url");
}

function decodeCursor(text: string, field: string, sort: SortKey[]): Cursor {
  const invalid = badRequest(field, "VALIDATION.INVALID");
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(value) || value.length !== sort.length + 2) throw invalid;
  const [page, ...key] = value as unknown[];
  const isId = (item: unknown) => Number.isInteger(item) && (item as number) > 0 && (item as number) <= MAX_INT;
  if (!isId(page) || !isId(key[key.length - 1])) throw invalid;
  sort.forEach((column, index) => {
    const item = key[index];
    const isNumber = "dataType" in column && column.dataType === "number";
    const fits = isNumber ? Number.isFinite(item) : typeof item === "string";
    if (!fits || (typeof item === "string" && item.includes("\u0000"))) throw invalid;
  });
  return { page: page as number, key };
}

/** Where the page starts: rows in sort order (or reverse order before a cursor), skipping `offset` of them. */
interface Window {
  direction: "forward" | "backward";
  seek?: unknown[];
  offset: number;
}

export function resolveWindow(request: PageRequest, sort: SortKey[]): Window {
  const { page } = request;
  const maxOffset = OFFSET_PAGE_LIMIT * PAGE_SIZE;
  if (request.after !== undefined && request.before !== undefined) throw badRequest("before", "VALIDATION.INVALID");
  if (request.after !== undefined) {
    const cursor = decodeCursor(request.after, "after", sort);
    const offset = (page - cursor.page - 1) * PAGE_SIZE;
    if (offset < 0) throw badRequest("after", "VALIDATION.INVALID");
    if (offset >= maxOffset) throw badRequest("page", "VALIDATION.PAGE_TOO_DEEP");
    return { direction: "forward", seek: cursor.key, offset };
  }
  if (request.before !== undefined) {
    const cursor = decodeCursor(request.before, "before", sort);
    const offset = (cursor.page - page - 1) * PAGE_SIZE;
    if (offset < 0) throw badRequest("before", "VALIDATION.INVALID");
    if (offset >= maxOffset) throw badRequest("page", "VALIDATION.PAGE_TOO_DEEP");
    return { direction: "backward", seek: cursor.key, offset };
  }
  if (page > OFFSET_PAGE_LIMIT) throw badRequest("page", "VALIDATION.PAGE_TOO_DEEP");
  return { direction: "forward", offset: (page - 1) * PAGE_SIZE };
}

/** The queries of one list answer, built but not run, so the benchmark can time the same SQL without HTTP. */
export interface ListQueries {
  /** The page's rows (one more than a page, to tell whether another follows), joined after they are chosen. */
  items: PgSelect;
  /** The exact count, stopping at COUNT_CAP + 1 rows. */
  count: PgSelect;
  /** The planner's row estimate of an unfiltered table (null when conditions apply). */
  estimate: PgSelect | null;
}

export function listQueries<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  where: SQL | undefined,
  window: Window,
  sort: SortKey[] = source.sort,
): ListQueries {
  const { table } = source;
  const keyColumns = [...sort, table.id];
  const forward = window.direction === "forward";
  const seek =
    window.seek &&
    (forward
      ? sql`(${sql.join(keyColumns, sql`, `)}) > (${sql.join(
          window.seek.map((value) => sql`${value}`),
          sql`, `,
        )})`
      : sql`(${sql.join(keyColumns, sql`, `)}) < (${sql.join(
          window.seek.map((value) => sql`${value}`),
          sql`, `,
        )})`);
  const order = keyColumns.map((column) => (forward ? asc(column) : desc(column)));
  // An index-only walk over (sort…, id): the OFFSET and the seek never touch the joined tables.
  const ids = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(where, seek))
    .orderBy(...order)
    .limit(PAGE_SIZE + 1)
    .offset(window.offset);
  const hidden = Object.fromEntries(keyColumns.map((column, index) => [`__key${index}`, column]));
  const items = source
    .from(db, { ...source.fields, ...hidden })
    .where(inArray(table.id, ids))
    .orderBy(...keyColumns.map((column) => asc(column)));
  const capped = db
    .select({ one: sql`1` })
    .from(table as PgTable)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("capped");
  const countQuery = db.select({ total: count() }).from(capped).$dynamic();
  const estimate =
    where === undefined
      ? db
          .select({
            // What the planner assumes: the density of the last ANALYZE times the table's current size; -1 before
            // any ANALYZE (then the table is counted).
            estimate: sql<number>`case when c.relpages > 0 and c.reltuples >= 0
              then c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::float8)
              else -1 end`.mapWith(Number),
          })
          .from(sql`pg_class c`)
          .where(sql`c.oid = to_regclass(${getTableName(table)})`)
          .$dynamic()
      : null;
  return { items: items.$dynamic(), count: countQuery, estimate };
}

/** Runs the count the way the API answers it (the benchmark's baseline runs the same steps on the raw driver). */
export async function countTotal(queries: ListQueries): Promise<{ total: number; totalKind: TotalKind }> {
  if (queries.estimate) {
    const [row] = (await queries.estimate) as { estimate: number }[];
    const estimate = Math.round(row?.estimate ?? -1);
    if (estimate > COUNT_CAP) return { total: estimate, totalKind: "estimated" };
  }
  const [row] = (await queries.count) as { total: number }[];
  const counted = Number(row?.total ?? 0);
  return counted > COUNT_CAP ? { total: COUNT_CAP, totalKind: "capped" } : { total: counted, totalKind: "exact" };
}

/** One page of a list, its total and the cursors of its neighbours. */
export async function listPage<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  where: SQL | undefined,
  request: PageRequest,
  /** The order of this request when it differs from the source's (see crud.ts: short search terms). */
  sort: SortKey[] = source.sort,
): Promise<PageResult<Row<TFields>>> {
  const window = resolveWindow(request, sort);
  const queries = listQueries(db, source, where, window, sort);
  const [fetched, { total, totalKind }] = await Promise.all([
    queries.items as unknown as Promise<Record<string, unknown>[]>,
    countTotal(queries),
  ]);
  const keyCount = sort.length + 1;
  const more = fetched.length > PAGE_SIZE;
  const forward = window.direction === "forward";
  // The extra row is the one past the page in the walking direction.
  const page = more ? (forward ? fetched.slice(0, PAGE_SIZE) : fetched.slice(1)) : fetched;
  const keyOf = (row: Record<string, unknown>) => Array.from({ length: keyCount }, (_, index) => row[`__key${index}`]);
  const rows = page.map((row) => {
    const copy = { ...row };
    for (let index = 0; index < keyCount; index++) delete copy[`__key${index}`];
    return copy as Row<TFields>;
  });
  const first = page[0];
  const last = page[page.length - 1];
  const hasNext = forward ? more : page.length > 0;
  const hasPrevious = forward ? request.page > 1 : more;
  return {
    rows,
    page: request.page,
    pageSize: PAGE_SIZE,
    pageCount: Math.ceil(total / PAGE_SIZE),
    total,
    totalKind,
    next: hasNext && last ? encodeCursor({ page: request.page, key: keyOf(last) }) : null,
    previous: hasPrevious && first ? encodeCursor({ page: request.page, key: keyOf(first) }) : null,
  };
}
