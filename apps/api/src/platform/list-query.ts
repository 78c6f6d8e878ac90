import {
  COUNT_CAP,
  type ListSort,
  MAX_INT,
  OFFSET_PAGE_LIMIT,
  PAGE_SIZE,
  type Paged,
  PLANNED_TOTAL_FROM,
  sortValue,
  type TotalKind,
} from "@palco/shared";
import {
  and,
  asc,
  count,
  desc,
  fillPlaceholders,
  getTableName,
  ilike,
  inArray,
  is,
  like,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { PgColumn, type PgSelect, type PgTable, type SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { type Db, genericTwinOf } from "./db.ts";
import { ApiError } from "./errors.ts";
import {
  boundColumns,
  COMMON_BOUND,
  type MatchBound,
  matchBoundOf,
  type TrigramRollup,
  unlessCommon,
} from "./match-bound.ts";
import { pairCount, pairItems, pairKeysOf, type WordPairs, wordPairsOf } from "./word-pairs.ts";

/**
 * The paging every list shares, built to stay fast on tables of millions of rows:
 * - the page is chosen on the base table alone (its filters and search are conditions on that table), by OFFSET
 *   up to OFFSET_PAGE_LIMIT pages or by seeking past a cursor (the sort key of a row already shown), and only
 *   the rows of the page are joined;
 * - the total is exact up to COUNT_CAP rows and counted without joins; past the cap a filtered list answers
 *   "more than COUNT_CAP" and an unfiltered one the catalogue's estimate. A filtered list the planner expects to
 *   hold plannedTotalFrom rows or more answers that estimate instead of counting: counting the first 1,001
 *   matches of a common search term reads some 15,000 rows, the dearest statement of any list request. The
 *   planner is only asked about tables of PLANNED_FROM_TABLE_ROWS rows or more (see there);
 * - the page is read first; when it shows where the list ends (a page by OFFSET with room to spare) that is the
 *   total, and no count runs. A filtered list the planner is asked about and expects below plannedTotalFrom is
 *   read the other way round: its matches, up to COUNT_CAP + 1, are read once, counted, and the page ordered from
 *   them, in one statement (countedItems), where the page's own walk and then the count read them twice. Under a
 *   condition whose rows are few and indexed together (ListCondition.bounded: one venue's bookings) that statement
 *   runs first and the planner is asked only past the cap: planning a LIKE costs more than reading such rows;
 * - every request of one shape (which filters, what kind of search, which way it pages) runs the same SQL with
 *   placeholders, built once and kept (building SQL costs the API more than PostgreSQL takes to run a page).
 * Every list orders by its sort columns then id, and needs a btree index on (sort columns…, id), covering the
 * searched text (INCLUDE) when the list is searched, so a search walks the index without reading the table.
 * A request may ask for another order (`sort=<field>` / `sort=-<field>`, see ListOrder): its columns then id, all
 * one way, walking that column's (column, id) index forward or backward.
 */

type Row<TFields extends SelectedFields> = SelectResultFields<TFields>;

export type SortKey = PgColumn | SQL;

export interface ListSource<TFields extends SelectedFields> {
  table: PgTable & { id: PgColumn };
  /** Columns (or expressions) of `table` ordered on before id: text, or number columns. */
  sort: SortKey[];
  /** Every key, id included, in descending order (newest first, for lists ordered by id alone). */
  descending?: boolean;
  /**
   * Splits a list in its own order (`sort`) in two parts: the rows meeting this condition first, in the sort order,
   * then the others in reverse order (events: upcoming ones soonest first, then the past ones, most recent first).
   * Each part walks the same (sort…, id) index, one forward and one backward, so neither sorts the table; cursors
   * carry the part (0 or 1) before the sort values. A request in another order (a short search's) is not split.
   */
  split?: SQL;
  /**
   * Each order the list walks (its own and every `sort` it offers) has its (keys…, id) index, so an unfiltered page is
   * the start of that index whatever the OFFSET or cursor: it runs with one plan (ListQueries.itemsGeneric), as a
   * filter's page does (ListCondition.onePlan), where planning it took longer than reading it.
   */
  indexedOrders?: boolean;
  fields: TFields;
  /** FROM … JOIN … of the rows; joins only serve the fields, never the conditions. */
  from(db: Db, fields: SelectedFields): PgSelect;
}

/**
 * The order of one request: the list's own (`source.sort`, `source.descending`, split when the source is), a short
 * search's (nameSearch), or the one the query's `sort` asked for: its keys then id, every one ascending or every one
 * descending, never split. A plain array of keys is the list's own direction.
 */
export interface ListOrder {
  keys: SortKey[];
  /** Every key, id included, descending. */
  descending: boolean;
  /**
   * The query's `sort` ("-createdAt") when the member chose the order. Cursors carry it, so a cursor taken in one
   * order is refused (400 on after/before) in another instead of seeking from a key of the wrong column.
   */
  requested?: string | undefined;
}

export type OrderInput = SortKey[] | ListOrder;

/** The order a request runs in: an array of keys is the source's own direction, not a chosen order. */
export function orderOf(source: { descending?: boolean | undefined }, sort: OrderInput): ListOrder {
  return Array.isArray(sort) ? { keys: sort, descending: source.descending === true } : sort;
}

/**
 * The order a query's `sort` (sortParam in @palco/shared) chooses among `columns` (each field a list sorts by, to the
 * keys of its (keys…, id) index), or `own` (the list's order) without one.
 */
export function chosenOrder(
  sort: ListSort | undefined,
  columns: Partial<Record<string, SortKey[]>>,
  own: OrderInput,
): OrderInput {
  const keys = sort && columns[sort.field];
  return keys ? { keys, descending: sort.descending, requested: sortValue(sort) } : own;
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
 * A list's conditions built with placeholders (`param`), and the values this request fills them with. Requests
 * whose conditions have the same `key` build the same SQL, so the statements are built once per key.
 */
export interface ListCondition {
  key: string;
  where: SQL | undefined;
  values: Record<string, unknown>;
  /**
   * The planner's row estimate of `where` can stand for the total of a big list: comparisons of columns with
   * statistics and LIKE patterns, not conditions it can only guess at (a function's result, say). Counted otherwise.
   */
  estimable?: boolean;
  /**
   * Its rows are one small, indexed part of the table (one venue's bookings), which reading to the cap costs about
   * what asking the planner about it does: a list under it reads its counted page first (runList).
   */
  bounded?: boolean;
  /**
   * It tests a LIKE '%term%' pattern, which the planner judges by running it on the column's sampled values (1,000 of
   * them, migration 0023): about half a millisecond of every plan.
   */
  matchesPattern?: boolean;
  /**
   * `where` for statements that read a range in order and test each row: the same test, in a form no index can
   * serve (a LIKE under the "C" collation, which the trigram index's default-collation entries do not match). Two
   * statements take it, each run with one plan for every value (preparedList): a bounded list's counted page (the
   * range is the venue's rows) and the page of a term the planner expects in plannedTotalFrom rows or more (the
   * walk of the list's order, `ListQueries.walk`). A plan made without seeing the term would otherwise intersect
   * the range with the trigram index's entries for it: tens of thousands for a common surname, where the range
   * holds a few thousand rows. Without it, `where`.
   */
  scanned?: SQL | undefined;
  /**
   * Its matches are bounded by a trigram rollup (match-bound.ts), read before any row: a list that cannot match more
   * than COUNT_CAP rows reads its counted page alone, and a term that is one trigram is counted by the rollup.
   */
  matchBound?: MatchBound | undefined;
  /**
   * Its matches may sit together anywhere in the list's order (a term of several words: "san pe" is in 1,600 of a
   * million cities, every one under "San Pe…"), where the walk of the order's index could cross most of the table
   * before its page. Its page walks NEAR_WALK entries from where the page starts, testing `test` (which reads only
   * the order's keys and `reads`) on each, and when they hold no page sorts its matches instead (nearItems).
   */
  walkNear?: { test: SQL; reads: PgColumn[] } | undefined;
  /**
   * Its term of several words is found exactly through a table of word pairs (word-pairs.ts), in the list's order
   * when the pairs carry it: the page and its count read from that table's index alone, wherever its matches sit.
   * `recheck`: the term has more words than a pair holds, and each pair found is tested on its row.
   */
  wordPairs?: { pairs: WordPairs; recheck: boolean } | undefined;
  /**
   * Whatever its values, its rows are one range of an index in every order the list walks (equalities on columns
   * that lead an index for each sort), so a plan made without seeing the values walks the page as the planner would
   * with them. The page then runs named on connections that keep one plan
   * (preparedList; `ListQueries.itemsGeneric`), where planning it took longer than reading it; so does the count of a
   * bounded one (its rows are one index range too). Only where every condition with a `where` has it.
   */
  onePlan?: boolean;
}

export const param = (name: string) => sql.placeholder(name);

/**
 * `column LIKE` the `search` placeholder folded by `fold`, written for a row-by-row test (ListCondition.scanned):
 * under the "C" collation, which no trigram index serves (LIKE compares characters alike under any deterministic
 * collation), and with the pattern folded once per run, where a plan kept for every value would fold it again for
 * every row it tests.
 */
export function scannedLike(column: PgColumn | SQL, fold: "lower" | "upper", search: Placeholder = param("search")) {
  return like(sql`${column} collate "C"`, sql`(select ${sql.raw(fold)}(${search}))`);
}

export const noCondition: ListCondition = { key: "", where: undefined, values: {} };

/** Every condition at once; their placeholder names must differ. */
export function allOf(...conditions: ListCondition[]): ListCondition {
  return {
    key: conditions.map((condition) => condition.key).join("&"),
    where: and(...conditions.map((condition) => condition.where)),
    values: Object.assign({}, ...conditions.map((condition) => condition.values)),
    estimable: conditions.every((condition) => condition.where === undefined || condition.estimable === true),
    bounded: conditions.some((condition) => condition.bounded === true),
    matchesPattern: conditions.some((condition) => condition.matchesPattern === true),
    scanned: conditions.some((condition) => condition.scanned !== undefined)
      ? and(...conditions.map((condition) => condition.scanned ?? condition.where))
      : undefined,
    matchBound: combinedBound(conditions),
    walkNear: aloneOf(conditions)?.walkNear,
    wordPairs: aloneOf(conditions)?.wordPairs,
    onePlan:
      conditions.some((condition) => condition.where !== undefined) &&
      conditions.every((condition) => condition.where === undefined || condition.onePlan === true),
  };
}

/** The one condition with a `where`, when only one has it (what a walk testing that condition alone may serve). */
function aloneOf(conditions: ListCondition[]): ListCondition | undefined {
  const restricting = conditions.filter((condition) => condition.where !== undefined);
  return restricting.length === 1 ? restricting[0] : undefined;
}

/** The bound of the one condition that has it: a ceiling of the conditions together, exact only when it is alone. */
function combinedBound(conditions: ListCondition[]): MatchBound | undefined {
  const bounded = conditions.find((condition) => condition.matchBound !== undefined);
  if (!bounded?.matchBound) return undefined;
  const alone = conditions.every((condition) => condition === bounded || condition.where === undefined);
  return alone ? bounded.matchBound : { ...bounded.matchBound, exact: false };
}

/**
 * `name = value`-like condition of a query-string filter, absent when the request does not use it; `bounded` when
 * a value's rows are few and indexed together (ListCondition.bounded), `onePlan` when every value's rows are one
 * index range in each order the list sorts by (ListCondition.onePlan).
 */
export function filterCondition(
  name: string,
  value: unknown,
  toCondition: (value: SQL) => SQL,
  { bounded = false, onePlan = false } = {},
): ListCondition {
  if (value === undefined) return noCondition;
  return {
    key: `${name}=`,
    where: toCondition(sql`${param(name)}`),
    values: { [name]: value },
    estimable: true,
    bounded,
    onePlan,
  };
}

/**
 * The search rule of every list, case-insensitive, `%` and `_` literal: a term of three characters or more matches
 * anywhere in `contains` (each backed by a pg_trgm index); a shorter one matches the start of one of `prefix` (each
 * backed by a btree index on lower(column) text_pattern_ops), so no term scans the whole table.
 */
export function searchCondition(
  term: string | undefined,
  columns: { contains: (PgColumn | SQL)[]; prefix: (PgColumn | SQL)[] },
): ListCondition {
  const trimmed = term?.trim();
  if (!trimmed) return noCondition;
  const escaped = escapeLike(trimmed);
  const search = param("search");
  if ([...trimmed].length > PREFIX_TERM_LENGTH) {
    return {
      key: "contains",
      where: or(...columns.contains.map((column) => ilike(column, sql`${search}`))),
      values: { search: `%${escaped}%` },
      estimable: true,
      matchesPattern: true,
    };
  }
  return {
    key: "prefix",
    where: or(...columns.prefix.map((column) => like(sql`lower(${column})`, sql`lower(${search})`))),
    values: { search: `${escaped}%` },
    estimable: true,
  };
}

/**
 * The search of lists ordered by name. A term of three characters or more matches anywhere: in `lowered` (a stored
 * lower-cased text with a trigram index) when given, else in the name, case-insensitively. A shorter one matches
 * the start of the name, compared lower-cased byte by byte, and orders its rows that way too: the
 * (lower(name) collate "C", id, name) index then finds, orders and counts them without reading the rows of other
 * letters (ordering them by name instead would walk every name sorted before them). With `rollup` (the trigram
 * counts of `lowered`), a term of three characters or more also carries how many rows it can match at most; with
 * `pairs` (the word pairs of `lowered`), a term of several words is found through them (ListCondition.wordPairs).
 */
export function nameSearch(
  term: string | undefined,
  name: PgColumn,
  lowered?: PgColumn,
  rollup?: TrigramRollup,
  pairs?: WordPairs,
): { condition: ListCondition; sort: SortKey[] } {
  const trimmed = term?.trim() ?? "";
  if (!trimmed) return { condition: noCondition, sort: [name] };
  const escaped = escapeLike(trimmed);
  const search = param("search");
  if ([...trimmed].length > PREFIX_TERM_LENGTH) {
    if (!lowered) {
      return {
        condition: {
          key: "contains",
          where: ilike(name, sql`${search}`),
          values: { search: `%${escaped}%` },
          estimable: true,
          matchesPattern: true,
        },
        sort: [name],
      };
    }
    const bound = matchBoundOf(trimmed, rollup);
    const bounded = bound ? { key: "+bound", matchBound: bound.matchBound, values: bound.values } : undefined;
    const where = like(lowered, sql`lower(${search})`);
    // Several words: the whole term goes to the trigram index, whose lists of word starts and ends (" p", "an ")
    // are long but intersect the common words' down to a few thousand rows, and their matches may sit together in
    // name order (ListCondition.walkNear).
    const words = trimmed.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length > 1;
    const scanned = scannedLike(lowered, "lower", search);
    const probe = words ? wordPairsOf(trimmed, pairs) : undefined;
    const pairsKey = probe ? `+pairs${probe.recheck ? "-rechecked" : ""}` : "";
    return {
      condition: {
        key: `${words ? "contains-words" : "contains"}${bounded?.key ?? ""}${pairsKey}`,
        where,
        scanned: words ? undefined : scanned,
        values: { search: `%${escaped}%`, ...bounded?.values, ...probe?.values },
        estimable: true,
        matchesPattern: true,
        matchBound: bounded?.matchBound,
        walkNear: words ? { test: scanned, reads: [lowered] } : undefined,
        wordPairs: probe && { pairs: probe.pairs, recheck: probe.recheck },
      },
      sort: [name],
    };
  }
  const folded = sql`lower(${name}) collate "C"`;
  return {
    condition: {
      key: "prefix",
      where: sql`${folded} like lower(${search})`,
      values: { search: `${escaped}%` },
      estimable: true,
    },
    sort: [folded],
  };
}

interface Cursor {
  /** The page the cursor was taken from. */
  page: number;
  /** Sort values then id of its last (`next`) or first (`previous`) row. */
  key: unknown[];
  /** The order the member chose (ListOrder.requested), written first; absent in the list's own order. */
  sort?: string | undefined;
}

export function encodeCursor(cursor: Cursor): string {
  const values = [...(cursor.sort === undefined ? [] : [cursor.sort]), cursor.page, ...cursor.key];
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

function decodeCursor(text: string, field: string, order: ListOrder, split: boolean): Cursor {
  const invalid = badRequest(field, "VALIDATION.INVALID");
  const sort = order.keys;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(value)) throw invalid;
  // A chosen order's cursor starts with its name; the list's own order's with the page number.
  const tagged = order.requested !== undefined;
  if (tagged && value[0] !== order.requested) throw invalid;
  const parts = split ? 1 : 0;
  const untagged = tagged ? value.slice(1) : value;
  if (untagged.length !== sort.length + 2 + parts) throw invalid;
  const [page, ...key] = untagged as unknown[];
  const isId = (item: unknown) => Number.isInteger(item) && (item as number) > 0 && (item as number) <= MAX_INT;
  if (!isId(page) || !isId(key[key.length - 1])) throw invalid;
  if (split && key[0] !== 0 && key[0] !== 1) throw invalid;
  sort.forEach((column, index) => {
    const item = key[index + parts];
    const isNumber = "dataType" in column && column.dataType === "number";
    const fits = isNumber ? Number.isFinite(item) : typeof item === "string";
    if (!fits || (typeof item === "string" && item.includes("\u0000"))) throw invalid;
  });
  return { page: page as number, key };
}

/** Where the page starts: rows in sort order (or reverse order before a cursor), skipping `offset` of them. */
export interface Window {
  direction: "forward" | "backward";
  seek?: unknown[];
  offset: number;
}

/** The condition that splits this request's list (see ListSource.split): only a list in its own order is split. */
export function splitOf(source: { sort: SortKey[]; split?: SQL | undefined }, sort: OrderInput): SQL | undefined {
  if (!Array.isArray(sort) && sort.requested !== undefined) return undefined;
  const keys = Array.isArray(sort) ? sort : sort.keys;
  const ownOrder = keys.length === source.sort.length && keys.every((key, index) => key === source.sort[index]);
  return ownOrder ? source.split : undefined;
}

export function resolveWindow(request: PageRequest, sortOrOrder: OrderInput, split = false): Window {
  const { page } = request;
  const sort = Array.isArray(sortOrOrder) ? { keys: sortOrOrder, descending: false } : sortOrOrder;
  const maxOffset = OFFSET_PAGE_LIMIT * PAGE_SIZE;
  if (request.after !== undefined && request.before !== undefined) throw badRequest("before", "VALIDATION.INVALID");
  if (request.after !== undefined) {
    const cursor = decodeCursor(request.after, "after", sort, split);
    const offset = (page - cursor.page - 1) * PAGE_SIZE;
    if (offset < 0) throw badRequest("after", "VALIDATION.INVALID");
    if (offset >= maxOffset) throw badRequest("page", "VALIDATION.PAGE_TOO_DEEP");
    return { direction: "forward", seek: cursor.key, offset };
  }
  if (request.before !== undefined) {
    const cursor = decodeCursor(request.before, "before", sort, split);
    const offset = (cursor.page - page - 1) * PAGE_SIZE;
    if (offset < 0) throw badRequest("before", "VALIDATION.INVALID");
    if (offset >= maxOffset) throw badRequest("page", "VALIDATION.PAGE_TOO_DEEP");
    return { direction: "backward", seek: cursor.key, offset };
  }
  if (page > OFFSET_PAGE_LIMIT) throw badRequest("page", "VALIDATION.PAGE_TOO_DEEP");
  return { direction: "forward", offset: (page - 1) * PAGE_SIZE };
}

/**
 * What the planner assumes a table holds: the density of its last ANALYZE times its current size; -1 before any
 * ANALYZE (then the table is counted). Read from `pg_class c`.
 */
function catalogueEstimate() {
  return sql<number>`case when c.relpages > 0 and c.reltuples >= 0
        then c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::float8)
        else -1 end`.mapWith(Number);
}

/** The column of an unfiltered list's page that carries `catalogueEstimate` (the same value on every row). */
export const ESTIMATE_COLUMN = "__estimate";

/** `catalogueEstimate` as a column of the page: an uncorrelated subquery, which PostgreSQL runs once per statement. */
function carriedEstimate(table: PgTable) {
  return sql<number>`(select ${catalogueEstimate()} from pg_class c where c.oid = to_regclass(${getTableName(table)}))`
    .mapWith(Number)
    .as(ESTIMATE_COLUMN);
}

/** The statements of one list answer, built with placeholders but not run (see `listValues` for their values). */
export interface ListQueries {
  /** The page's rows (one more than a page, to tell whether another follows), joined after they are chosen. */
  items: PgSelect;
  /**
   * The same page taken from the list's first COUNT_CAP + 1 matches, each row carrying how many there are
   * (MATCHES_COLUMN): built for a list the planner may be asked about (`planned`) in an order that is not split.
   */
  counted: PgSelect | null;
  /** The exact count, stopping at COUNT_CAP + 1 rows. */
  count: PgSelect;
  /** The planner's row estimate of an unfiltered table (null when conditions apply). */
  estimate: PgSelect | null;
  /** The same estimate, whatever the conditions: how big the table is. */
  tableRows: PgSelect;
  /** The table's name (what its size is remembered by). */
  table: string;
  /** The rows `EXPLAIN` asks the planner about: an estimable filtered list's (else null). */
  planned: PgSelect | null;
  /** `counted` is read before the planner is asked: a bounded condition with a LIKE pattern (ListCondition). */
  countedFirst: boolean;
  /**
   * `counted` tests the bounded condition's `scanned` form: one plan suits every value, so it runs as a named
   * statement on connections that keep that plan (preparedList) instead of being planned for each request.
   */
  countedGeneric: boolean;
  /**
   * The page's own walk with the term tested row by row (ListCondition.scanned), for a list the planner expects to
   * hold plannedTotalFrom rows or more: matches are dense enough that walking the order's index finds a page within
   * a few thousand entries, the plan the planner makes for such a term, so it runs with one plan for every value
   * (preparedList) instead of being planned again after the estimate. Null without a scanned form or for a split
   * order.
   */
  walk: PgSelect | null;
  /** The most rows the condition can match, from its trigram rollup (ListCondition.matchBound), read first. */
  bound: PgSelect | null;
  /** `bound` reads the number of matches itself (MatchBound.exact). */
  boundExact: boolean;
  /**
   * `items` reads a several-word term's word pairs (ListCondition.wordPairs): one probe of one index whatever the
   * term, so it runs named on connections that keep one plan (preparedList): planning it was half of its cost.
   */
  itemsGeneric: boolean;
  /** `count` suits one plan too: a bounded condition's (ListCondition.onePlan), run like `itemsGeneric`. */
  countGeneric: boolean;
}

/** What identifies the SQL of `listQueries`: the condition's shape and the way the window pages. */
const statementKey = (condition: ListCondition, window: Window, split: boolean, order: ListOrder) =>
  `${condition.key}|${window.direction}|${window.seek ? "seek" : "offset"}|${split ? `split${window.seek?.[0] ?? ""}` : ""}|${order.requested ?? ""}`;

/** The placeholder values of a request: its conditions' and its window's. */
export function listValues(condition: ListCondition, window: Window): Record<string, unknown> {
  const values: Record<string, unknown> = { ...condition.values, offset: window.offset };
  window.seek?.forEach((value, index) => {
    values[`seek${index}`] = value;
  });
  return values;
}

export function listQueries<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  condition: ListCondition,
  window: Window,
  sort: OrderInput = source.sort,
): ListQueries {
  const { table } = source;
  const { where } = condition;
  const split = splitOf(source, sort);
  const order = orderOf(source, sort);
  // An unfiltered list's page carries the table's estimate (ESTIMATE_COLUMN): a page that does not show where the
  // list ends needs no second round trip for its total.
  const carried: SelectedFields = where === undefined ? { [ESTIMATE_COLUMN]: carriedEstimate(table) } : {};
  const near = condition.walkNear;
  // A several-word term its word pairs find, in an order they carry: the page and its count read from the pairs.
  const pairs = condition.wordPairs;
  const pairKeys = pairs && where && !split ? pairKeysOf(pairs.pairs, order.keys) : undefined;
  const byPairs = pairs && where && pairKeys ? { probe: pairs, where, keys: pairKeys } : undefined;
  const items = split
    ? splitItems(db, source, where, window, order.keys, split, carried)
    : byPairs
      ? pairItems(db, source, byPairs.probe, byPairs.where, byPairs.keys, window, order)
      : near && where && order.keys.every((key) => is(key, PgColumn))
        ? nearItems(db, source, where, near, window, order)
        : orderedItems(db, source, where, window, order, carried);
  // Unordered: the planner may stop a sequential scan at the cap, where an ordered walk could cross the table.
  const capped = db
    .select({ one: sql`1` })
    .from(table as PgTable)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("capped");
  const countQuery = byPairs
    ? pairCount(db, source.table, byPairs.probe, byPairs.where, byPairs.keys)
    : db.select({ total: count() }).from(capped).$dynamic();
  const tableRows = db
    .select({ estimate: catalogueEstimate() })
    .from(sql`pg_class c`)
    .where(sql`c.oid = to_regclass(${getTableName(table)})`)
    .$dynamic();
  const estimate = where === undefined ? tableRows : null;
  const planned =
    where !== undefined && condition.estimable === true
      ? db
          .select({ one: sql`1` })
          .from(table as PgTable)
          .where(where)
          .$dynamic()
      : null;
  // Not for a term its word pairs find: their page carries its count already.
  const hasCounted =
    where !== undefined && !split && !byPairs && (planned !== null || condition.matchBound !== undefined);
  // Where asking the planner costs more than reading the bounded rows: it judges a LIKE pattern by its samples.
  const countedFirst = hasCounted && condition.bounded === true && condition.matchesPattern === true;
  const countedGeneric = countedFirst && condition.scanned !== undefined;
  const counted = hasCounted
    ? countedItems(db, source, countedGeneric ? (condition.scanned as SQL) : where, window, order)
    : null;
  // Filters whose every value is one index range, or none on a list whose orders are indexed: the page's walk is the
  // same plan whatever the values.
  const onePlan =
    !split && !byPairs && !near && (where === undefined ? source.indexedOrders === true : condition.onePlan === true);
  const walk =
    hasCounted && planned !== null && condition.scanned !== undefined
      ? orderedItems(db, source, condition.scanned, window, order, carried)
      : null;
  return {
    items,
    counted,
    count: countQuery,
    estimate,
    tableRows,
    planned,
    countedFirst,
    countedGeneric,
    walk,
    bound: hasCounted && condition.matchBound ? boundQuery(db, condition.matchBound) : null,
    boundExact: condition.matchBound?.exact === true,
    itemsGeneric: byPairs !== undefined || onePlan,
    // Unbounded, a rare combination is counted with the plan its values make: one made without them would scan the
    // table for the matches of a common one.
    countGeneric: onePlan && condition.bounded === true,
    table: getTableName(table),
  };
}

/** The most rows a condition with a trigram rollup can match (ListCondition.matchBound). */
function boundQuery(db: Db, bound: MatchBound): PgSelect {
  const { most, where } = boundColumns(bound.rollup, param("grams"), param("gramCount"));
  return db.select({ most }).from(bound.rollup.table).where(where).$dynamic();
}

/**
 * A sort key as a cursor keeps it. A timestamp is read as PostgreSQL's own text: the microseconds `now()` stores
 * (created_at) would be cut to milliseconds by a JavaScript Date, and a seek from the cut value would show the
 * cursor's row again.
 */
function cursorValue(column: SortKey): SortKey {
  const isTimestamp = "columnType" in column && String(column.columnType).startsWith("PgTimestamp");
  return isTimestamp ? sql<string>`${column}::text` : column;
}

/** The placeholders of a cursor's key (`seek<first>`, `seek<first + 1>`…), one per key column. */
export function seekPlaceholders(keyCount: number, first = 0): SQL {
  return sql.join(
    Array.from({ length: keyCount }, (_, index) => sql`${param(`seek${first + index}`)}`),
    sql`, `,
  );
}

/** Rows past the seek's key (`seek<first>`…) in the walk's direction: after it ascending, before it descending. */
export function seekPast(keyColumns: SortKey[], ascending: boolean, first = 0): SQL {
  return sql`(${sql.join(keyColumns, sql`, `)}) ${sql.raw(ascending ? ">" : "<")} (${seekPlaceholders(keyColumns.length, first)})`;
}

/** `columns` as an ORDER BY list, every one in `direction` (asc or desc). */
export function inDirection(columns: SQLWrapper[], direction: SQL): SQL {
  return sql.join(
    columns.map((column) => sql`${column} ${direction}`),
    sql`, `,
  );
}

/** How far a walk reads to serve the page: OFFSET, the page and one more row (to tell whether another follows). */
export const pageReach = () => sql`${param("offset")}::int + ${sql.raw(String(PAGE_SIZE + 1))}`;

/** The page's hidden columns its cursors are taken from (`__key0`…), each as a cursor keeps it. */
const cursorColumns = (columns: SortKey[]): SelectedFields =>
  Object.fromEntries(columns.map((column, index) => [`__key${index}`, cursorValue(column)]));

/** The page's rows in list order: the keys, then id, all one way. */
const inListOrder = (keyColumns: SortKey[], descending: boolean) =>
  keyColumns.map((column) => (descending ? desc(column) : asc(column)));

/** The page's rows of a list in one order: ids chosen by a walk of the (sort…, id) index, then joined. */
function orderedItems<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  where: SQL | undefined,
  window: Window,
  order: ListOrder,
  carried: SelectedFields,
): PgSelect {
  const { table } = source;
  const keyColumns = [...order.keys, table.id];
  const forward = window.direction === "forward";
  // The walk's direction: the list's order forward, its reverse before a cursor.
  const ascending = forward !== order.descending;
  const seek = window.seek && seekPast(keyColumns, ascending);
  const walk = keyColumns.map((column) => (ascending ? asc(column) : desc(column)));
  // An index-only walk over (sort…, id): the OFFSET and the seek never touch the joined tables.
  const ids = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(where, seek))
    .orderBy(...walk)
    .limit(PAGE_SIZE + 1)
    .offset(param("offset"));
  return (
    source
      .from(db, { ...source.fields, ...cursorColumns(keyColumns), ...carried })
      // An array of the page's ids, not `IN (ids)`: a plan kept for every request (ListQueries.itemsGeneric) cannot see
      // the OFFSET and expects a tenth of the table from the walk, which under IN it would hash-join against a scan of
      // the whole table; an array is fetched by the primary key whatever its size is guessed to be.
      .where(sql`${table.id} = any(array(${ids}))`)
      .orderBy(...inListOrder(keyColumns, order.descending))
      .$dynamic()
  );
}

/**
 * The names a page's inner statement gives the order's keys (k0, k1…): `aliases` lists them, `named` selects each
 * key under its name, so the outer statement can order and join by them whatever the columns are called.
 */
export function keyAliases(keyColumns: SQLWrapper[]) {
  const alias = (index: number) => sql.identifier(`k${index}`);
  const aliases = sql.join(
    keyColumns.map((_, index) => alias(index)),
    sql`, `,
  );
  const named = sql.join(
    keyColumns.map((column, index) => sql`${column} as ${alias(index)}`),
    sql`, `,
  );
  return { alias, aliases, named };
}

/**
 * The page's rows chosen by `page`, a derived table `list_page` of the rows' ids (`list_id`) and how many rows match
 * (`list_matches`, null where unknown): joined to the list's fields, in list order, with their cursor keys and that
 * number (MATCHES_COLUMN).
 */
export function pageRows<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  page: SQL,
  keyColumns: SortKey[],
  order: ListOrder,
): PgSelect {
  const matches = sql<number | null>`list_page.list_matches`
    .mapWith((value) => (value === null ? null : Number(value)))
    .as(MATCHES_COLUMN);
  return source
    .from(db, { ...source.fields, ...cursorColumns(keyColumns), [MATCHES_COLUMN]: matches })
    .innerJoin(page, sql`list_page.list_id = ${source.table.id}`)
    .orderBy(...inListOrder(keyColumns, order.descending))
    .$dynamic();
}

/** How many entries of the order's index a page of ListCondition.walkNear walks before it sorts the matches. */
export const NEAR_WALK = 10_000;

/** The most matches nearItems sorts: past them the page is the walk of the whole order (the planner's choice). */
const SORTED_MATCHES = 10_000;

/**
 * The page's rows of a list whose matches may sit together anywhere in its order (ListCondition.walkNear), in one
 * statement: the first NEAR_WALK entries of the order's index from where the page starts, each tested (an index-only
 * walk when the index carries what the test reads); when they hold no page, the matches (up to SORTED_MATCHES,
 * found through the condition's own index) sorted; past those, the walk of the whole order. Each part runs only when
 * the one before it found too little, so the page is always the list's. Matches are dense wherever a page is near:
 * 10,000 entries find one for a term in 0.2% of the rows spread evenly, in about 4 ms, where a term that matches
 * fewer or together costs the sort of its few thousand matches. Without a cursor, sorted rows carry how many there
 * are (MATCHES_COLUMN, up to SORTED_MATCHES), which is the list's count (runList reads it instead of counting).
 */
function nearItems<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  where: SQL,
  near: NonNullable<ListCondition["walkNear"]>,
  window: Window,
  order: ListOrder,
): PgSelect {
  const { table } = source;
  const keyColumns = [...(order.keys as PgColumn[]), table.id as PgColumn];
  const ascending = (window.direction === "forward") !== order.descending;
  const direction = sql.raw(ascending ? "asc" : "desc");
  const { alias, aliases, named } = keyAliases(keyColumns);
  const seek = window.seek ? seekPast(keyColumns, ascending) : undefined;
  const reads = sql.join([...new Set([...keyColumns, ...near.reads])], sql`, `);
  const reach = pageReach();
  const sortedCap = sql.raw(String(SORTED_MATCHES));
  // Named after the table, the walked entries answer to the table's own column names in `test`.
  const page = sql`(with near as materialized (
        select ${named} from (select ${reads} from ${table} ${seek ? sql`where ${seek}` : sql``}
          order by ${inDirection(keyColumns, direction)} limit ${sql.raw(String(NEAR_WALK))}) as ${sql.identifier(getTableName(table))}
        where ${near.test} limit ${reach}),
      sorted as materialized (
        select ${named} from ${table} where ${and(where, seek)} and (select count(*) from near) < ${reach}
        limit ${sql.raw(String(SORTED_MATCHES + 1))}),
      walked as (
        select ${named} from ${table} where ${and(where, seek)} and (select count(*) from sorted) > ${sortedCap}
        order by ${inDirection(keyColumns, direction)} limit ${reach})
    select ${alias(keyColumns.length - 1)} as list_id, list_matches from (
        select ${aliases}, null::bigint as list_matches from near where (select count(*) from near) >= ${reach}
        union all select ${aliases}, ${seek ? sql`null::bigint` : sql`count(*) over ()`} from sorted
          where (select count(*) from sorted) <= ${sortedCap}
        union all select ${aliases}, null::bigint from walked) as found
    order by ${inDirection(
      keyColumns.map((_, index) => alias(index)),
      direction,
    )}
    limit ${sql.raw(String(PAGE_SIZE + 1))} offset ${param("offset")}) as list_page`;
  return pageRows(db, source, page, keyColumns, order);
}

/** The column of a counted page (countedItems) that carries how many rows match, up to COUNT_CAP + 1. */
export const MATCHES_COLUMN = "__matches";

/**
 * The page's rows in one order, taken from the list's first COUNT_CAP + 1 matches (read in whatever order the
 * planner likes, as the count reads them), each row carrying how many matches there are (MATCHES_COLUMN). When
 * they are COUNT_CAP or fewer they are every match, so the page is the one `orderedItems` walks to and their number
 * is the total: one read of the matches instead of two (the walk, then the count). Past the cap the page is not the
 * list's, only its total is known to be past the cap (runList then walks the list's own page).
 */
function countedItems<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  where: SQL,
  window: Window,
  order: ListOrder,
): PgSelect {
  const { table } = source;
  const keyColumns = [...order.keys, table.id];
  const ascending = (window.direction === "forward") !== order.descending;
  const { alias, aliases, named } = keyAliases(keyColumns);
  // After the count: a cursor moves the page, not the total.
  const seek = window.seek
    ? sql`where (${aliases}) ${sql.raw(ascending ? ">" : "<")} (${seekPlaceholders(keyColumns.length)})`
    : sql``;
  const direction = sql.raw(ascending ? "asc" : "desc");
  const page = sql`(select ${alias(keyColumns.length - 1)} as list_id, list_matches
    from (select ${aliases}, count(*) over () as list_matches
          from (select ${named} from ${table} where ${where} limit ${sql.raw(String(COUNT_CAP + 1))}) as found) as counted
    ${seek}
    order by ${inDirection(
      keyColumns.map((_, index) => alias(index)),
      direction,
    )}
    limit ${sql.raw(String(PAGE_SIZE + 1))} offset ${param("offset")}) as list_page`;
  return pageRows(db, source, page, keyColumns, order);
}

/**
 * The page's rows of a split list (ListSource.split): each part's ids come from its own walk of the (sort…, id)
 * index, the first part's forward and the second's backward, each stopping after as many rows as the page can reach
 * (OFFSET plus one page and one); the two are put in list order, and the page is taken from them. The cursor's
 * part decides where each walk starts: a cursor in the second part leaves the first out altogether.
 */
function splitItems<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  where: SQL | undefined,
  window: Window,
  sort: SortKey[],
  split: SQL,
  carried: SelectedFields,
): PgSelect {
  const { table } = source;
  const keyColumns = [...sort, table.id];
  const forward = window.direction === "forward";
  const seekPart = window.seek?.[0] as 0 | 1 | undefined;
  const { alias, named } = keyAliases(keyColumns);
  const reach = pageReach();
  // Part 0 in sort order, part 1 in reverse; walked the other way round before a cursor.
  const walk = (part: 0 | 1) => {
    const ascending = (part === 0) === forward;
    if (seekPart !== undefined && seekPart !== part && (forward ? seekPart > part : seekPart < part)) return null;
    const seek = seekPart === part ? seekPast(keyColumns, ascending, 1) : undefined;
    const inPart = part === 0 ? sql`(${split})` : sql`not (${split})`;
    const direction = sql.raw(ascending ? "asc" : "desc");
    return sql`(select ${sql.raw(String(part))} as part, ${named} from ${table} where ${and(where, inPart, seek)}
      order by ${inDirection(keyColumns, direction)} limit ${reach})`;
  };
  const walks = ([0, 1] as const).map(walk).filter((part): part is SQL => part !== null);
  // List order (reversed before a cursor): part 0 by its keys ascending, part 1 by its keys descending.
  const inPartOrder = (part: 0 | 1) => {
    const ascending = (part === 0) === forward;
    return keyColumns.map(
      (_, index) =>
        sql`case when part = ${sql.raw(String(part))} then ${alias(index)} end ${sql.raw(ascending ? "asc" : "desc")}`,
    );
  };
  const ids = sql`(select ${alias(keyColumns.length - 1)} from (${sql.join(walks, sql` union all `)}) as parts
    order by part ${sql.raw(forward ? "asc" : "desc")}, ${sql.join([...inPartOrder(0), ...inPartOrder(1)], sql`, `)}
    limit ${sql.raw(String(PAGE_SIZE + 1))} offset ${param("offset")})`;
  const partOf = sql<number>`(case when ${split} then 0 else 1 end)`.mapWith(Number);
  const hidden = cursorColumns([partOf, ...keyColumns]);
  return source
    .from(db, { ...source.fields, ...hidden, ...carried })
    .where(inArray(table.id, ids))
    .orderBy(
      partOf,
      ...keyColumns.map((column) => sql`case when ${split} then ${column} end asc`),
      ...keyColumns.map((column) => sql`case when ${split} then null else ${column} end desc`),
    )
    .$dynamic();
}

/**
 * The planner is asked about a filtered list only when its table holds this many rows: in a smaller one a list it
 * could expect past PLANNED_TOTAL_FROM holds a quarter of the table or more, so counting it up to the cap stops
 * within some 4,000 rows, cheaper than the planning an `EXPLAIN` repeats (a sixth of a mid-sized list's rate).
 */
export const PLANNED_FROM_TABLE_ROWS = 4 * PLANNED_TOTAL_FROM;

/**
 * The statistics target of every searched column (migration 0023): the planner judges a search by that many sampled
 * values, each standing for that share of the table.
 */
const SEARCH_STATISTICS_TARGET = 1_000;
/** Sampled values a planner's estimate must rest on before it stands for a total (see PLANNED_TOTAL_FROM). */
const TRUSTED_SAMPLES = 5;

/**
 * From how many expected rows a filtered list answers the planner's estimate: PLANNED_TOTAL_FROM, or in a table so
 * big that it is fewer than TRUSTED_SAMPLES sampled values, that many values' worth of rows.
 */
export function plannedTotalFrom(tableRows: number | undefined): number {
  return Math.max(PLANNED_TOTAL_FROM, ((tableRows ?? 0) * TRUSTED_SAMPLES) / SEARCH_STATISTICS_TARGET);
}

/** How long a table's size, as the catalogue tells it, is taken as known: it only decides whether to ask. */
const TABLE_ROWS_KEPT_MS = 60_000;
const tableRowsSeen = new WeakMap<object, Map<string, { rows: number; until: number }>>();

/** The catalogue's row estimate of `table` in the database `scope` stands for, read at most once a minute. */
async function recentTableRows(scope: object, table: string, read: () => Promise<number>): Promise<number> {
  let byTable = tableRowsSeen.get(scope);
  if (!byTable) {
    byTable = new Map();
    tableRowsSeen.set(scope, byTable);
  }
  const seen = byTable.get(table);
  const now = Date.now();
  if (seen && seen.until > now) return seen.rows;
  const rows = await read();
  byTable.set(table, { rows, until: now + TABLE_ROWS_KEPT_MS });
  return rows;
}

/** `EXPLAIN` of a statement: the planner reads its statistics with the request's values, and runs nothing. */
const EXPLAIN = "explain (format json) ";

/** The rows the top node of an `EXPLAIN (FORMAT JSON)` answer expects. */
export function plannedRows(rows: Record<string, unknown>[]): number {
  const document = rows[0]?.["QUERY PLAN"];
  const plans = (typeof document === "string" ? JSON.parse(document) : document) as { Plan: { "Plan Rows": number } }[];
  return Number(plans[0]?.Plan["Plan Rows"] ?? 0);
}

/** The SQL text and parameters of each statement of a request, as the driver receives them (the benchmark). */
export function listStatements(queries: ListQueries, values: Record<string, unknown>) {
  const filled = (query: PgSelect) => {
    const { sql: text, params } = query.toSQL();
    return { sql: text, params: fillPlaceholders(params, values) };
  };
  const planned = queries.planned ? filled(queries.planned) : null;
  return {
    items: filled(queries.items),
    counted: queries.counted ? filled(queries.counted) : null,
    count: filled(queries.count),
    estimate: queries.estimate ? filled(queries.estimate) : null,
    tableRows: filled(queries.tableRows),
    planned: planned ? { sql: EXPLAIN + planned.sql, params: planned.params } : null,
    walk: queries.walk ? filled(queries.walk) : null,
    bound: queries.bound ? filled(queries.bound) : null,
    boundExact: queries.boundExact,
    itemsGeneric: queries.itemsGeneric,
    countGeneric: queries.countGeneric,
    countedFirst: queries.countedFirst,
    countedGeneric: queries.countedGeneric,
    table: queries.table,
  };
}

type Statement = { sql: string; params: unknown[] };

type StatementQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * `listStatements` run through `query` (SQL text and parameters to rows): the benchmark's driver baseline. `generic`
 * runs the statements the API names on connections that keep one plan (ListQueries.countedGeneric, walk,
 * itemsGeneric and countGeneric), on PostgreSQL; without it (PGlite) they run as the API runs them there: the
 * counted page through `query`, no walk.
 */
export function statementRunner(
  statements: ReturnType<typeof listStatements>,
  query: StatementQuery,
  generic?: StatementQuery,
): ListRunner {
  const rows = (statement: Statement, on = query) => on(statement.sql, statement.params);
  // Where a statement the API keeps one plan for runs: on `generic` when there is one.
  const keptOr = (keeps: boolean) => (keeps && generic ? generic : query);
  // The SQL text names no columns (drizzle reads its answers by position): the one value of a one-row answer.
  const value = async (statement: Statement, on = query) =>
    Number(Object.values((await rows(statement, on))[0] ?? {})[0] ?? -1);
  const { estimate, planned, counted, countedFirst, walk, bound, boundExact } = statements;
  let fetched: Record<string, unknown>[] = [];
  return {
    countedFirst,
    boundExact,
    items: async () => {
      const { items } = statements;
      fetched = await rows(items, keptOr(statements.itemsGeneric));
      return fetched;
    },
    counted: counted ? () => rows(counted, keptOr(statements.countedGeneric)) : null,
    walk:
      walk && generic
        ? async () => {
            fetched = await generic(walk.sql, walk.params);
            return fetched;
          }
        : null,
    count: () => value(statements.count, keptOr(statements.countGeneric)),
    bound: bound ? () => unlessCommon(query, bound.params.join("|"), () => value(bound)) : null,
    estimate: estimate ? async () => carriedNumber(fetched, ESTIMATE_COLUMN) ?? value(estimate) : null,
    tableRows: () => recentTableRows(query, statements.table, () => value(statements.tableRows)),
    planned: planned ? async () => plannedRows(await rows(planned)) : null,
  };
}

/**
 * A number the page's rows carry in `column`, or undefined for an empty page or a page that carries none: an
 * unfiltered list's estimate (ESTIMATE_COLUMN), or how many rows match (MATCHES_COLUMN, nearItems' sorted matches).
 */
function carriedNumber(fetched: Record<string, unknown>[], column: string): number | undefined {
  const carried = fetched[0]?.[column];
  return carried === undefined || carried === null ? undefined : Number(carried);
}

/** Runs one list request's statements: how the API answers, and what the benchmark's baseline repeats on the driver. */
export interface ListRunner {
  items(): Promise<Record<string, unknown>[]>;
  /** The page from the first COUNT_CAP + 1 matches, each row with their number (countedItems). */
  counted?: (() => Promise<Record<string, unknown>[]>) | null;
  count(): Promise<number>;
  estimate: (() => Promise<number>) | null;
  /** The table's size, which decides whether `planned` is worth asking (null: ask). */
  tableRows: (() => Promise<number>) | null;
  /** The planner's estimate of an estimable filtered list's rows. */
  planned: (() => Promise<number>) | null;
  /** Read `counted` before asking `planned` (ListQueries.countedFirst). */
  countedFirst?: boolean;
  /** The page's walk for a term the planner expects past plannedTotalFrom (ListQueries.walk); else `items`. */
  walk?: (() => Promise<Record<string, unknown>[]>) | null;
  /**
   * The most rows the list can match (ListQueries.bound), with `counted`; undefined for a term known to be common
   * (match-bound.ts, unlessCommon), which runs as without a bound.
   */
  bound?: (() => Promise<number | undefined>) | null;
  /** `bound` is the number of matches itself (MatchBound.exact). */
  boundExact?: boolean;
}

/** 123,456 → 120,000: a planner's guess at a filtered list is no better than its first two digits. */
function twoDigits(value: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / unit) * unit;
}

type ListAnswer = { fetched: Record<string, unknown>[]; total: number; totalKind: TotalKind };

/** The answer of an OFFSET page that ends inside itself (the list ends there, and that is its total), or null. */
function endedInPage(window: Window, fetched: Record<string, unknown>[]): ListAnswer | null {
  const ends = !window.seek && fetched.length <= PAGE_SIZE && (fetched.length > 0 || window.offset === 0);
  return ends ? { fetched, total: window.offset + fetched.length, totalKind: "exact" } : null;
}

/** `fetched` past the cap: "more than COUNT_CAP". */
const cappedTotal = (fetched: Record<string, unknown>[]): ListAnswer => ({
  fetched,
  total: COUNT_CAP,
  totalKind: "capped",
});

/** `fetched` with the planner's `estimate`, to two digits, as its total. */
const estimatedTotal =
  (estimate: number) =>
  (fetched: Record<string, unknown>[]): ListAnswer => ({ fetched, total: twoDigits(estimate), totalKind: "estimated" });

/** `fetched` with the count up to the cap as its total. */
async function countedTotal(fetched: Record<string, unknown>[], runner: ListRunner): Promise<ListAnswer> {
  const counted = carriedNumber(fetched, MATCHES_COLUMN) ?? (await runner.count());
  return counted > COUNT_CAP ? cappedTotal(fetched) : { fetched, total: counted, totalKind: "exact" };
}

/**
 * The page first; then the total: known from the page when an OFFSET page ends inside it (the list ends there), else
 * the catalogue's estimate for an unfiltered list past the cap, or the planner's for a filtered one it expects past
 * plannedTotalFrom, else the count up to the cap. A list with a counted page (`counted`) the planner is asked about
 * asks it first, and below plannedTotalFrom reads its page and total together (countedItems); under a bounded
 * condition it reads that counted page first, and asks the planner only past the cap (countedFirst). Before all
 * that, a list whose matches a trigram rollup bounds (`bound`) reads the counted page alone when it cannot match
 * more than the cap, and for a one-trigram term takes the rollup's count as its count.
 */
export async function runList(window: Window, given: ListRunner): Promise<ListAnswer> {
  let runner = given;
  // Read once, and only for a list the planner may be asked about.
  let tableRows: Promise<number | undefined> | undefined;
  const sizeOfTable = () => {
    tableRows ??= runner.planned && runner.tableRows ? runner.tableRows() : Promise.resolve(undefined);
    return tableRows;
  };
  const most = given.counted && given.bound ? await given.bound() : undefined;
  if (given.counted && most !== undefined) {
    if (given.boundExact) runner = { ...given, count: async () => Math.min(most, COUNT_CAP + 1) };
    if (most <= COUNT_CAP || (!given.boundExact && most <= READ_FIRST_WITHIN)) {
      // The matches are among that few rows: the counted page reads them, and within the cap carries the total.
      const { fetched, matches } = await countedPage(runner, given.counted);
      if (matches <= COUNT_CAP) return { fetched, total: matches, totalKind: "exact" };
      // Past the cap (for an exact bound, only if rows were added between the two statements): no count again.
      runner = { ...runner, count: async () => COUNT_CAP + 1 };
    } else if (given.boundExact) {
      // Past the cap, the matches are dense enough for the page's walk with one plan (ListQueries.walk), which a
      // plan made for the term picks too after weighing the pattern again.
      if (runner.walk) runner = { ...runner, items: runner.walk };
      // Too few for the planner's estimate to be the answer: "more than COUNT_CAP", without asking it.
      if (most < plannedTotalFrom(await sizeOfTable())) return ownPage(window, runner, cappedTotal);
    }
  }
  const asksPlanner = (rows: number | undefined) => rows === undefined || rows >= PLANNED_FROM_TABLE_ROWS;
  if (runner.counted && runner.planned) {
    const rows = await sizeOfTable();
    if (asksPlanner(rows)) {
      const first = runner.countedFirst ? countedFirst : plannerFirst;
      return first(window, runner, runner.counted, runner.planned, rows);
    }
  }
  const fetched = await runner.items();
  const ended = endedInPage(window, fetched);
  if (ended) return ended;
  // A page that carries its matches' number within the cap (a several-word search's) has its total.
  const carried = carriedNumber(fetched, MATCHES_COLUMN);
  if (carried !== undefined && carried <= COUNT_CAP) return { fetched, total: carried, totalKind: "exact" };
  if (runner.estimate) {
    const estimate = Math.round(await runner.estimate());
    if (estimate > COUNT_CAP) return { fetched, total: estimate, totalKind: "estimated" };
  }
  const rows = await sizeOfTable();
  if (runner.planned && asksPlanner(rows)) {
    const planned = await runner.planned();
    if (planned >= plannedTotalFrom(rows)) return estimatedTotal(planned)(fetched);
  }
  return countedTotal(fetched, runner);
}

/**
 * The trigram bound (ListCondition.matchBound) of a term it does not count exactly under which the list's counted
 * page is read first: its first COUNT_CAP + 1 matches are among that many rows, where the page's own walk in the
 * list's order finds a page of a term that matches a handful of them only past most of the table (a two-word search
 * that matches nothing walked a million names: 900 ms).
 */
const READ_FIRST_WITHIN = COMMON_BOUND;

/**
 * The planner's estimate under which a list's page is read counted (countedItems). Estimates are rough: one near the
 * cap often hides a list past it (a venue's 2,000 accepted, captured one-time bookings were expected as 1,013), and
 * past the cap the counted page costs more than the count it replaces (the matches are also ordered and the page's
 * rows joined, for nothing).
 */
const COUNTED_PAGE_BELOW = COUNT_CAP / 2;

/** The order in which a list with a counted page reads it and asks the planner (plannerFirst, countedFirst). */
type CountedOrder = (
  window: Window,
  runner: ListRunner,
  counted: () => Promise<Record<string, unknown>[]>,
  planned: () => Promise<number>,
  tableRows: number | undefined,
) => Promise<ListAnswer>;

/**
 * runList for a list with a counted page: the planner's estimate first. Past plannedTotalFrom the list's own page and
 * that estimate (or the page's end); below COUNTED_PAGE_BELOW the counted page, whose rows carry the total; between
 * the two the page, then the count. Every answer is the one the page-first order gives: past the cap (the counted
 * page is not the list's then) the list's own page is read, and an empty counted page (no match, or a page past the
 * end, or past the cap) is counted.
 */
const plannerFirst: CountedOrder = async (window, runner, counted, planned, tableRows) => {
  const estimate = await planned();
  if (estimate >= plannedTotalFrom(tableRows)) return ownPage(window, runner, estimatedTotal(estimate), runner.walk);
  // Likely past the cap, where the counted page would be read for nothing: the page, then the count.
  if (estimate >= COUNTED_PAGE_BELOW) return ownPage(window, runner, (fetched) => countedTotal(fetched, runner));
  const { fetched, matches } = await countedPage(runner, counted);
  if (matches > COUNT_CAP) return ownPage(window, runner, cappedTotal);
  return { fetched, total: matches, totalKind: "exact" };
};

/**
 * runList for a list under a bounded condition (ListCondition.bounded): the counted page first, whose rows carry
 * the total when the matches are within the cap; past it the planner's estimate, or the cap, with the list's own
 * page. Answers as plannerFirst does, except where the planner expects plannedTotalFrom rows or more of a list
 * that holds no more than the cap: that list is counted, not estimated.
 */
const countedFirst: CountedOrder = async (window, runner, counted, planned, tableRows) => {
  const { fetched, matches } = await countedPage(runner, counted);
  if (matches <= COUNT_CAP) return { fetched, total: matches, totalKind: "exact" };
  const estimate = await planned();
  return ownPage(window, runner, estimate >= plannedTotalFrom(tableRows) ? estimatedTotal(estimate) : cappedTotal);
};

/** The counted page and how many rows match, counted apart when the page is empty (no match, or past the end). */
async function countedPage(runner: ListRunner, counted: () => Promise<Record<string, unknown>[]>) {
  const fetched = await counted();
  const matches = fetched.length > 0 ? Number(fetched[0]?.[MATCHES_COLUMN]) : await runner.count();
  return { fetched, matches };
}

/** The list's own page (read by `walk` when given), and `totalOf` it unless the page ends the list. */
async function ownPage(
  window: Window,
  runner: ListRunner,
  totalOf: (fetched: Record<string, unknown>[]) => ListAnswer | Promise<ListAnswer>,
  walk?: (() => Promise<Record<string, unknown>[]>) | null,
): Promise<ListAnswer> {
  const fetched = await (walk ?? runner.items)();
  return endedInPage(window, fetched) ?? totalOf(fetched);
}

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

interface PreparedList {
  items: Prepared;
  counted: Prepared | null;
  count: Prepared;
  estimate: Prepared | null;
  tableRows: Prepared;
  planned: Prepared | null;
  countedFirst: boolean;
  /** ListQueries.walk, named on the connections that keep one plan; null where there are none (PGlite). */
  walk: Prepared | null;
  /** The same for an exact bound and a ceiling: which it is comes with each request's condition. */
  bound: Prepared | null;
  table: string;
}

/** Runs SQL text with its parameters on either driver (node-postgres' pool and PGlite answer alike). */
interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** `EXPLAIN` of a built statement, with the request's values bound as the statement itself would have them. */
function explained(db: Db, query: PgSelect): Prepared {
  const { sql: text, params } = query.toSQL();
  const client = (db as unknown as { $client: RawClient }).$client;
  return {
    execute: async (values) => (await client.query(EXPLAIN + text, fillPlaceholders(params, values))).rows,
  };
}

/** Built statements by database, list and shape (see preparedList for which are named on the server). */
const preparedLists = new WeakMap<object, WeakMap<object, Map<string, PreparedList>>>();
/**
 * Whether a request's list statements are named on the server. drizzle's `prepare(name)` names a server-side
 * statement, which may come to run one generic plan for every value: a plan that ignores the search term or the
 * filter's value. The unnamed form keeps the built SQL and its row mapping only, and PostgreSQL plans each request
 * with its values. A request whose conditions take no value (none, or the list's own fixed ones) has nothing of the
 * kind, only where its page starts, so its statements are named: each connection receives and parses them once,
 * which for a list with joins and aggregates costs more than running the page.
 */
export function runsNamed(condition: ListCondition): boolean {
  return Object.keys(condition.values).length === 0;
}

/** Server-side statement names handed out in this process: each named statement's SQL is its own. */
let namedStatements = 0;

/** The statements of one list request's shape, built once and kept (exported for the tests of their wiring). */
export function preparedList<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  condition: ListCondition,
  window: Window,
  sort: OrderInput,
): PreparedList {
  let bySource = preparedLists.get(db);
  if (!bySource) {
    bySource = new WeakMap();
    preparedLists.set(db, bySource);
  }
  let byKey = bySource.get(source);
  if (!byKey) {
    byKey = new Map();
    bySource.set(source, byKey);
  }
  const key = statementKey(condition, window, splitOf(source, sort) !== undefined, orderOf(source, sort));
  let prepared = byKey.get(key);
  if (!prepared) {
    const queries = listQueries(db, source, condition, window, sort);
    const unnamed = (query: PgSelect) => (query as unknown as { _prepare(): Prepared })._prepare();
    const build = runsNamed(condition)
      ? (query: PgSelect) => query.prepare(`list_${++namedStatements}`) as unknown as Prepared
      : unnamed;
    const tableRows = unnamed(queries.tableRows);
    // A bounded list's counted page, a common term's walk, a several-word term's pairs and the page of filters whose
    // values are each one index range, which suit one plan (ListQueries.countedGeneric, walk, itemsGeneric,
    // countGeneric), are named on connections that keep it: planning them took longer than reading them
    // (PostgreSQL's pool; PGlite plans every statement).
    const keeper = queries.countedGeneric || queries.walk || queries.itemsGeneric ? genericTwinOf(db) : undefined;
    const kept = keeper && listQueries(keeper, source, condition, window, sort);
    const keptPlan = (query: PgSelect | null | undefined) =>
      query ? (query.prepare(`list_${++namedStatements}`) as unknown as Prepared) : null;
    const counted = kept && queries.countedGeneric ? keptPlan(kept.counted) : queries.counted && build(queries.counted);
    prepared = {
      items: kept && queries.itemsGeneric ? (keptPlan(kept.items) as Prepared) : build(queries.items),
      counted,
      count: kept && queries.countGeneric ? (keptPlan(kept.count) as Prepared) : build(queries.count),
      // The same statement: an unfiltered list's estimate is its table's size.
      estimate: queries.estimate ? tableRows : null,
      tableRows,
      planned: queries.planned ? explained(db, queries.planned) : null,
      countedFirst: queries.countedFirst,
      walk: kept ? keptPlan(kept.walk) : null,
      bound: queries.bound && unnamed(queries.bound),
      table: queries.table,
    };
    byKey.set(key, prepared);
  }
  return prepared;
}

/** One page of a list, its total and the cursors of its neighbours. */
export async function listPage<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  condition: ListCondition,
  request: PageRequest,
  /** The order of this request when it differs from the source's (nameSearch's short terms, a chosen `sort`). */
  sort: OrderInput = source.sort,
): Promise<PageResult<Row<TFields>>> {
  const split = splitOf(source, sort) !== undefined;
  const order = orderOf(source, sort);
  const window = resolveWindow(request, order, split);
  const { items, counted, count, estimate, tableRows, planned, countedFirst, walk, bound, table } = preparedList(
    db,
    source,
    condition,
    window,
    sort,
  );
  const catalogueRows = async (statement: Prepared) =>
    Number(((await statement.execute({})) as { estimate: number }[])[0]?.estimate ?? -1);
  const values = listValues(condition, window);
  let fetchedRows: Record<string, unknown>[] = [];
  const { fetched, total, totalKind } = await runList(window, {
    items: async () => {
      fetchedRows = (await items.execute(values)) as Record<string, unknown>[];
      return fetchedRows;
    },
    counted: counted
      ? async () => {
          fetchedRows = (await counted.execute(values)) as Record<string, unknown>[];
          return fetchedRows;
        }
      : null,
    count: async () => Number(((await count.execute(values)) as { total: number }[])[0]?.total ?? 0),
    estimate: estimate ? async () => carriedNumber(fetchedRows, ESTIMATE_COLUMN) ?? catalogueRows(estimate) : null,
    tableRows: () => recentTableRows(db, table, () => catalogueRows(tableRows)),
    planned: planned ? async () => plannedRows((await planned.execute(values)) as Record<string, unknown>[]) : null,
    countedFirst,
    walk: walk
      ? async () => {
          fetchedRows = (await walk.execute(values)) as Record<string, unknown>[];
          return fetchedRows;
        }
      : null,
    bound: bound
      ? () =>
          unlessCommon(db, `${table}|${values.grams}`, async () =>
            Number(((await bound.execute(values)) as { most: number }[])[0]?.most ?? 0),
          )
      : null,
    // Read per request, not from the prepared set: that set is shared by every term of the condition's shape, and
    // whether the bound counts exactly depends on the term itself (a three-letter term's one trigram).
    boundExact: condition.matchBound?.exact === true,
  });
  // A split list's key starts with the part of the list the row is in.
  const keyCount = order.keys.length + 1 + (split ? 1 : 0);
  const more = fetched.length > PAGE_SIZE;
  const forward = window.direction === "forward";
  // The extra row is the one past the page in the walking direction.
  const page = more ? (forward ? fetched.slice(0, PAGE_SIZE) : fetched.slice(1)) : fetched;
  const keyOf = (row: Record<string, unknown>) => Array.from({ length: keyCount }, (_, index) => row[`__key${index}`]);
  const rows = page.map((row) => {
    const copy = { ...row };
    for (let index = 0; index < keyCount; index++) delete copy[`__key${index}`];
    delete copy[ESTIMATE_COLUMN];
    delete copy[MATCHES_COLUMN];
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
    next: hasNext && last ? encodeCursor({ page: request.page, key: keyOf(last), sort: order.requested }) : null,
    previous:
      hasPrevious && first ? encodeCursor({ page: request.page, key: keyOf(first), sort: order.requested }) : null,
  };
}
