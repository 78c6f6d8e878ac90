import { Avatar } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { formatDateTime } from "./format.ts";
import type { Field } from "./resource.ts";
import { namesOf, Tags } from "./tags.tsx";
import { YesNo } from "./yes-no.tsx";

/** The rendered value of a field for a record: custom `value`, else `record[key]` formatted by `kind`. */
export function fieldValue<T>(field: Field<T>, record: T, t: TFunction): ReactNode {
  if (field.value) return field.value(record, t);
  const raw = (record as Record<string, unknown>)[field.key];
  switch (field.kind) {
    case "boolean":
      return <YesNo value={Boolean(raw)} />;
    case "datetime":
      return formatDateTime(raw as string | null | undefined);
    case "image":
      // Without a picture Mantine draws its neutral placeholder.
      return <Avatar src={typeof raw === "string" && raw ? raw : null} alt={t(field.label)} size={96} radius="md" />;
    case "tags":
      return <Tags value={raw} />;
    case "list": {
      const names = namesOf(raw);
      return names.length > 0 ? names.join(", ") : "—";
    }
    case "enum":
      return raw === null || raw === undefined || raw === "" ? "—" : t(`${field.enumKey}.${String(raw)}`);
    default:
      if (raw === null || raw === undefined || raw === "") return "—";
      return String(raw);
  }
}
