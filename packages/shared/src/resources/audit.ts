import { z } from "zod";

/**
 * The audit trail (not in the spec; docs/decisions.md): one append-only entry per successful change and per
 * security event, written in the same transaction as the change.
 */

/**
 * What an entry records: the only actions the API may write (its writers take an `AuditAction`), so each one has
 * a label in the trail's screens (their tests walk this list).
 */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "activate",
  "deactivate",
  // Review decisions (owners, boxes), booking actions and a simulated run.
  "accept",
  "reject",
  "tickets-sent",
  "tickets-delivered",
  "owner-paid",
  "cancel",
  "simulate",
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "password-reset-request",
  "password-reset",
  "password-change",
  "account-activation",
  "session-end",
  // Second factors and step-up (staff account security).
  "mfa-enrol",
  "mfa-remove",
  "mfa-reset",
  "mfa-passed",
  "mfa-failed",
  "recovery-code-used",
  "recovery-codes-issued",
  "step-up",
  "step-up-failed",
  // A list exported to a file (modules/exports): which list, which filters, how many rows.
  "export",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an entry is about: the resource's API path segment, "settings" for the fees, "simulation" for a run, and
 * "auth" for a failed sign-in that names no account. The API writes no other (`AuditResource`).
 */
export const AUDIT_RESOURCES = [
  "users",
  "roles",
  "venues",
  "events",
  "categories",
  "owners",
  "boxes",
  "services",
  "bookings",
  "payment-providers",
  "payment-methods",
  "countries",
  "states",
  "cities",
  "settings",
  "simulation",
  "auth",
  // Saved list views shared with roles (a private view's changes are no one else's business).
  "views",
  // The trail itself: only its exports are recorded (it is never changed).
  "audit-log",
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

/**
 * Fields of a record that its entries leave out: what is read from the trail itself (review decisions, a
 * booking's timeline), which would otherwise repeat every earlier entry in each new one.
 */
export const AUDIT_DERIVED_FIELDS = {
  owners: ["decisions"],
  boxes: ["decisions"],
  bookings: ["timeline"],
} as const satisfies Partial<Record<AuditResource, readonly string[]>>;

/** Why a sign-in failed, as its entry records it (`reason`). */
export const SIGN_IN_FAILURES = ["unknown-account", "wrong-password", "not-activated", "blocked"] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/**
 * Fields an entry records besides a record's own: a failed sign-in's context, a simulated run's settings, a new
 * password (always redacted).
 */
export const AUDIT_EVENT_FIELDS = ["email", "reason", "count", "intervalMs", "durationMs", "password"] as const;

/** Stands for a secret (password hash, token, link) in `changes`: the key being there says it changed. */
export const AUDIT_REDACTED = "[redacted]";

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
/** `code` of a stale-version 409: how a client knows it whether or not the record and its changes came with it. */
export const STALE_VERSION_CODE = "STALE_VERSION";

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
