import { describe, expect, it } from "vitest";
import { deepMerge } from "./deep-merge.ts";

describe("deepMerge", () => {
  it("merges nested namespaces without losing either side", () => {
    const shared = { COUNTRIES: { VALIDATION: { NAME_MISSING: "a" }, HAS_STATES: "b" }, AUTH: { X: "x" } };
    const web = { COUNTRIES: { TITLE: "Countries", FIELDS: { NAME: "Name" } }, NAV: { HOME: "Home" } };
    expect(deepMerge(shared, web)).toEqual({
      COUNTRIES: { VALIDATION: { NAME_MISSING: "a" }, HAS_STATES: "b", TITLE: "Countries", FIELDS: { NAME: "Name" } },
      AUTH: { X: "x" },
      NAV: { HOME: "Home" },
    });
  });

  it("lets the override win on leaves and leaves its inputs untouched", () => {
    const base = { A: { B: "base" } };
    const merged = deepMerge(base, { A: { B: "override" } });
    expect(merged.A.B).toBe("override");
    expect(base.A.B).toBe("base");
  });
});
