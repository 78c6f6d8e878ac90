// The audit trail's actions, resources and fields as plain values, no schema: the screens import them without loading
// zod (audit.ts builds its schemas from them).

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
 * `code` of a stale-version 409: how a client knows it whether or not the record and its changes came with it. Here,
 * not beside the 409's schema in audit.ts, because every detail page reads it and must not load zod for it.
 */
export const STALE_VERSION_CODE = "STALE_VERSION";
