import { z } from "zod";
import { parseSort } from "./sort-fields.ts";

/**
 * The `sort` query parameter of a list whose columns `fields` sort (each a field of the list's items). Absent or
 * blank keeps the list's own order; any other value than a field, with or without a leading "-", is refused on
 * `sort` (LIST_SORT.UNKNOWN) like every bad query value. Parsed to a ListSort.
 */
export const sortParam = <const TFields extends readonly [string, ...string[]]>(fields: TFields) =>
  z
    .string({ error: "LIST_SORT.UNKNOWN" })
    .optional()
    .refine((value) => !value || parseSort(value, fields) !== null, "LIST_SORT.UNKNOWN")
    .transform((value) => parseSort(value, fields) ?? undefined)
    .describe(`Order of the list: one of ${fields.join(", ")}; a leading "-" sorts descending. Ties go by id.`);
