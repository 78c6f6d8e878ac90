import type { PermissionCode } from "@palco/shared";
import type { Icon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import type { OptionsState } from "@/lib/lookups.ts";
import type { ResourceApi } from "./resource-api.ts";

/** Permission codes of one resource; a missing code means the action does not exist for it. */
export type ResourcePermissions = {
  index: PermissionCode;
  create?: PermissionCode;
  show?: PermissionCode;
  edit?: PermissionCode;
  activate?: PermissionCode;
  delete?: PermissionCode;
};

export type NavSection = "ACCESS" | "MARKETPLACE" | "PAYMENTS" | "GEOGRAPHY" | "CONFIGURATION";

/**
 * The static half of a resource: enough to build the menu, the routes and their guards without downloading
 * any screen. `load` brings the full declaration (columns, fields, calls) in its own chunk; a resource without
 * `load` is not built yet and shows a "coming soon" page behind its index permission.
 */
export type ResourceMeta = {
  /** Plural name: the URL segment, the API path segment and the root of every query key. */
  name: string;
  /** Translation namespace, e.g. "COUNTRIES" (COUNTRIES.TITLE, COUNTRIES.FIELDS.NAME, COUNTRIES.CREATED…). */
  ns: string;
  /** Menu label key. */
  navLabel: string;
  icon: Icon;
  section: NavSection;
  permissions: ResourcePermissions;
  // biome-ignore lint/suspicious/noExplicitAny: a registry holds resources of many record types
  load?: () => Promise<{ default: Resource<any, any> }>;
};

export const resourcePath = (meta: Pick<ResourceMeta, "name">) => `/${meta.name}`;

/** Every record the kit handles has a numeric id; `isActive` enables block/unblock. */
export type Entity = { id: number; isActive?: boolean };

export type FieldKind = "text" | "boolean" | "datetime";

/** A value shown in a list cell or a detail row. `label` is a translation key. */
export type Field<T> = {
  key: string;
  label: string;
  kind?: FieldKind;
  /** Custom rendering; defaults to `record[key]` formatted by `kind`. */
  value?: (record: T) => ReactNode;
};

export type Column<T> = Field<T> & {
  /** Render the cell as the link to the detail page (one per row, for keyboard users). */
  link?: boolean;
  width?: number | string;
};

/** Options for a select, fed by a hook so they can come from the server. */
export type { OptionsState } from "@/lib/lookups.ts";

export type FilterDef =
  | {
      /** Query-string name, sent to the API as is (e.g. `country`). */
      name: string;
      label: string;
      /** `select`: short fixed list; `autocomplete`: searchable list. */
      kind: "select" | "autocomplete";
      /** Receives the current filter values, so one filter can narrow another's options. */
      useOptions: (values: Record<string, string>) => OptionsState;
      /** Other filters cleared when this one changes (e.g. state when the country changes). */
      resets?: string[];
    }
  | { name: string; label: string; kind: "date" };

export type FormFieldDef =
  | {
      name: string;
      label: string;
      kind: "text";
      hint?: string;
      placeholder?: string;
      maxLength?: number;
    }
  | {
      name: string;
      label: string;
      kind: "select";
      hint?: string;
      placeholder?: string;
      searchable?: boolean;
      useOptions: () => OptionsState;
    };

export type FormConfig<T, V extends FieldValues> = {
  /** The shared zod schema (its messages are translation keys). */
  // biome-ignore lint/suspicious/noExplicitAny: the schema's output is whatever the API accepts
  schema: z.ZodType<any, V>;
  fields: FormFieldDef[];
  /** Values of an empty create form. */
  empty: V;
  /** Values of the edit form for a loaded record. */
  fromRecord: (record: T) => V;
};

/** The full declaration of a resource; the kit's ListPage, DetailPage and FormPage render it. */
export type Resource<T extends Entity, V extends FieldValues = FieldValues> = {
  meta: ResourceMeta;
  api: ResourceApi<T>;
  /** How a record is named in titles and confirmations. */
  recordLabel: (record: T) => string;
  list: {
    columns: Column<T>[];
    searchable?: boolean;
    filters?: FilterDef[];
  };
  detail: { fields: Field<T>[] };
  form?: FormConfig<T, V>;
};

/** Identity helper that keeps the record and form types of a declaration. */
export function defineResource<T extends Entity, V extends FieldValues>(resource: Resource<T, V>): Resource<T, V> {
  return resource;
}
