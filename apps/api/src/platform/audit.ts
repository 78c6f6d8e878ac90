import { createHash } from "node:crypto";
import {
  AUDIT_REDACTED,
  type AuditAction,
  type AuditChanges,
  type AuditEntry,
  type AuditResource,
  IF_MATCH_HEADER,
  STALE_VERSION_CODE,
} from "@palco/shared";
import { and, desc, eq, gt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "./db.ts";
import { ApiError, notFound } from "./errors.ts";
import { isAllowed, mayReadRecord } from "./guard.ts";
import { auditLog } from "./schema.ts";

/**
 * The audit trail and optimistic concurrency, in one place for every resource.
 *
 * - `recordAudit` writes one entry with the executor it is given: callers pass their transaction, so an entry
 *   exists exactly when the change committed.
 * - `auditedWrite` is the shape of every audited change: lock and load the record as the API answers it, check
 *   the caller's If-Match against it, apply the change, load it again, and record what changed.
 * - `entityTag` is the version of a record as answered: a hash of its JSON, so an unchanged record keeps its ETag
 *   and any change to what a user can see (a joined name included) makes a new one.
 */

/** Who did it and from where, as the request says. */
export interface AuditContext {
  actor: { id: number; name: string; email: string } | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

const USER_AGENT_MAX = 500;

export function auditContext(request: FastifyRequest): AuditContext {
  const user = request.sessionUser;
  const agent = request.headers["user-agent"];
  return {
    actor: user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : null,
    requestId: String(request.id),
    ip: request.ip ?? null,
    userAgent: typeof agent === "string" ? agent.slice(0, USER_AGENT_MAX) : null,
  };
}

/**
 * What a resource records of its records. By default every field the API answers, minus the bookkeeping ones;
 * `redact` names secrets (their values never reach the trail, only the fact that they changed).
 */
export interface AuditPolicy {
  /** Fields left out of `changes` (besides createdAt and updatedAt). */
  ignore?: readonly string[];
  /** Fields whose values are replaced by AUDIT_REDACTED. */
  redact?: readonly string[];
}

const ALWAYS_IGNORED = new Set(["createdAt", "updatedAt"]);

/** Names that are secrets wherever they appear, whatever a resource declares. */
const ALWAYS_REDACTED = /password|secret|token|hash|link/i;

function isRedacted(field: string, policy: AuditPolicy | undefined): boolean {
  return ALWAYS_REDACTED.test(field) || (policy?.redact?.includes(field) ?? false);
}

function isIgnored(field: string, policy: AuditPolicy | undefined): boolean {
  return ALWAYS_IGNORED.has(field) || (policy?.ignore?.includes(field) ?? false);
}

/**
 * A record answered by an /api route (an object with a numeric id, as GET/POST/PUT answer one): what carries an
 * ETag. Lists, lookups and the auth envelopes have no top-level id; the signed-in user (`/api/auth/me`, asked on
 * every page load) is a session, never written back with If-Match.
 */
export function isVersionedAnswer(request: FastifyRequest, statusCode: number, payload: unknown): boolean {
  return (
    (statusCode === 200 || statusCode === 201) &&
    request.url.startsWith("/api/") &&
    !request.url.startsWith("/api/auth/") &&
    payload !== null &&
    typeof payload === "object" &&
    !Array.isArray(payload) &&
    typeof (payload as { id?: unknown }).id === "number"
  );
}

/** Values as JSON would carry them (Dates as ISO strings), so entries compare and read like API answers. */
function plain(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** Object keys sorted at every level, so two equal records always serialise the same way. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner && typeof inner === "object" && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
    }
    return inner;
  });
}

type Fields = Record<string, unknown>;

/**
 * `{field: [before, after]}` for the fields that differ. `before` null means a create (every field, null
 * before), `after` null a delete (every field, null after).
 */
export function auditChanges(before: Fields | null, after: Fields | null, policy?: AuditPolicy): AuditChanges {
  const changes: AuditChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (isIgnored(field, policy)) continue;
    const old = before === null ? null : plain(before[field]);
    const now = after === null ? null : plain(after[field]);
    if (before !== null && after !== null && canonical(old) === canonical(now)) continue;
    changes[field] = isRedacted(field, policy)
      ? [before === null ? null : AUDIT_REDACTED, after === null ? null : AUDIT_REDACTED]
      : [old, now];
  }
  return changes;
}

/**
 * The signature part of a private document's link (platform/documents.ts): it differs by member and by minute,
 * not with the record, so a version leaves it out (the link's path stays).
 */
const SIGNED_LINK_QUERY = /\?user=\d+&session=[^&]*&expires=\d+&signature=[\w-]+$/;

function withoutSignatures(value: unknown): unknown {
  if (typeof value === "string") return value.replace(SIGNED_LINK_QUERY, "");
  if (Array.isArray(value)) return value.map(withoutSignatures);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutSignatures(item)]));
  }
  return value;
}

/**
 * A strong ETag (quoted) for a record as the API answers it. A record with document links has the version of the
 * same record without them (the audit trail's), so If-Match compares what the member saw with what is stored.
 */
export function entityTag(entity: unknown): string {
  return `"${createHash("sha256")
    .update(canonical(withoutSignatures(plain(entity))))
    .digest("base64url")
    .slice(0, 27)}"`;
}

export interface AuditEvent {
  /** One of the shared list, which the screens label (a new action goes there first). */
  action: AuditAction;
  /** The resource's API path segment ("cities"), or "auth" for sign-in events (shared list too). */
  resource: AuditResource;
  recordId?: string | number | null;
  changes?: AuditChanges;
  /** ETag of the record after the change (null for a delete or an event without a record). */
  version?: string | null;
  /** Overrides the request's actor (a sign-in: the account that just signed in). */
  actor?: AuditContext["actor"];
}

export async function recordAudit(
  executor: Db,
  context: AuditContext | FastifyRequest,
  event: AuditEvent,
): Promise<void> {
  const from = "actor" in context && "userAgent" in context ? context : auditContext(context as FastifyRequest);
  const actor = event.actor !== undefined ? event.actor : from.actor;
  await executor.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    actorEmail: actor?.email ?? null,
    action: event.action,
    resource: event.resource,
    recordId: event.recordId === undefined || event.recordId === null ? null : String(event.recordId),
    changes: event.changes ?? {},
    version: event.version ?? null,
    requestId: from.requestId,
    ip: from.ip,
    userAgent: from.userAgent,
  });
}

/** A row of audit_log as the API answers it. */
export function toAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
    action: row.action,
    resource: row.resource,
    recordId: row.recordId,
    changes: row.changes as AuditChanges,
    ip: row.ip,
  };
}

/** The versions an If-Match header lists (`*` is "any version": no check), or undefined without the header. */
export function ifMatchVersions(request: FastifyRequest): string[] | undefined {
  const header = request.headers[IF_MATCH_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(",") : header;
  const versions = text
    .split(",")
    .map((part) => part.trim().replace(/^W\//, ""))
    .filter(Boolean);
  return versions.includes("*") ? undefined : versions;
}

/** How many entries a stale answer lists when the version the caller saw is not in the trail. */
const STALE_CHANGES_FALLBACK = 5;

/**
 * Throws 409 when the request carries an If-Match that does not name the current version. Without the header the
 * write goes ahead (the spec's clients send none). The refusal carries the record as it is now (`current`) only to
 * a member who may read it (the permission of its detail route), and the entries written since the version the
 * caller saw (`changes`: who, from where) only to a holder of AUDIT_LOG_INDEX: a member who may only write learns
 * that the record changed and nothing of it.
 */
export async function assertCurrentVersion(
  executor: Db,
  request: FastifyRequest,
  target: { resource: string; recordId: string | number; current: unknown },
): Promise<void> {
  const versions = ifMatchVersions(request);
  if (versions === undefined) return;
  const currentTag = entityTag(target.current);
  if (versions.includes(currentTag)) return;
  const extra: Record<string, unknown> = { code: STALE_VERSION_CODE };
  if (mayReadRecord(request)) extra.current = target.current;
  if (request.sessionUser && isAllowed(request.sessionUser, "AUDIT_LOG_INDEX")) {
    extra.changes = await changesSince(executor, target.resource, String(target.recordId), versions[0] ?? "");
  }
  throw new ApiError(409, { general: "ERRORS.STALE_VERSION" }, "ERRORS.STALE_VERSION", extra);
}

/** The entries of a record written since `version`, newest first (the last few when the trail does not know it). */
async function changesSince(executor: Db, resource: string, recordId: string, version: string): Promise<AuditEntry[]> {
  const ofRecord = and(eq(auditLog.resource, resource), eq(auditLog.recordId, recordId));
  const seen = await executor
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(ofRecord, eq(auditLog.version, version)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  const since = seen[0] ? and(ofRecord, gt(auditLog.id, seen[0].id)) : ofRecord;
  const rows = await executor
    .select()
    .from(auditLog)
    .where(since)
    .orderBy(desc(auditLog.id))
    .limit(seen[0] ? 50 : STALE_CHANGES_FALLBACK);
  return rows.map(toAuditEntry);
}

/** A secret that changed, as the trail shows it. */
export const SECRET_CHANGED: [string, string] = [AUDIT_REDACTED, AUDIT_REDACTED];

export interface AuditedWrite<TEntity> {
  request: FastifyRequest;
  resource: AuditResource;
  recordId: number;
  action: AuditAction;
  /**
   * Locks the record's row (SELECT … FOR UPDATE) and answers it as the API does; undefined when it does not
   * exist. Called again after `apply` for the after state (the lock is already held then).
   */
  load(): Promise<TEntity | undefined>;
  apply(before: TEntity): Promise<void>;
  /** False for a delete: nothing to load after, every field recorded with null after. */
  exists?: boolean;
  policy?: AuditPolicy | undefined;
  /** Changes the record's answer cannot show (a new password: `{password: [REDACTED, REDACTED]}`). */
  extraChanges?: () => AuditChanges;
}

/**
 * Runs an update, delete or state change inside the caller's transaction `tx`: 404 when the record is gone,
 * 409 when If-Match is stale, otherwise the change and its audit entry. Answers the record after the change
 * (undefined after a delete).
 */
export async function auditedWrite<TEntity>(tx: Db, write: AuditedWrite<TEntity>): Promise<TEntity | undefined> {
  const before = await write.load();
  if (before === undefined) throw notFound();
  await assertCurrentVersion(tx, write.request, {
    resource: write.resource,
    recordId: write.recordId,
    current: before,
  });
  await write.apply(before);
  const after = write.exists === false ? undefined : await write.load();
  if (write.exists !== false && after === undefined) throw notFound();
  await recordAudit(tx, write.request, {
    action: write.action,
    resource: write.resource,
    recordId: write.recordId,
    changes: {
      ...auditChanges(before as Fields, (after ?? null) as Fields | null, write.policy),
      ...write.extraChanges?.(),
    },
    version: after === undefined ? null : entityTag(after),
  });
  return after;
}

/** Records a create (every field, null before) inside the caller's transaction. */
export async function recordCreate(
  tx: Db,
  request: FastifyRequest,
  target: {
    resource: AuditResource;
    recordId: number;
    created: unknown;
    policy?: AuditPolicy | undefined;
    extraChanges?: AuditChanges;
  },
): Promise<void> {
  await recordAudit(tx, request, {
    action: "create",
    resource: target.resource,
    recordId: target.recordId,
    changes: { ...auditChanges(null, target.created as Fields, target.policy), ...target.extraChanges },
    version: entityTag(target.created),
  });
}

/**
 * Records a change whose before and after the caller loaded itself (flows with their own transaction and rules,
 * such as users): `after` null for a delete.
 */
export async function recordChange(
  tx: Db,
  request: FastifyRequest,
  change: {
    action: AuditAction;
    resource: AuditResource;
    recordId: number;
    before: unknown;
    after: unknown;
    policy?: AuditPolicy | undefined;
    extraChanges?: AuditChanges;
  },
): Promise<void> {
  await recordAudit(tx, request, {
    action: change.action,
    resource: change.resource,
    recordId: change.recordId,
    changes: {
      ...auditChanges(change.before as Fields, (change.after ?? null) as Fields | null, change.policy),
      ...change.extraChanges,
    },
    version: change.after === null || change.after === undefined ? null : entityTag(change.after),
  });
}
