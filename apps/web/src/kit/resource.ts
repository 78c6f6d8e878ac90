import type { PermissionCode, SessionUser } from "@palco/shared";
import type { BulkAction } from "@palco/shared/resources/bulk";
import type { Icon } from "@tabler/icons-react";
import type { QueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
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
  load?: () => Promise<{ default: Resource<any, any, any> }>;
  /**
   * Loads the detail's parts (kit/detail-part.tsx: its actions' forms, a chat, a viewer), which the declaration
   * names but does not load: the list loads the declaration too. The router loads them alongside the declaration
   * and waits for both before showing the detail.
   */
  loadDetail?: () => Promise<unknown>;
};

export const resourcePath = (meta: Pick<ResourceMeta, "name">) => `/${meta.name}`;

/** Every record the kit handles has a numeric id; `isActive` enables block/unblock. */
export type Entity = { id: number; isActive?: boolean };

/**
 * How a value is shown: `boolean` Yes/No badge, `datetime` D/M/YYYY h:mm:ss A, `image` an avatar from a URL,
 * `tags` badges from a list of strings or `{name}` objects, `enum` the translation `${enumKey}.${value}`,
 * `list` the names of a list of strings or `{name}` objects joined by commas.
 */
export type FieldKind = "text" | "boolean" | "datetime" | "image" | "tags" | "enum" | "list";

/** A value shown in a list cell or a detail row. `label` is a translation key. */
/** The space between the lines of a value of several lines (Field.lines), in pixels. */
export const FIELD_LINE_GAP = 2;

export type Field<T> = {
  key: string;
  label: string;
  kind?: FieldKind;
  /** For `enum`: the translation namespace of the values (e.g. PAYMENT_METHODS.KINDS). */
  enumKey?: string;
  /** Custom rendering; defaults to `record[key]` formatted by `kind`. */
  value?: (record: T, t: TFunction) => ReactNode;
  /**
   * Lines the value always takes (1 by default): its placeholder is as tall while the record loads, so the fields
   * under it do not move when it arrives.
   */
  lines?: number;
};

/**
 * A block of a detail page, under the fields: label/value `fields` laid out like the main card (a booking's client),
 * or anything `render` draws (a role's permissions, a venue's boxes…).
 */
export type DetailSection<T> = {
  key: string;
  /** Translation key of the section title. */
  title?: string;
  /** Shown only to members holding it (a member's sessions on their detail: USERS_EDIT). */
  permission?: PermissionCode;
} & ({ fields: Field<T>[]; render?: never } | { render: (record: T) => ReactNode; fields?: never });

/**
 * A tab of a detail page. A tab without `render` holds the record's own content (fields, sections, history): make
 * it the first one. `label` is a translation key; `key` names the tab in the URL (`?tab=messages`).
 */
export type DetailTab<T> = {
  key: string;
  label: string;
  render?: (record: T) => ReactNode;
};

export type Column<T> = Field<T> & {
  /** Render the cell as the link to the detail page (one per row, for keyboard users). */
  link?: boolean;
  width?: number | string;
  /** Keep the cell on one line (phone numbers, codes). */
  nowrap?: boolean;
  /**
   * The list sorts by this field when the header is clicked (`?sort=<field>`, `-<field>` descending): one of the
   * resource's SORT_FIELDS in @palco/shared, which the API accepts (kit/list-sort.tsx).
   */
  sort?: string;
};

/**
 * What a list row shows on a phone (a compact card): the `primary` column (the link to the detail), a few
 * `secondary` columns as label/value lines, and the record's status badge when it has `isActive`. Column keys.
 * Default: the link column, then the next two columns that are not the number, the status or a picture.
 */
export type PhoneCard = { primary?: string; secondary?: string[] };

/**
 * Actions the server will refuse for one record, each with the translation key of why: the button is then
 * disabled and the reason shown on hover and focus. `activate` is the block/unblock toggle in the record's state.
 */
export type Refusals = { edit?: string; activate?: string; delete?: string };

/** Options for a select, fed by a hook so they can come from the server. */
export type { OptionsState } from "@/lib/lookups.ts";

export type FilterDef =
  | {
      /** Query-string name, sent to the API as is (e.g. `country`). */
      name: string;
      label: string;
      /** `select`: short fixed list; `autocomplete`: searchable list. */
      kind: "select" | "autocomplete";
      /**
       * Receives the current filter values, so one filter can narrow another's options, and, with `searchOnServer`,
       * the text typed in the filter (settled, trimmed; "" while nothing is typed).
       */
      useOptions: (values: Record<string, string>, search: string) => OptionsState;
      /** Other filters cleared when this one changes (e.g. state when the country changes). */
      resets?: string[];
      /**
       * The options are too many to load at once: the server narrows them to what is typed (the options must keep
       * the chosen value, or the filter cannot name it).
       */
      searchOnServer?: boolean;
    }
  | { name: string; label: string; kind: "date" }
  /** Free text matched exactly by the API (an id), pushed to the URL once the user stops typing. */
  | { name: string; label: string; kind: "text"; maxLength?: number }
  /** An on/off filter: "true" in the URL and the query while on, absent while off. */
  | { name: string; label: string; kind: "switch" };

/** One switch of a switch group; `description` is a small second line (e.g. a permission code). */
export type Choice = { value: string; label: string; description?: string };
/** Switches under an optional group title (a permission group); `key` identifies the group. */
export type ChoiceGroup = { key: string; label?: string; items: Choice[] };
export type ChoicesState = { groups: ChoiceGroup[]; isLoading: boolean; isError: boolean };

export type FormMode = "create" | "edit";

type FieldBase = {
  /** The form value's name, also the key of the server's per-field messages. */
  name: string;
  /** Translation key of the label. */
  label: string;
  /** Translation key of a help text under the label. */
  hint?: string;
  /** Shown only when this answers true (e.g. only on edit, or while a switch is on). */
  visible?: (context: { mode: FormMode; values: FieldValues }) => boolean;
  /** Takes the whole row of a two-column section. */
  fullWidth?: boolean;
};

export type FormFieldDef =
  | (FieldBase & {
      kind: "text";
      placeholder?: string;
      maxLength?: number;
      /** `number`: digits only (a numeric keyboard on phones); the value stays a string for the schema. */
      type?: "text" | "email" | "tel" | "number";
      autoComplete?: string;
    })
  | (FieldBase & { kind: "password"; autoComplete?: string; maxLength?: number })
  | (FieldBase & {
      kind: "select";
      placeholder?: string;
      searchable?: boolean;
      /** Receives the form's mode: a create may offer a value an edit may not (a category's next order). */
      useOptions: (context: { mode: FormMode }) => OptionsState;
    })
  /** A boolean as a switch. */
  | (FieldBase & { kind: "switch" })
  /**
   * A list of values (string[]) chosen with one switch (or chip) each, optionally grouped, optionally with
   * select/unselect all.
   */
  | (FieldBase & {
      kind: "switchGroup";
      useChoices: () => ChoicesState;
      /** "Select all" / "Unselect all" for the whole list and for each group. */
      bulk?: boolean;
      /** Translation key shown when there is nothing to choose from. */
      empty?: string;
      /** Switches (default) or chips for short labels. */
      display?: "switches" | "chips";
      columns?: { base?: number; sm?: number; md?: number; lg?: number; xl?: number };
    })
  /**
   * One image picked with a drop zone, with a preview and a remove button. Its value is an `ImageValue`;
   * turn it into multipart parts with `imageParts` from multipart.ts.
   */
  | (FieldBase & {
      kind: "image";
      /** Accepted MIME types. */
      accept: readonly string[];
      maxBytes: number;
      /** Round preview (avatars) or a rounded rectangle (pictures, icons). */
      shape?: "circle" | "rectangle";
      /** False for a required image: it can be replaced, not removed (default true). */
      removable?: boolean;
      /** The picture must be at least this wide (checked here before upload, and by the server). */
      minWidth?: { width: number; message: string };
    })
  | LocationFieldDef
  /**
   * A date and time ("YYYY-MM-DD HH:mm:ss"): a wall time, on the clock of `clock` when the form names one (an
   * event's start is read on its venue city's clock), else on the browser's. `minimum` gives the earliest choice
   * on that clock for the moment the form opened (`timeZone` undefined: the browser's clock).
   */
  | (FieldBase & {
      kind: "datetime";
      minimum?: (now: Date, timeZone: string | undefined) => string;
      clock?: {
        /** The form field the zone depends on ("venue"). */
        from: string;
        /** The IANA zone for that field's value, when known. */
        useTimeZone: (value: unknown) => string | undefined;
        /** Shown under the field once the zone is known (instead of `hint`); given {{zone}}. */
        hint: string;
      };
    })
  /** Several values from a list, shown as removable chips; each value at most once. */
  | (FieldBase & {
      kind: "multiselect";
      placeholder?: string;
      useOptions: (context: { mode: FormMode }) => OptionsState;
    });

/**
 * A point on a map: a draggable pin (or a click on the map) and two coordinate inputs for the keyboard. `name` is the
 * latitude's form value, `longitude` the other one's (strings of decimal degrees); an empty value starts the pin at
 * `center`. Labels are translation keys.
 */
export type LocationFieldDef = FieldBase & {
  kind: "location";
  longitude: string;
  latitudeLabel: string;
  longitudeLabel: string;
  center: { latitude: number; longitude: number };
  zoom: number;
  height: number;
};

/** A titled block of form fields; `columns: 2` lays text fields side by side on wide screens. */
export type FormSection = {
  key: string;
  /** Translation key of the title. */
  title?: string;
  /** Translation key of a short text under the title. */
  description?: string;
  columns?: 1 | 2;
  fields: FormFieldDef[];
  visible?: (context: { mode: FormMode }) => boolean;
};

/**
 * A form's shared zod schema (its messages are translation keys); a function when it depends on the mode. Its input
 * is the form's values (typed by the form's `empty` and `fromRecord`), its output whatever the API accepts.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above; react-hook-form's resolver checks the two meet
export type FormSchema = z.ZodType<any, any> | ((mode: FormMode) => z.ZodType<any, any>);

export type FormConfig<T, V extends FieldValues> = {
  /**
   * Loads the form's schema. A loader, because the declaration is loaded with the list and the detail too: zod and
   * the schemas come with the form page only (the router waits for them before it shows the form).
   */
  schema: () => Promise<FormSchema>;
  /** Either a flat list of fields or titled sections. */
  fields?: FormFieldDef[];
  sections?: FormSection[];
  /** Values of an empty create form. */
  empty: V;
  /** Values of the edit form for a loaded record. */
  fromRecord: (record: T) => V;
  /**
   * The request body built from the validated values (fields the schema does not know, such as files, are
   * kept as entered). Defaults to the values themselves, sent as JSON; return a FormData for multipart.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the values are whatever the schema produced
  toBody?: (values: any, context: { mode: FormMode; record: T | undefined }) => unknown;
  /** Runs after a successful save with the server's answer (e.g. refresh the signed-in user). */
  onSaved?: (record: T, mode: FormMode) => void;
  /** A translation key explaining why the record cannot be deleted now (the delete button is then disabled). */
  deleteBlocked?: (record: T) => string | null;
  /** Widest the form grows, in px (default 720). */
  maxWidth?: number;
};

/**
 * The full declaration of a resource; the kit's ListPage, DetailPage and FormPage render it. `L` is the list
 * item when the list answers a lighter shape than the detail.
 */
export type Resource<T extends Entity, V extends FieldValues = FieldValues, L extends Entity = T> = {
  meta: ResourceMeta;
  api: ResourceApi<T, L>;
  /** How a record is named in titles and confirmations. */
  recordLabel: (record: T, t: TFunction) => string;
  list: {
    columns: Column<L>[];
    searchable?: boolean;
    filters?: FilterDef[];
    /** `false`: the API answers every row at once (a plain array): no pagination. */
    paged?: boolean;
    /** The columns a phone shows (see PhoneCard). */
    phone?: PhoneCard;
    /** More header actions, given the list's current filter values (an export of what is shown). */
    actions?: (filters: Record<string, string>) => ReactNode;
    /**
     * Rows to draw emphasized (an unread notification). The colour is for the eye only: a column must say the same
     * in words (a badge in the link column), for screen readers and for colour-blind readers.
     */
    highlight?: (record: L) => boolean;
    /**
     * The bulk actions the list offers (kit/bulk-actions.tsx), each shown to members holding its single action's
     * permission. By default block/unblock with `permissions.activate` and delete with `permissions.delete`;
     * `false` for none.
     */
    bulk?: readonly BulkAction[] | false;
  };
  /**
   * `history: false` leaves out the History section (the audit trail's own entries). `actions`: more header
   * buttons for the loaded record (state transitions such as accept and reject: kit/review-actions.tsx); they
   * report failures through useDetailFeedback.
   */
  detail: {
    fields: Field<T>[];
    /** Translation key of the main card's title (untitled by default). */
    fieldsTitle?: string;
    sections?: DetailSection<T>[];
    history?: boolean;
    actions?: (record: T) => ReactNode;
    /** The record's state next to the title, besides the active badge (a review status). */
    badge?: (record: T) => ReactNode;
    /** Splits the page into tabs (see DetailTab); without them the page is the record's own content. */
    tabs?: DetailTab<T>[];
    /** Translation key of the load-error modal's text, when it is not the resource's `${ns}.ERROR_MODAL_TEXT`. */
    loadErrorText?: string;
    /** Runs once for each record the page opens, when it has loaded (opening a notification reads it). */
    onOpen?: (record: T, client: QueryClient) => void;
  };
  form?: FormConfig<T, V>;
  /**
   * Mirrors the server's rules for this record and the signed-in user (your own account, a protected one), so
   * the screens never offer an action that can only fail. The server stays the authority.
   */
  refuses?: (record: T, user: SessionUser | null) => Refusals;
};

/** Identity helper that keeps the record, form and list item types of a declaration. */
export function defineResource<T extends Entity, V extends FieldValues, L extends Entity = T>(
  resource: Resource<T, V, L>,
): Resource<T, V, L> {
  return resource;
}
