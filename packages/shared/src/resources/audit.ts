import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from "./audit-values.ts";

/**
 * The audit trail (not in the spec; docs/decisions.md): one append-only entry per successful change and per
 * security event, written in the same transaction as the change.
 */

/**
 * Field → [before, after], values as the resource's API answers them. A create has every field with `null`
 * before, a delete every field with `null` after; a security event may carry context (the e-mail tried).
 */
export const auditChanges = z.record(z.string(), z.tuple([z.unknown(), z.unknown()]));
export type AuditChanges = z.infer<typeof auditChanges>;

export const auditActor = z.object({
  id: z.number().int().nullable().describe("Staff id; null when nobody was signed in (a failed sign-in)"),
  name: z.string().nullable().describe("Name when the entry was written (kept if the account changes or goes)"),
  email: z.string().nullable(),
});
export type AuditActor = z.infer<typeof auditActor>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string().describe("ISO 8601 date-time"),
  actor: auditActor,
  action: z.string().describe(`One of ${AUDIT_ACTIONS.join(", ")}`),
  resource: z.string().describe(`One of ${AUDIT_RESOURCES.join(", ")}`),
  recordId: z.string().nullable(),
  changes: auditChanges,
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditEntryDetail = auditEntry.extend({
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntryDetail = z.infer<typeof auditEntryDetail>;

/** The header the SPA sends on every update, delete and state change: the ETag of the version the user saw. */
export const IF_MATCH_HEADER = "If-Match";

/**
 * What a 409 adds to the error shape when `If-Match` named a version that is no longer current: the record as
 * it is now and the entries written since the version the user saw (newest first), each only to a member who may
 * read it; a member who may only write gets the bare error shape.
 */

export const staleVersion = z.object({
  code: z
    .string()
    .optional()
    .describe("STALE_VERSION on every stale 409; MFA_ENROLLMENT_REQUIRED or STEP_UP_REQUIRED on those 403s"),
  current: z
    .unknown()
    .optional()
    .describe("409 stale version only, to a member who may read the record: the record as it is now"),
  changes: z
    .array(auditEntry)
    .optional()
    .describe("409 stale version only, with AUDIT_LOG_INDEX: what changed since, newest first"),
});
