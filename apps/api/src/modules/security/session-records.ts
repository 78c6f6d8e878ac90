import type { AuthSession } from "@palco/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type AuditContext, recordAudit } from "../../platform/audit.ts";
import type { Db } from "../../platform/db.ts";
import { authSessions, refreshTokens } from "../../platform/schema.ts";

/**
 * Alive as the guard judges an access token's session: a refresh token of the family neither revoked nor expired.
 * The rows of ended sessions stay (the trail may name them) but are no longer listed.
 */
export const isLive = sql<boolean>`exists (select 1 from ${refreshTokens} rt where rt.family = ${authSessions.id}
  and rt.user_id = ${authSessions.userId} and rt.revoked_at is null and rt.expires_at > now())`;

type SessionRow = typeof authSessions.$inferSelect;

export function toAuthSession(row: SessionRow, currentId: string | undefined): AuthSession {
  return {
    id: row.id,
    current: row.id === currentId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    mfa: row.mfa,
  };
}

/** The member's live sessions, the most recently used first. */
export function liveSessions(db: Db, userId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isLive))
    .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.createdAt), authSessions.id);
}

/**
 * Why a session ended, as the trail records it: by the member or staff from the sessions lists, by a staff reset of
 * the member's factors, or because a role the member holds came to require a second factor the session lacks.
 */
export type SessionEndReason = "ended-by-member" | "ended-by-staff" | "factors-reset" | "role-requires-mfa";

/**
 * Who lost a session and how, for the trail: the actor (the request's member) is who ended it, the record is the
 * member whose session it was. The session's id is recorded so an entry can be matched with the sessions list.
 */
export function auditEnd(
  tx: Db,
  context: FastifyRequest | AuditContext,
  ended: { userId: number; sessionId: string },
  reason: SessionEndReason,
) {
  return recordAudit(tx, context, {
    action: "session-end",
    resource: "users",
    recordId: ended.userId,
    changes: { reason: [null, reason], session: [ended.sessionId, null] },
  });
}
