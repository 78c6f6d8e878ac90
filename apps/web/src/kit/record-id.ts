import { MAX_INT } from "@palco/shared/resources/paging";
import { useParams } from "react-router";

/** The `:id` route parameter as a valid positive integer, or null (then the page shows its load-error modal). */
export function useRecordId(): number | null {
  return recordId(useParams().id);
}

/** A route's `:id` as a valid positive integer, or null. */
export function recordId(id: string | undefined): number | null {
  if (!id || !/^\d+$/.test(id)) return null;
  const value = Number(id);
  return value >= 1 && value <= MAX_INT ? value : null;
}
