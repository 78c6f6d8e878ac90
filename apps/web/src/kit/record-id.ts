import { MAX_INT } from "@palco/shared";
import { useParams } from "react-router";

/** The `:id` route parameter as a valid positive integer, or null (then the page shows its load-error modal). */
export function useRecordId(): number | null {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return null;
  const value = Number(id);
  return value >= 1 && value <= MAX_INT ? value : null;
}
