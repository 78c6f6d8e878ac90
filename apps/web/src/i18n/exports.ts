/**
 * The texts of the lists' Export button (features/exports/export-menu.tsx): every list shows it, so they load with
 * every page's texts (en.ts and es.ts take them under EXPORTS, beside the server's EXPORTS texts). The menu, its
 * progress panel and the Exports page bring theirs (exports-parts.ts) when they load.
 */
export const exportsEn = {
  MENU: "Export",
  MENU_LABEL: "Export this list",
};
