import { describe, expect, it } from "vitest";
import { activeSort, listRequest, sortFields } from "./list-params.ts";
import { nextSort } from "./list-sort.tsx";
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

describe("what a list asks its API for", () => {
  const filters = [{ name: "country", label: "X.COUNTRY", kind: "select", useOptions: () => ({}) }] as never;

  it("reads the page, search, filters and order from the address, as the page and its prefetch both send them", () => {
    const request = listRequest({ columns, filters }, new URLSearchParams("page=3&search=san&country=7&sort=-name"));
    expect(request.params).toEqual({ page: 3, search: "san", country: "7", sort: "-name" });
    expect(request.filterKey).toBe("country=7");
  });

  it("starts at page 1, sends no empty search and drops an order no column offers", () => {
    const request = listRequest({ columns, filters }, new URLSearchParams("page=-2&search=&sort=id"));
    expect(request.params).toEqual({ page: 1, country: "" });
    expect(request.sort).toBeNull();
  });

  it("sends no page to an unpaged list", () => {
    expect(listRequest({ columns, paged: false }, new URLSearchParams("page=2")).params).toEqual({});
  });
});
