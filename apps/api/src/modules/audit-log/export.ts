import { type AuditLogQuery, auditLogQuery } from "@palco/shared";
import { count } from "drizzle-orm";
import { auditLog } from "../../platform/schema.ts";
import { type ExportDeclaration, text } from "../exports/declaration.ts";
import { entryBatches, filterCondition } from "./routes.ts";

type Entry = typeof auditLog.$inferSelect;

/**
 * The audit trail: the list's filters (resource, record, actor, action, days), newest first. Actions and resources
 * are written as the codes the API records and filters by; the changes as their JSON. Who did what, with their
 * e-mail and IP, is personal data: exporting it asks for a step-up, like the trail's streamed CSV.
 */
export const auditLogExport: ExportDeclaration<Entry> = {
  resource: "audit-log",
  permission: "AUDIT_LOG_INDEX",
  personal: true,
  listQuery: auditLogQuery,
  rows: (db, raw) => {
    const query = raw as AuditLogQuery;
    return {
      count: async () => {
        const [row] = await db.select({ total: count() }).from(auditLog).where(filterCondition(query));
        return Number(row?.total ?? 0);
      },
      batches: (size) => entryBatches(db, query, size),
    };
  },
  columns: [
    { header: "at", value: (row, c) => c.instant(row.at), width: 20 },
    { header: "actor", value: (row) => text(row.actorName), width: 24 },
    { header: "actorEmail", value: (row) => text(row.actorEmail), width: 30 },
    { header: "action", value: (row) => text(row.action), width: 16 },
    { header: "resource", value: (row) => text(row.resource), width: 16 },
    { header: "recordId", value: (row) => text(row.recordId), width: 10 },
    {
      header: "changes",
      value: (row) => text(row.changes && Object.keys(row.changes).length > 0 ? JSON.stringify(row.changes) : null),
      width: 60,
    },
    { header: "ip", value: (row) => text(row.ip), width: 16 },
  ],
};
