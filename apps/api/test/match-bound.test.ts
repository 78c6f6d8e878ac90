import { describe, expect, it } from "vitest";
import { citySearchTrigrams } from "../src/modules/cities/schema.ts";
import { matchBoundOf, termTrigrams } from "../src/platform/match-bound.ts";

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
