import type { ReactNode } from "react";
import { formatDateTime } from "./format.ts";
import type { Field } from "./resource.ts";
import { YesNo } from "./yes-no.tsx";

/** The rendered value of a field for a record: custom `value`, else `record[key]` formatted by `kind`. */
export function fieldValue<T>(field: Field<T>, record: T): ReactNode {
  if (field.value) return field.value(record);
  const raw = (record as Record<string, unknown>)[field.key];
  if (field.kind === "boolean") return <YesNo value={Boolean(raw)} />;
  if (field.kind === "datetime") return formatDateTime(raw as string | null | undefined);
  if (raw === null || raw === undefined || raw === "") return "—";
  return String(raw);
}
