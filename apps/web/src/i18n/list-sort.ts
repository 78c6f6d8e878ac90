/**
 * The texts of sortable lists (kit/list-sort.tsx): every list may show them, so they load with every page's texts
 * (en.ts and es.ts take them under LIST_SORT, beside the server's LIST_SORT.UNKNOWN).
 */
export const listSortEn = {
  SORT_BY: "Sort by",
  DEFAULT: "Default order",
  ASCENDING: "{{column}}, ascending",
  DESCENDING: "{{column}}, descending",
  /** The header button's name, with what a click does next. */
  SORT_COLUMN: "Sort by {{column}}",
};
