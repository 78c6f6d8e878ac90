import { VIEW_DROPPED_KEYS } from "@palco/shared/resources/list-names";
import type { SavedView } from "@palco/shared/resources/views";

/** The URL parameter naming the view a list was opened from (`/owners?status=waiting&view=3`). */
export const VIEW_PARAM = "view";

/**
 * What a view keeps of a list's address: its filters, search and sort (every non-empty parameter but the page,
 * the cursors and `view` itself), as the API stores them.
 */
export function viewQueryOf(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of params) {
    if (value !== "" && !VIEW_DROPPED_KEYS.includes(key)) query[key] = value;
  }
  return query;
}

export function sameQuery(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/** The address that opens a view: its list with its query, and its id so the list shows which view it is. */
export function viewPath(view: Pick<SavedView, "id" | "resource" | "query">): string {
  const params = new URLSearchParams(view.query);
  params.set(VIEW_PARAM, String(view.id));
  return `/${view.resource}?${params.toString()}`;
}

/**
 * The view a list is showing: the one named by `?view=` (even after its filters were changed: then `changed`),
 * else one whose query is exactly the list's (the member's own first).
 */
export function currentView(
  views: readonly SavedView[],
  resource: string,
  params: URLSearchParams,
): { view: SavedView; changed: boolean } | null {
  const ofList = views.filter((view) => view.resource === resource);
  const query = viewQueryOf(params);
  const named = ofList.find((view) => String(view.id) === params.get(VIEW_PARAM));
  if (named) return { view: named, changed: !sameQuery(named.query, query) };
  if (Object.keys(query).length === 0) return null;
  const matching = ofList.filter((view) => sameQuery(view.query, query));
  const match = matching.find((view) => view.mine) ?? matching[0];
  return match ? { view: match, changed: false } : null;
}
