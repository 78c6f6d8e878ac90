import { COUNT_CAP, PAGE_SIZE } from "@palco/shared";
import { and, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "./db.ts";
import {
  escapeLike,
  inDirection,
  keyAliases,
  type ListOrder,
  type ListSource,
  pageReach,
  pageRows,
  param,
  type SortKey,
  seekPast,
  seekPlaceholders,
  type Window,
} from "./list-query.ts";

/**
 * A table of every two words next to each other in a list's search text (split at each space, lower-cased as the
 * text is), kept by triggers in the same transaction as the rows (migration 0028 for cities). Its index on `key`
 * (the first word's last two characters, a space, the next word's first two) followed by the list's order keys and
 * the row's id serves a search of several words in the list's order, index only.
 */
export interface WordPairs {
  table: PgTable;
  key: PgColumn;
  firstWord: PgColumn;
  nextWord: PgColumn;
  /** The row the pair is from. */
  rowId: PgColumn;
  /** The list's order keys as the pairs carry them: the list's column, then the pairs' copy of it. */
  orderKeys: [list: PgColumn, pairs: PgColumn][];
}

/** How many characters of each word a pair's key holds. */
const KEY_CHARACTERS = 2;

/** The placeholders of a pairs search, filled from the term by wordPairsOf. */
const PAIR_VALUES = ["pairKeyFirst", "pairKeyNext", "pairFirst", "pairNext"] as const;

/**
 * A term of several words as a probe of `pairs`, or undefined when the pairs cannot find its matches exactly. A term
 * `w1 w2 … wn` (single spaces) is in a text exactly when the text has a pair whose first word ends with w1 and whose
 * next word is w2 (starts with it, when it is the last word), and the whole term is in that row's text: a space only
 * ever sits between two words. The probe is exact for two words; past two, `recheck` tests the whole term on the row.
 * The key needs two characters of w1 and of w2 (all of a middle word, which the next word must equal): a term
 * whose words are shorter, or that holds two spaces in a row, is searched as before.
 */
export function wordPairsOf(
  term: string,
  pairs: WordPairs | undefined,
): { pairs: WordPairs; recheck: boolean; values: Record<(typeof PAIR_VALUES)[number], string> } | undefined {
  if (!pairs) return undefined;
  const words = term.split(" ");
  if (words.length < 2 || words.some((word) => word === "")) return undefined;
  const [first, next] = words as [string, string];
  const lastIsNext = words.length === 2;
  const length = (word: string) => [...word].length;
  if (length(first) < KEY_CHARACTERS || (lastIsNext && length(next) < KEY_CHARACTERS)) return undefined;
  return {
    pairs,
    recheck: !lastIsNext,
    values: {
      pairKeyFirst: first,
      pairKeyNext: next,
      pairFirst: `%${escapeLike(first)}`,
      pairNext: lastIsNext ? `${escapeLike(next)}%` : escapeLike(next),
    },
  };
}

/**
 * The pairs that hold a term's first two words (wordPairsOf): an equality probe of the key's index, the words
 * tested on its entries. Lower-cased by the database, as the search text is, once per run: the statement keeps one
 * plan for every term (ListQueries.itemsGeneric), where an expression of a parameter is computed again for every
 * entry it tests.
 */
function pairsMatch(pairs: WordPairs): SQL {
  const [keyFirst, keyNext, first, next] = PAIR_VALUES.map(param);
  const characters = sql.raw(String(KEY_CHARACTERS));
  return sql`${pairs.key} = right(lower(${keyFirst}), ${characters}) || ' ' || left(lower(${keyNext}), ${characters})
    and ${pairs.firstWord} like (select lower(${first})) and ${pairs.nextWord} like (select lower(${next}))`;
}

/**
 * The pairs' own columns for the list's order `keys`, then the row's id: undefined when the pairs do not carry
 * every key (an order chosen by another column), which the list's other walks serve.
 */
export function pairKeysOf(pairs: WordPairs, keys: SortKey[]): PgColumn[] | undefined {
  const carried = keys.map((key) => pairs.orderKeys.find(([list]) => list === key)?.[1]);
  if (carried.some((column) => column === undefined)) return undefined;
  return [...(carried as PgColumn[]), pairs.rowId];
}

/** The pairs a term's rows are found by, each tested on its row when the term has more words than a pair. */
function pairsFound(table: PgTable & { id: PgColumn }, probe: { pairs: WordPairs; recheck: boolean }, where: SQL) {
  const { pairs } = probe;
  const recheck = probe.recheck
    ? sql`exists (select 1 from ${table} where ${table.id} = ${pairs.rowId} and ${where})`
    : undefined;
  return and(pairsMatch(pairs), recheck) as SQL;
}

/**
 * The term's first COUNT_CAP + 1 rows as the order's keys (k0, k1…), in order from the key's index, a row with the
 * pair twice once: the page's rows when they are every match, and the count up to the cap.
 */
function firstMatches(
  table: PgTable & { id: PgColumn },
  probe: { pairs: WordPairs; recheck: boolean },
  where: SQL,
  pairKeys: PgColumn[],
): SQL {
  const { named, aliases } = keyAliases(pairKeys);
  return sql`select distinct ${named} from ${probe.pairs.table} where ${pairsFound(table, probe, where)}
    order by ${aliases} limit ${sql.raw(String(COUNT_CAP + 1))}`;
}

/**
 * The page's rows of a several-word search through its word pairs (ListCondition.wordPairs), in one statement: the
 * term's first COUNT_CAP + 1 rows in the order's keys (a row with the pair twice is one), read in order from the
 * key's index; when they are every match, the page is taken from them, else walked from the index past the cursor.
 * Every row carries how many there are (MATCHES_COLUMN, up to COUNT_CAP + 1), on every page: the total whether the
 * term's rows sit together in the list's order or are spread through it.
 */
export function pairItems<TFields extends SelectedFields>(
  db: Db,
  source: ListSource<TFields>,
  probe: { pairs: WordPairs; recheck: boolean },
  where: SQL,
  pairKeys: PgColumn[],
  window: Window,
  order: ListOrder,
): PgSelect {
  const { table } = source;
  const { pairs } = probe;
  const keyColumns = [...order.keys, table.id];
  const ascending = (window.direction === "forward") !== order.descending;
  const direction = sql.raw(ascending ? "asc" : "desc");
  const found = pairsFound(table, probe, where);
  const { alias, aliases, named } = keyAliases(pairKeys);
  const keys = pairKeys.map((_, index) => alias(index));
  const cap = sql.raw(String(COUNT_CAP));
  const seekPairs = window.seek ? seekPast(pairKeys, ascending) : undefined;
  // After the count: a cursor moves the page, not the total.
  const seekFound = window.seek
    ? sql`and (${aliases}) ${sql.raw(ascending ? ">" : "<")} (${seekPlaceholders(keys.length)})`
    : sql``;
  const page = sql`(with matches as materialized (${firstMatches(table, probe, where, pairKeys)}),
      counted as materialized (select count(*) as matched from matches),
      beyond as (
        select distinct ${named} from ${pairs.table} where ${and(found, seekPairs)}
          and (select matched from counted) > ${cap}
        order by ${inDirection(keys, direction)} limit ${pageReach()})
    select ${alias(keys.length - 1)} as list_id, (select matched from counted) as list_matches from (
        select ${aliases} from matches where (select matched from counted) <= ${cap} ${seekFound}
        union all select ${aliases} from beyond) as found
    order by ${inDirection(keys, direction)}
    limit ${sql.raw(String(PAGE_SIZE + 1))} offset ${param("offset")}) as list_page`;
  return pageRows(db, source, page, keyColumns, order);
}

/** How many rows a several-word search's pairs find, up to COUNT_CAP + 1 (ListQueries.count). */
export function pairCount(
  db: Db,
  table: PgTable & { id: PgColumn },
  probe: { pairs: WordPairs; recheck: boolean },
  where: SQL,
  pairKeys: PgColumn[],
): PgSelect {
  return db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`(${firstMatches(table, probe, where, pairKeys)}) as capped`)
    .$dynamic();
}
