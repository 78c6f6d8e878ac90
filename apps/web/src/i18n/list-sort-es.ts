import type { listSortEn } from "./list-sort.ts";
import type { TextShape } from "./shape.ts";

/** The Spanish of list-sort.ts, in a module of its own so the English page does not load it (and the reverse). */
export const listSortEs: TextShape<typeof listSortEn> = {
  SORT_BY: "Ordenar por",
  DEFAULT: "Orden predeterminado",
  ASCENDING: "{{column}}, ascendente",
  DESCENDING: "{{column}}, descendente",
  SORT_COLUMN: "Ordenar por {{column}}",
};
