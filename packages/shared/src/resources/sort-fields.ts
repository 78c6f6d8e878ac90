// A list's order in the query string, as plain values: the SPA's list pages use them without loading zod (sort.ts
// builds the query parameter's schema from them).

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
