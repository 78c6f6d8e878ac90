import type { exportsEn } from "./exports.ts";
import type { TextShape } from "./shape.ts";

/** The Spanish of exports.ts, in a module of its own so the English page does not load it (and the reverse). */
export const exportsEs: TextShape<typeof exportsEn> = {
  MENU: "Exportar",
  MENU_LABEL: "Exportar esta lista",
};
