import { afterEach, describe, expect, it, vi } from "vitest";
import { citySearchTrigrams } from "../src/modules/cities/schema.ts";
import { COMMON_BOUND, matchBoundOf, termTrigrams, unlessCommon } from "../src/platform/match-bound.ts";

const rollup = { table: citySearchTrigrams, trigram: citySearchTrigrams.trigram, rows: citySearchTrigrams.cities };

describe("a search term's trigrams", () => {
  it("are each three ASCII letters or digits in a row, lower-cased, sorted, without repeats", () => {
    expect(termTrigrams("San Pedro")).toEqual(["dro", "edr", "ped", "san"]);
    expect(termTrigrams("PLC-SH5JVG")).toEqual(["5jv", "h5j", "jvg", "plc", "sh5"]);
    expect(termTrigrams("aaaa")).toEqual(["aaa"]);
    // Other characters end a run: their lower case need not be the same in JavaScript and PostgreSQL.
    expect(termTrigrams("Ñandú")).toEqual(["and"]);
    expect(termTrigrams("ñoño")).toEqual([]);
    expect(termTrigrams("50%_x")).toEqual([]);
    expect(termTrigrams("ab")).toEqual([]);
  });

  it("bound a term with one, exactly when the term is one trigram", () => {
    expect(matchBoundOf("Qui", rollup)).toEqual({
      matchBound: { rollup, exact: true },
      values: { grams: "qui", gramCount: 1 },
    });
    expect(matchBoundOf("quie", rollup)?.matchBound.exact).toBe(false);
    expect(matchBoundOf("qu í", rollup)).toBeUndefined();
    expect(matchBoundOf("qui", undefined)).toBeUndefined();
  });
});

describe("a term found common", () => {
  afterEach(() => vi.useRealTimers());

  it("is not bounded again for a minute, and a rare one is bounded every time", async () => {
    vi.useFakeTimers({ now: new Date("2026-12-07T10:00:00Z") });
    const scope = {};
    let reads = 0;
    const read = (most: number) => async () => {
      reads += 1;
      return most;
    };
    expect(await unlessCommon(scope, "cities|san", read(COMMON_BOUND + 1))).toBe(COMMON_BOUND + 1);
    expect(await unlessCommon(scope, "cities|san", read(COMMON_BOUND + 1))).toBeUndefined();
    expect(await unlessCommon(scope, "cities|buf", read(702))).toBe(702);
    expect(await unlessCommon(scope, "cities|buf", read(702))).toBe(702);
    expect(await unlessCommon(scope, "cities|pot", read(COMMON_BOUND))).toBe(COMMON_BOUND);
    expect(await unlessCommon(scope, "cities|pot", read(COMMON_BOUND))).toBe(COMMON_BOUND);
    expect(reads).toBe(5);
    // Another database keeps its own memory.
    expect(await unlessCommon({}, "cities|san", read(COMMON_BOUND + 1))).toBe(COMMON_BOUND + 1);
    // A minute on, read again: fewer now (most cities holding it deleted), and bounded from then on.
    vi.advanceTimersByTime(60_001);
    expect(await unlessCommon(scope, "cities|san", read(40))).toBe(40);
    expect(await unlessCommon(scope, "cities|san", read(40))).toBe(40);
    expect(reads).toBe(8);
  });
});
