import {
  errorBody,
  FEE_CODES,
  FEE_HISTORY_LENGTH,
  type FeeChange,
  type FeeCode,
  feeHistory,
  feeSettings as feeSettingsAnswer,
  feeSettingsInput,
} from "@palco/shared";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { assertCurrentVersion, auditChanges, entityTag, recordAudit } from "../../platform/audit.ts";
import { auditLog, feeSettings } from "../../platform/schema.ts";
import { asRecord, readFeeSettings } from "./service.ts";

const tags = ["Settings"];
const errors = { "4xx": errorBody };

/** Where the fee changes are in the audit trail. */
export const FEES_AUDIT = { resource: "settings", recordId: "fees" } as const;

type Pair = [unknown, unknown];
const asPercent = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The trail's `{guest: [7.5, 8]}` as the form's history lists it, in the form's order. */
function changeList(changes: Record<string, Pair>): FeeChange["changes"] {
  return FEE_CODES.filter((code) => Array.isArray(changes[code])).map((code: FeeCode) => ({
    code,
    from: asPercent(changes[code]![0]),
    to: asPercent(changes[code]![1]),
  }));
}

/**
 * Fee settings (spec 02 §2, §7): guarded by SERVICES_INDEX, as the spec says of the /settings screen (no fees
 * permission exists). Every save is an audit entry (resource "settings", record "fees") written in its transaction;
 * the form's history reads those entries back.
 */
export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/settings/fees",
    {
      config: { permission: "SERVICES_INDEX" },
      schema: {
        tags,
        summary: "The fees in force: guest fee, host fee and IVA, in percent",
        response: { 200: feeSettingsAnswer, ...errors },
      },
    },
    async (_request, reply) => {
      const fees = await readFeeSettings(app.db);
      // The three rates are one record for optimistic concurrency: its version is the hash of the list answered.
      reply.header("ETag", entityTag(fees));
      return fees;
    },
  );

  r.put(
    "/api/settings/fees",
    {
      // The fees decide what every later booking charges and pays out: a sensitive action.
      config: { permission: "SERVICES_INDEX", stepUp: true },
      schema: {
        tags,
        summary: "Change the fees: {guest, host, IVA}, each a percentage from 0 to 100 with at most two decimals",
        description:
          "Answers the fees as GET does. Bookings already made keep the rates they were charged; new bookings are " +
          "charged these. 422 with a message per field for a missing value, a non-number, a value outside 0–100 " +
          "or more than two decimals. With If-Match (the ETag of GET), a version that is no longer current answers " +
          "409 STALE_VERSION, like every record; without it the save is unconditional.",
        body: feeSettingsInput,
        response: { 200: feeSettingsAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const saved = await app.db.transaction(async (tx) => {
        // The rows stay locked until the save commits: of parallel saves based on one version, one wins.
        const before = await readFeeSettings(tx, { lock: true });
        await assertCurrentVersion(tx, request, { ...FEES_AUDIT, current: before });
        const now = new Date();
        await tx
          .insert(feeSettings)
          .values(FEE_CODES.map((code) => ({ code, value: body[code].toFixed(2), updatedAt: now })))
          .onConflictDoUpdate({
            target: feeSettings.code,
            set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
          });
        const after = await readFeeSettings(tx);
        await recordAudit(tx, request, {
          action: "update",
          ...FEES_AUDIT,
          changes: auditChanges(asRecord(before), asRecord(after)),
          version: entityTag(after),
        });
        return after;
      });
      reply.header("ETag", entityTag(saved));
      return saved;
    },
  );

  r.get(
    "/api/settings/fees/history",
    {
      config: { permission: "SERVICES_INDEX" },
      schema: {
        tags,
        summary: `The last ${FEE_HISTORY_LENGTH} changes of the fees, newest first: who, when, from what to what`,
        description:
          "Read from the audit trail, so whoever may change the fees sees their history without AUDIT_LOG_INDEX. " +
          "Saves that changed nothing are left out.",
        response: { 200: feeHistory, ...errors },
      },
    },
    async () => {
      const rows = await app.db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorId: auditLog.actorId,
          actorName: auditLog.actorName,
          changes: auditLog.changes,
        })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.resource, FEES_AUDIT.resource),
            eq(auditLog.recordId, FEES_AUDIT.recordId),
            eq(auditLog.action, "update"),
            ne(auditLog.changes, sql`'{}'::jsonb`),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(FEE_HISTORY_LENGTH);
      return rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        by: { id: row.actorId, name: row.actorName },
        changes: changeList(row.changes as Record<string, Pair>),
      }));
    },
  );
}
