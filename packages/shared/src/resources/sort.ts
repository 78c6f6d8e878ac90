import { z } from "zod";

/** A list order asked for in the query string: a field the list items carry, ascending or descending. */
export type ListSort<TField extends string = string> = { field: TField; descending: boolean };

/** `sort=<field>` (ascending) or `sort=-<field>` (descending): the query-string form of a ListSort. */
export function sortValue(sort: ListSort): string {
  return `${sort.descending ? "-" : ""}${sort.field}`;
}

/** The ListSort a query-string value names, or null when it is blank or not one of `fields`. */
export function parseSort<TField extends string>(
  value: string | null | undefined,
  fields: readonly TField[],
): ListSort<TField> | null {
  if (!value) return null;
  const descending = value.startsWith("-");
  const field = (descending ? value.slice(1) : value) as TField;
  return fields.includes(field) ? { field, descending } : null;
}

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

/**
 * The fields each list sorts by (what staff expect to order by: dates, status, totals, names), as its items name
 * them. The API maps each to the columns of its (column…, id) index; the SPA's columns name them in `sort`.
 */
export const SORT_FIELDS = {
  bookings: ["createdAt", "startsAt", "total", "status"],
  events: ["startsAt", "name"],
  users: ["firstName", "createdAt"],
  owners: ["createdAt", "fullName"],
  boxes: ["createdAt", "boxZone"],
  venues: ["name"],
  countries: ["name", "code"],
  states: ["name", "code"],
  cities: ["name", "code"],
} as const satisfies Record<string, readonly [string, ...string[]]>;
