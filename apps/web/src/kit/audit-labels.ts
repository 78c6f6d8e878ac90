import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@palco/shared/constants";
import { isPermissionCode, PERMISSIONS } from "@palco/shared/permissions";
import type { AuditChanges } from "@palco/shared/resources/audit";
import { AUDIT_REDACTED, type AuditResource } from "@palco/shared/resources/audit-values";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { formatDateTime, formatDay, formatMoney } from "./format.ts";

/**
 * How the audit trail and the record histories name what an entry recorded: one label per field name
 * (`AUDIT.FIELD_NAMES`, i18n/audit.ts), and for enumerated values the labels the screens already show (the
 * review states, booking statuses, box types…), so a value reads the same in a history as on the record's page.
 * Their test walks every audited record's schema: a field or value without a label fails it.
 */

/** Where a field's values find their labels, per resource: `field`, or `field.inner` for a nested value. */
export const AUDIT_VALUE_LABELS: { readonly [R in AuditResource]?: Readonly<Record<string, string>> } = {
  owners: { status: "REVIEW.STATUS", documentType: "OWNERS.DOCUMENT_TYPES" },
  boxes: { status: "REVIEW.STATUS", type: "BOXES.TYPES" },
  bookings: {
    status: "BOOKINGS.STATUSES",
    boxType: "BOOKINGS.TYPES",
    ownerPaymentStatus: "BOOKINGS.OWNER_PAYMENT_STATUSES",
    "payment.status": "BOOKINGS.PAYMENT_STATUSES",
    "payments.status": "BOOKINGS.PAYMENT_STATUSES",
  },
  "payment-methods": { method: "PAYMENT_METHODS.KINDS" },
  users: { reason: "AUDIT.REASONS", method: "AUDIT.FACTORS", factor: "AUDIT.FACTORS" },
  auth: { reason: "AUDIT.REASONS" },
  views: { resource: "VIEWS.LISTS" },
};

/** Nested values leave their bookkeeping out (a payment's id and times say nothing the entry does not). */
const NESTED_SKIPPED = new Set(["id", "createdAt", "updatedAt"]);

export const auditFieldKey = (field: string) => `AUDIT.FIELD_NAMES.${field}`;

/** A recorded field's label (the name itself only for a field no label knows yet). */
export const auditFieldLabel = (field: string, t: TFunction) => t(auditFieldKey(field), { defaultValue: field });

/** The fields an entry changed, by label: the trail's "Changed fields" column. */
export function changedFieldsText(changes: AuditChanges, t: TFunction): string {
  return (
    Object.keys(changes)
      .map((field) => auditFieldLabel(field, t))
      .join(", ") || "—"
  );
}

/** Amounts of money, as exact decimal strings ("18500.00"): shown like the booking screens show them. */
const MONEY_FIELDS = new Set([
  "price",
  "deposit",
  "total",
  "ownerTotal",
  "subtotal",
  "amount",
  "refundDue",
  "guest",
  "host",
  "iva",
]);
const MONEY = /^\d+\.\d{2}$/;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

const uiLanguage = (): Language =>
  (LANGUAGES as readonly string[]).includes(dayjs.locale()) ? (dayjs.locale() as Language) : DEFAULT_LANGUAGE;

/** Where a value was recorded: the entry's resource and the field (`field.inner` inside an object). */
export type AuditValuePlace = { resource: string; field: string };

/**
 * A recorded value as a person reads it: the label of an enumerated value, names of joined records, Yes/No,
 * dates in the screens' format, lists joined, other objects as "Label: value" pairs.
 */
export function auditValueText(value: unknown, t: TFunction, place?: AuditValuePlace): string {
  if (value === null || value === undefined || value === "") return "—";
  if (value === AUDIT_REDACTED) return t("AUDIT.HIDDEN");
  if (typeof value === "boolean") return t(value ? "COMMON.YES" : "COMMON.NO");
  if (typeof value === "string") {
    const labels = place && AUDIT_VALUE_LABELS[place.resource as AuditResource]?.[place.field];
    if (labels) return t(`${labels}.${value}`, { defaultValue: value });
    if (place && MONEY.test(value) && MONEY_FIELDS.has(place.field.split(".").at(-1) ?? "")) return formatMoney(value);
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    if (CALENDAR_DAY.test(value)) return formatDay(value);
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? "—" : value.map((item) => auditValueText(item, t, place)).join(", ");
  }
  if (typeof value === "object") {
    const named = value as { name?: unknown; code?: unknown; description?: unknown };
    if (typeof named.name === "string") return named.name;
    // A permission reads as the catalogue describes it in the language shown, not as whoever saved it read it.
    if (typeof named.code === "string" && isPermissionCode(named.code)) {
      return PERMISSIONS[named.code].description[uiLanguage()];
    }
    if (typeof named.code === "string") return named.code;
    return Object.entries(value)
      .filter(([key]) => !NESTED_SKIPPED.has(key))
      .map(([key, inner]) => {
        const innerPlace = place && { resource: place.resource, field: `${place.field}.${key}` };
        return `${auditFieldLabel(key, t)}: ${auditValueText(inner, t, innerPlace)}`;
      })
      .join(", ");
  }
  return String(value);
}
