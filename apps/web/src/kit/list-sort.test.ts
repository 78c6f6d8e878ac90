import { describe, expect, it } from "vitest";
import { activeSort, nextSort, sortFields } from "./list-sort.tsx";
import type { Column } from "./resource.ts";

const columns: Column<{ id: number }>[] = [
  { key: "id", label: "X.NUMBER" },
  { key: "name", label: "X.NAME", sort: "name" },
  { key: "startsAt", label: "X.STARTS_AT", sort: "startsAt" },
];

describe("sortable list headers", () => {
  it("cycles a column ascending, descending, then back to the list's own order", () => {
    expect(nextSort(null, "name")).toBe("name");
    expect(nextSort({ field: "name", descending: false }, "name")).toBe("-name");
    expect(nextSort({ field: "name", descending: true }, "name")).toBe("");
    // Another column starts ascending.
    expect(nextSort({ field: "name", descending: true }, "startsAt")).toBe("startsAt");
  });

  it("reads only the orders the columns offer from the address", () => {
    expect(sortFields(columns)).toEqual(["name", "startsAt"]);
    expect(activeSort("-startsAt", columns)).toEqual({ field: "startsAt", descending: true });
    expect(activeSort("name", columns)).toEqual({ field: "name", descending: false });
    expect(activeSort("id", columns)).toBeNull();
    expect(activeSort("--name", columns)).toBeNull();
    expect(activeSort(null, columns)).toBeNull();
  });
});
