import {
  DEFAULT_AUDIT_TIME_ZONE,
  type ExportResource,
  instantToWallTime,
  type Language,
  type PermissionCode,
  translate,
} from "@palco/shared";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { z } from "zod";
import { type CrudResource, crudListSource, type KitTable, listCondition } from "../../platform/crud.ts";
import type { Db } from "../../platform/db.ts";
import type { ListCondition, ListSource, OrderInput } from "../../platform/list-query.ts";

/**
 * A list that can be exported, declared once in its module's export.ts: the list's own rows (its ListSource and the
 * conditions its route builds from the query string) and the columns of the file. The exports module does the rest
 * (jobs, keyset batches, CSV and Excel, files, audit, notifications).
 */

/** What a cell holds: text, an exact amount (a decimal string from a numeric column), a whole number, or nothing. */
export type Cell = { text: string } | { money: string } | { number: number } | null;

export interface CellContext {
  language: Language;
  /** EXPORTS.VALUES.<group>.<value> in the member's language (the value itself when there is no label). */
  label(group: string, value: string | null | undefined): Cell;
  yesNo(value: boolean | null | undefined): Cell;
  /** An instant on the wall clocks of `timeZone` (the venue's), else the marketplace's: "2026-11-26 18:30:00". */
  instant(value: Date | string | null | undefined, timeZone?: string): Cell;
}

export interface ExportColumn<TRow> {
  /** EXPORTS.COLUMNS.<header> */
  header: string;
  value(row: TRow, context: CellContext): Cell;
  /** The column is left out for members without this permission (detail fields, bank data). */
  permission?: PermissionCode;
  /** Excel column width, in characters. */
  width?: number;
}

export interface ExportDeclaration<TRow = unknown> {
  resource: ExportResource;
  /** The list's own permission (its INDEX). */
  permission: PermissionCode;
  /** The file holds personal data: exporting it is a sensitive action (step-up). */
  personal: boolean;
  /** The list's own query-string schema: an export takes exactly the filters and search the list takes. */
  listQuery: z.ZodType;
  /**
   * The list's rows: the same ListSource and conditions its route pages through, or, for a list that is not built
   * on a ListSource (the audit trail), a reader of its own.
   */
  rows(db: Db, query: Record<string, unknown>): ExportRows<TRow> | ExportReader<TRow>;
  columns: ExportColumn<TRow>[];
}

export interface ExportRows<TRow> {
  source: ListSource<SelectedFields>;
  condition: ListCondition;
  /** The request's order: the list's own, a short search's, or the one its `sort` chose. */
  order: OrderInput;
  /** A row as read → what the columns read (a crud resource's entity). */
  map(row: Record<string, unknown>): TRow;
}

/** Rows read by a list's own code: its exact count, then its rows in its order, a batch at a time. */
export interface ExportReader<TRow> {
  count(): Promise<number>;
  batches(size: number): AsyncIterable<TRow[]>;
}

export const text = (value: string | number | null | undefined): Cell =>
  value === null || value === undefined || value === "" ? null : { text: String(value) };
export const money = (value: string | null | undefined): Cell => (value == null ? null : { money: value });
export const whole = (value: number | null | undefined): Cell => (value == null ? null : { number: value });

export function cellContext(language: Language): CellContext {
  // A million rows repeat a handful of labels: each is translated once per export.
  const labels = new Map<string, Cell>();
  return {
    language,
    label(group, value) {
      if (value === null || value === undefined) return null;
      const key = `${group}.${value}`;
      let cell = labels.get(key);
      if (!cell) {
        cell = { text: translate(language, `EXPORTS.VALUES.${key}`).replace(`EXPORTS.VALUES.${group}.`, "") };
        labels.set(key, cell);
      }
      return cell;
    },
    yesNo(value) {
      if (value === null || value === undefined) return null;
      return { text: translate(language, `EXPORTS.VALUES.${value ? "yes" : "no"}`) };
    },
    instant(value, timeZone) {
      if (value === null || value === undefined) return null;
      const date = value instanceof Date ? value : new Date(value);
      return { text: instantToWallTime(date, timeZone ?? DEFAULT_AUDIT_TIME_ZONE) };
    },
  };
}

type Row<TFields extends SelectedFields> = SelectResultFields<TFields>;

/**
 * The export of a kit resource (platform/crud.ts): its list source and conditions exactly as GET /api/<resource>
 * builds them, each row mapped to the entity the list answers, which the columns read.
 */
export function crudExport<TEntityFields extends SelectedFields, TEntity>(
  // biome-ignore lint/suspicious/noExplicitAny: any kit resource, whatever its input and option types
  resource: CrudResource<KitTable, any, TEntityFields, TEntity, any, any>,
  declaration: Omit<ExportDeclaration<TEntity>, "rows" | "permission" | "listQuery" | "resource"> & {
    resource: ExportResource;
  },
): ExportDeclaration<TEntity> {
  const source = crudListSource(resource) as unknown as ListSource<SelectedFields>;
  return {
    ...declaration,
    permission: resource.permissions.index as PermissionCode,
    listQuery: resource.schemas.listQuery,
    rows: (_db, query) => {
      const { condition, order } = listCondition(resource, query);
      return { source, condition, order, map: (row) => resource.entity.map(row as Row<TEntityFields>) };
    },
  };
}
