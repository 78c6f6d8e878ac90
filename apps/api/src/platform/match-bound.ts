import { type Placeholder, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * A table's rollup of how many rows' search text holds each trigram: three ASCII letters or digits in a row of the
 * text (the database's `ascii_trigrams`, kept by triggers in the same transaction as the rows; migration 0027).
 */
export interface TrigramRollup {
  table: PgTable;
  trigram: PgColumn;
  rows: PgColumn;
}

/**
 * How many rows a search can match at most, read from a trigram rollup before any row is read
 * (ListCondition.matchBound): every row whose text holds the term holds each of its trigrams, so the rarest
 * trigram's count bounds the matches; a term that is one trigram matches exactly that many.
 */
export interface MatchBound {
  rollup: TrigramRollup;
  /** The bound is the number of matches, not only a ceiling: the term is three ASCII letters or digits. */
  exact: boolean;
}

const TRIGRAM = 3;

/**
 * The trigrams every row matching `term` holds in its lower-cased text: each three ASCII letters or digits in a row
 * of the term, lower-cased. Only ASCII: its lower case is the same in JavaScript and in PostgreSQL, where another
 * character's need not be (a character that folds to an ASCII letter only ends a run here, which keeps the bound a
 * bound). Sorted, without repeats.
 */
export function termTrigrams(term: string): string[] {
  const grams = new Set<string>();
  for (const run of term.split(/[^A-Za-z0-9]+/)) {
    const folded = run.toLowerCase();
    for (let at = 0; at + TRIGRAM <= folded.length; at++) grams.add(folded.slice(at, at + TRIGRAM));
  }
  return [...grams].sort();
}

/** `term`'s bound over `rollup` and the values its statement takes, or undefined when the term has no trigram. */
export function matchBoundOf(
  term: string,
  rollup: TrigramRollup | undefined,
): { matchBound: MatchBound; values: { grams: string; gramCount: number } } | undefined {
  if (!rollup) return undefined;
  const grams = termTrigrams(term);
  if (grams.length === 0) return undefined;
  return {
    matchBound: { rollup, exact: /^[A-Za-z0-9]{3}$/.test(term) },
    // One text parameter: a trigram holds no comma, and both drivers pass text alike (arrays they would not).
    values: { grams: grams.join(","), gramCount: grams.length },
  };
}

/**
 * The bound's statement: the smallest count among the term's trigrams, 0 when one of them is in no row (it has no
 * row in the rollup). One primary-key lookup per trigram.
 */
export function boundColumns(rollup: TrigramRollup, grams: Placeholder, gramCount: Placeholder) {
  return {
    most: sql<number>`case when count(*) < ${gramCount} then 0 else coalesce(min(${rollup.rows}), 0) end`.mapWith(
      Number,
    ),
    where: sql`${rollup.trigram} = any(string_to_array(${grams}, ','))`,
  };
}

/**
 * A bound from which nothing is read differently: past it a term's counted page would read more rows than its own
 * page and the planner's estimate do (READ_FIRST_WITHIN in list-query.ts, ten times COUNT_CAP).
 */
export const COMMON_BOUND = 10_000;

/** How long a term found common is taken as common without reading its bound again. */
const COMMON_KEPT_MS = 60_000;
/** Terms remembered per database at most; past it the memory starts again (a minute's typing is far fewer). */
const COMMON_KEPT_TERMS = 5_000;
const commonTerms = new WeakMap<object, Map<string, number>>();

/**
 * The bound `read` reads, or undefined for a term found common in the last minute: the one statement a common term
 * added (its trigrams' counts, for nothing) costs a fifth of such a search's rate. Undefined asks the list to run as
 * without a bound, which reads every answer from the rows themselves, so a count that has fallen since cannot make
 * an answer wrong; only the rollup's fresh counts are ever taken as a total.
 */
export async function unlessCommon(
  scope: object,
  key: string,
  read: () => Promise<number>,
): Promise<number | undefined> {
  let terms = commonTerms.get(scope);
  if (!terms) {
    terms = new Map();
    commonTerms.set(scope, terms);
  }
  const now = Date.now();
  const until = terms.get(key);
  if (until !== undefined && until > now) return undefined;
  const most = await read();
  if (most > COMMON_BOUND) {
    if (terms.size >= COMMON_KEPT_TERMS) terms.clear();
    terms.set(key, now + COMMON_KEPT_MS);
  } else if (until !== undefined) terms.delete(key);
  return most;
}
