import type { bulkEn } from "./bulk.ts";
import type { TextShape } from "./shape.ts";

/** The Spanish of bulk.ts, in a module of its own so the English page does not load it (and the reverse). */
export const bulkEs: TextShape<typeof bulkEn> = {
  SELECT_ROW: "Seleccionar {{name}}",
  SELECT_PAGE: "Seleccionar todo en esta página",
  RECORD: "#{{id}}",
};
