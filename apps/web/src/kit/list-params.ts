import { type ListSort, parseSort, sortValue } from "@palco/shared/resources/sort-fields";
import type { Column, Resource } from "./resource.ts";

/**
 * What a list asks its API for, read from its address. The list page and its route's prefetch (kit/prefetch.ts)
 * both read it here, so the request started while the page's code is still loading is the one the page then uses.
 * No React and no Mantine here: the prefetch must not wait for the page's components.
 */

/** The query-string parameter of a list's order (`?sort=-createdAt`). */
export const SORT_PARAM = "sort";

/** The fields the list's columns sort by, in column order. */
export function sortFields<L>(columns: Column<L>[]): string[] {
  return columns.flatMap((column) => (column.sort ? [column.sort] : []));
}

/** The order a query-string value asks for, when one of the columns sorts by it (an old link may name another). */
export function activeSort<L>(value: string | null, columns: Column<L>[]): ListSort | null {
  return parseSort(value, sortFields(columns));
}

// biome-ignore lint/suspicious/noExplicitAny: only the list's declaration is read
type ListDeclaration = Resource<any, any, any>["list"];

export function listRequest(list: ListDeclaration, searchParams: URLSearchParams) {
  const filters = list.filters ?? [];
  const paged = list.paged !== false;
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
  // Opaque cursors of deep pages (see pagerLinks): part of the address, so the back button and links reopen them.
  const after = searchParams.get("after") ?? undefined;
  const before = searchParams.get("before") ?? undefined;
  const search = searchParams.get("search") ?? "";
  const filterValues: Record<string, string> = Object.fromEntries(
    filters.map((def) => [def.name, searchParams.get(def.name) ?? ""]),
  );
  /** Changes exactly when a filter's value does (the page keeps `filterValues` for as long). */
  const filterKey = filters.map((def) => `${def.name}=${filterValues[def.name]}`).join("&");
  // Only an order one of the columns offers (an old link may name another).
  const sort = activeSort(searchParams.get(SORT_PARAM), list.columns);
  const params: Record<string, string | number | undefined> = {
    ...(paged ? { page, after, before } : {}),
    search: search || undefined,
    ...filterValues,
    [SORT_PARAM]: sort ? sortValue(sort) : undefined,
  };
  return { page, after, before, search, filterValues, filterKey, sort, params };
}
