/**
 * The texts of the lists' selection checkboxes (kit/bulk-actions.tsx): every list shows them, so they load with every
 * page's texts (en.ts and es.ts take them under BULK). The bar, the dialogs and
 * the summary bring theirs (bulk-parts.ts) when they load.
 */
export const bulkEn = { SELECT_ROW: "Select {{name}}", SELECT_PAGE: "Select all on this page", RECORD: "#{{id}}" };
