import { AUDIT_DERIVED_FIELDS, LANGUAGES, type Language } from "@palco/shared";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ReviewTable } from "./review.ts";
import { auditLog } from "./schema.ts";

/**
 * The `status` list filter of reviewed resources: a state (pending, accepted, returned), or "waiting" — pending
 * and ready for review, the review inbox (a partial index serves it). The value arrives as a placeholder.
 */
export const reviewFilter = (table: ReviewTable) => (value: SQL) =>
  sql`(${table.status} = (case when ${value} = 'waiting' then 'pending' else ${value}::text end)
    and (${value} <> 'waiting' or ${table.readyForReview}))`;

/**
 * The review inbox (`status=waiting`) lists who has waited longest first, by when each was sent for review (the
 * partial index on ready_at, id serves it); the other states keep the list's usual order.
 */
export const waitingFirst = (table: ReviewTable & { readyAt: PgColumn }) => (query: Record<string, unknown>) =>
  query.status === "waiting" ? table.readyAt : undefined;

/** A member's stored language, or English for anything else. */
export const asLanguage = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : "en";

/**
 * An instant as the API writes every other one (`2026-03-01T18:30:00.000Z`, as `Date.toISOString`), for values built
 * inside json_build_object, which would otherwise print the session's offset (`2026-03-01T18:30:00.123456+00:00`).
 */
const isoText = (column: PgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The decisions taken on a record, newest first, read from the audit trail (platform/review.ts records each one
 * as an "accept" or "reject" entry): the history shown on its detail page to whoever may see the record.
 */
export function decisionHistory(resource: string, id: PgColumn) {
  return sql<{ status: "accepted" | "returned"; review: string | null; at: string; by: string | null }[]>`coalesce((
    select json_agg(json_build_object(
      'status', case when ${auditLog.action} = 'accept' then 'accepted' else 'returned' end,
      'review', case when ${auditLog.action} = 'reject' then ${auditLog.changes} -> 'review' ->> 1 end,
      'at', ${isoText(auditLog.at)}, 'by', ${auditLog.actorName}) order by ${auditLog.at} desc, ${auditLog.id} desc)
    from ${auditLog}
    where ${auditLog.resource} = ${resource} and ${auditLog.recordId} = ${id}::text
      and ${auditLog.action} in ('accept', 'reject')), '[]'::json)`;
}

/** The decision history is derived from the trail: recording it in the trail again would only repeat it. */
export const reviewedAuditPolicy = (resource: "owners" | "boxes") => ({ ignore: AUDIT_DERIVED_FIELDS[resource] });
