import { authSessionList, endSessionsQuery, errorBody, idParams } from "@palco/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { notFound } from "../../platform/errors.ts";
import { authSessions, users } from "../../platform/schema.ts";
import { guardSuperAdmin, guardTargetPermissions, lockUser } from "../users/service.ts";
import { auditEnd, isLive, liveSessions, toAuthSession } from "./session-records.ts";

const errors = { "4xx": errorBody };

/** A session id as the list shows it; anything else simply matches no session (404), never a validation error. */
const sessionParams = z.object({ id: z.string() });

/**
 * The member's own sessions (the Security page) and, for staff with USERS_EDIT, another member's. Ending goes
 * through `Sessions.change`: the refresh tokens are revoked in the transaction of the audit entries, and once it
 * commits the cached session data is dropped and the sockets are closed on every instance, so the ended session's
 * access token answers 401 on its very next call.
 */
export async function authSessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/auth/sessions",
    {
      config: { permission: null },
      schema: {
        tags: ["Auth"],
        summary: "The signed-in member's sessions (sign-ins still alive), most recently used first",
        description:
          "`current` marks the session making this request; `mfa` whether the session passed a second factor. " +
          "lastSeenAt moves with each token refresh.",
        response: { 200: authSessionList, ...errors },
      },
    },
    async (request) => {
      const rows = await liveSessions(app.db, request.sessionUser!.id);
      return rows.map((row) => toAuthSession(row, request.sessionId));
    },
  );

  r.delete(
    "/api/auth/sessions/:id",
    {
      config: { permission: null },
      schema: {
        tags: ["Auth"],
        summary: "End one of the signed-in member's sessions",
        description:
          "Its tokens answer 401 on their next call and its sockets close. Ending the current session signs out. " +
          "404 for a session that is not the member's own, already ended or unknown (alike).",
        params: sessionParams,
        response: { 204: z.undefined().describe("Ended"), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.sessionUser!;
      const sessionId = request.params.id;
      await app.sessions.change(async (tx, sessions) => {
        const [found] = await tx
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, user.id), isLive))
          .limit(1);
        if (!found) throw notFound();
        await sessions.end({ sessionId });
        if (sessionId === request.sessionId) {
          // The member signing this very session out: the same entry as a logout.
          await recordAudit(tx, request, { action: "sign-out", resource: "users", recordId: user.id });
        } else {
          await auditEnd(tx, request, { userId: user.id, sessionId }, "ended-by-member");
        }
      });
      return reply.code(204).send();
    },
  );

  r.delete(
    "/api/auth/sessions",
    {
      config: { permission: null },
      schema: {
        tags: ["Auth"],
        summary: "End every session of the signed-in member except the current one (others=true)",
        description:
          "Their tokens answer 401 on their next call and their sockets close. 400 without others=true, so a bare " +
          "DELETE never signs anybody out by accident.",
        querystring: endSessionsQuery,
        response: { 204: z.undefined().describe("Ended"), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.sessionUser!;
      const current = request.sessionId;
      await app.sessions.change(async (tx, sessions) => {
        const others = (await liveSessions(tx, user.id)).filter((row) => row.id !== current);
        await sessions.end({ userId: user.id, except: current });
        for (const row of others) {
          await auditEnd(tx, request, { userId: user.id, sessionId: row.id }, "ended-by-member");
        }
      });
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/users/:id/sessions",
    {
      config: { permission: "USERS_EDIT" },
      schema: {
        tags: ["Users"],
        summary: "A member's live sessions, most recently used first (`current` is always false)",
        description: "404 for an unknown user.",
        params: idParams,
        response: { 200: authSessionList, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [target] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      if (!target) throw notFound();
      // Staff look from outside: none of these sessions is the one asking, even when it is their own account.
      return (await liveSessions(app.db, id)).map((row) => toAuthSession(row, undefined));
    },
  );

  r.delete(
    "/api/users/:id/sessions",
    {
      config: { permission: "USERS_EDIT", stepUp: true },
      schema: {
        tags: ["Users"],
        summary: "End every session of a member (their tokens answer 401 on their next call, their sockets close)",
        description:
          "404 for an unknown user; 409 USERS.SUPER_ADMIN_PROTECTED for a super-admin unless the caller is one, " +
          "409 USERS.TARGET_BEYOND_OWN for a member holding permissions the caller lacks (as for every change of " +
          "a member). Asked for one's own account, the session making the request is kept.",
        params: idParams,
        response: { 204: z.undefined().describe("Ended"), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const actor = request.sessionUser!;
      await app.sessions.change(async (tx, sessions) => {
        // The same locks and rules as editing the member: ending sessions must not become a way around them.
        const locked = await lockUser(tx, id);
        guardSuperAdmin(locked, actor, "edit");
        await guardTargetPermissions(tx, id, actor);
        const except = id === actor.id ? request.sessionId : undefined;
        const ended = (await liveSessions(tx, id)).filter((row) => row.id !== except);
        await sessions.end({ userId: id, except });
        for (const row of ended) {
          await auditEnd(tx, request, { userId: id, sessionId: row.id }, "ended-by-staff");
        }
      });
      return reply.code(204).send();
    },
  );
}
