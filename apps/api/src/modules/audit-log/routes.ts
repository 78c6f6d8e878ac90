import { Readable } from "node:stream";
import {
  type AuditLogQuery,
  auditActorOption,
  auditActorsQuery,
  auditEntry,
  auditEntryDetail,
  auditLogQuery,
  COUNT_CAP,
  DEFAULT_AUDIT_TIME_ZONE,
  errorBody,
  idParams,
  OFFSET_PAGE_LIMIT,
  PAGE_SIZE,
  paged,
} from "@palco/shared";
import { and, asc, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { toAuditEntry } from "../../platform/audit.ts";
import type { Db } from "../../platform/db.ts";
import { ApiError, notFound } from "../../platform/errors.ts";
import { escapeLike } from "../../platform/list-query.ts";
import { auditLog, users } from "../../platform/schema.ts";
import { csvField, neutralise } from "../exports/writers.ts";

const tags = ["Audit trail"];
const errors = { "4xx": errorBody };

/** The filters of a query as one condition (undefined: the whole trail). */
export function filterCondition(query: AuditLogQuery): SQL | undefined {
  const zone = query.tz ?? DEFAULT_AUDIT_TIME_ZONE;
  const conditions: (SQL | undefined)[] = [
    query.resource ? eq(auditLog.resource, query.resource) : undefined,
    query.recordId ? eq(auditLog.recordId, query.recordId) : undefined,
    query.actor ? eq(auditLog.actorId, query.actor) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    // Midnight of the day in the viewer's zone, as an instant; `to` includes its whole day.
    query.from ? sql`${auditLog.at} >= (${query.from}::date)::timestamp at time zone ${zone}` : undefined,
    query.to ? sql`${auditLog.at} < (${query.to}::date + 1)::timestamp at time zone ${zone}` : undefined,
  ];
  return and(...conditions.filter((condition) => condition !== undefined));
}

/** Cursors are entry ids: the first or last entry of the neighbouring page. */
function cursorId(cursor: string | undefined, field: string): number | undefined {
  if (cursor === undefined) return undefined;
  if (!/^\d{1,15}$/.test(cursor)) throw new ApiError(400, { [field]: "VALIDATION.INVALID" });
  return Number(cursor);
}

export const selectEntries = (db: Db) => db.select().from(auditLog).$dynamic();

/**
 * Newest first by the time of the change, the id breaking ties: every index of the trail ends in (at, id), so a
 * filtered page (one record, one person, a date range) is a short walk of one index, with no sort.
 */
export const NEWEST_FIRST = [desc(auditLog.at), desc(auditLog.id)];

/** Rows after / before the cursor's entry in that order (the cursor is an entry id; its time is looked up). */
export const olderThan = (id: number) =>
  sql`(${auditLog.at}, ${auditLog.id}) < (select c.at, c.id from audit_log c where c.id = ${id})`;
const newerThan = (id: number) =>
  sql`(${auditLog.at}, ${auditLog.id}) > (select c.at, c.id from audit_log c where c.id = ${id})`;

/** One page of the trail, newest first, with a capped count (the table grows without bound). */
export async function auditPage(db: Db, query: AuditLogQuery) {
  const where = filterCondition(query);
  const after = cursorId(query.after, "after");
  const before = cursorId(query.before, "before");
  const page = query.page;
  let rows: (typeof auditLog.$inferSelect)[];
  if (after !== undefined) {
    rows = await selectEntries(db)
      .where(and(where, olderThan(after)))
      .orderBy(...NEWEST_FIRST)
      .limit(PAGE_SIZE + 1);
  } else if (before !== undefined) {
    rows = (
      await selectEntries(db)
        .where(and(where, newerThan(before)))
        .orderBy(asc(auditLog.at), asc(auditLog.id))
        .limit(PAGE_SIZE + 1)
    ).reverse();
    // The extra row read is the newer neighbour; the page is the PAGE_SIZE oldest of what was read.
    if (rows.length > PAGE_SIZE) rows = rows.slice(1);
  } else {
    if (page > OFFSET_PAGE_LIMIT) throw new ApiError(400, { page: "VALIDATION.INVALID" });
    rows = await selectEntries(db)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE);
  }
  const hasMore = after !== undefined || before === undefined ? rows.length > PAGE_SIZE : true;
  const items = rows.slice(0, PAGE_SIZE);
  const seek = after !== undefined || before !== undefined;

  let total: number;
  let totalKind: "exact" | "capped" | "estimated";
  if (!seek && !hasMore) {
    total = (page - 1) * PAGE_SIZE + items.length;
    totalKind = "exact";
  } else {
    const capped = db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as("capped");
    const [counted] = await db.select({ total: count() }).from(capped);
    const value = Number(counted?.total ?? 0);
    total = Math.min(value, COUNT_CAP);
    totalKind = value > COUNT_CAP ? "capped" : "exact";
  }
  const first = items[0];
  const last = items.at(-1);
  return {
    items: items.map(toAuditEntry),
    page,
    pageSize: PAGE_SIZE,
    pageCount: Math.ceil(total / PAGE_SIZE),
    total,
    totalKind,
    next: hasMore && last ? String(last.id) : null,
    previous: page > 1 && first ? String(first.id) : null,
  };
}

const CSV_BATCH = 1_000;
const CSV_COLUMNS = ["at", "actor_name", "actor_email", "action", "resource", "record_id", "changes", "ip"];

/** RFC 4180 quoting, and a leading quote on cells a spreadsheet would read as a formula (as the export jobs write). */
function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  return csvField(neutralise(text));
}

type Entry = typeof auditLog.$inferSelect;

/** The filtered trail, newest first, in keyset batches on its (at, id) indexes (the list's own walk). */
export async function* entryBatches(db: Db, query: AuditLogQuery, size: number): AsyncGenerator<Entry[]> {
  const where = filterCondition(query);
  let below: number | undefined;
  for (;;) {
    const rows = await selectEntries(db)
      .where(and(where, below === undefined ? undefined : olderThan(below)))
      .orderBy(...NEWEST_FIRST)
      .limit(size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    below = rows.at(-1)!.id;
  }
}

/** The filtered trail as CSV lines, read in keyset batches so memory stays flat however long the export. */
async function* csvLines(db: Db, query: AuditLogQuery): AsyncGenerator<string> {
  yield `\uFEFF${CSV_COLUMNS.join(",")}\r\n`;
  for await (const rows of entryBatches(db, query, CSV_BATCH)) {
    let chunk = "";
    for (const row of rows) {
      chunk += `${[
        row.at.toISOString(),
        row.actorName,
        row.actorEmail,
        row.action,
        row.resource,
        row.recordId,
        row.changes,
        row.ip,
      ]
        .map(csvCell)
        .join(",")}\r\n`;
    }
    yield chunk;
  }
}

/** Reading the audit trail (recording is platform/audit.ts). Append-only: there is no route that changes it. */
export async function auditLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.db;

  r.get(
    "/api/audit-log",
    {
      config: { permission: "AUDIT_LOG_INDEX" },
      schema: {
        tags,
        summary: `The audit trail, newest first (paged, ${PAGE_SIZE} per page)`,
        description:
          "Filters: resource (API path segment or auth), recordId, actor (staff id), action, from and to (calendar " +
          `days YYYY-MM-DD, inclusive, in tz, default ${DEFAULT_AUDIT_TIME_ZONE}). Pages past ${OFFSET_PAGE_LIMIT} ` +
          `are reached with the next/previous cursors; the total is exact up to ${COUNT_CAP}.`,
        querystring: auditLogQuery,
        response: { 200: paged(auditEntry), ...errors },
      },
    },
    async (request) => auditPage(db(), request.query),
  );

  r.get(
    "/api/audit-log/export",
    {
      config: { permission: "AUDIT_LOG_INDEX", stepUp: true },
      schema: {
        tags,
        summary: "The filtered audit trail as CSV (UTF-8 with BOM), streamed",
        description: "Same filters as the list, every matching entry, newest first.",
        querystring: auditLogQuery,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="audit-log-${day}.csv"`);
      return reply.send(Readable.from(csvLines(db(), request.query)));
    },
  );

  r.get(
    "/api/audit-log/actors",
    {
      config: { permission: "AUDIT_LOG_INDEX" },
      schema: {
        tags,
        summary: "Staff accounts to filter the trail by (at most 20, by name)",
        querystring: auditActorsQuery,
        response: { 200: z.array(auditActorOption), ...errors },
      },
    },
    async (request) => {
      const term = request.query.search?.trim().toLowerCase();
      const pattern = term ? `%${escapeLike(term)}%` : undefined;
      const rows = await db()
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(
          pattern
            ? or(
                sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
                sql`lower(${users.email}) like ${pattern}`,
              )
            : undefined,
        )
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
        .limit(20);
      return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email }));
    },
  );

  r.get(
    "/api/audit-log/:id",
    {
      config: { permission: "AUDIT_LOG_INDEX" },
      schema: { tags, summary: "One audit entry", params: idParams, response: { 200: auditEntryDetail, ...errors } },
    },
    async (request) => {
      const [row] = await selectEntries(db()).where(eq(auditLog.id, request.params.id)).limit(1);
      if (!row) throw notFound();
      return { ...toAuditEntry(row), userAgent: row.userAgent, requestId: row.requestId };
    },
  );
}
