import type { Expected, WalkCase } from "./audit-walk.ts";
import { bearer, call, login, sessionIdOf, type TestApp } from "./helpers.ts";

/**
 * The audit walk's cases for the sessions routes (audit.test.ts): ending a session is one `session-end` entry
 * (a sign-out when it is the current one), and a refusal (another member's session, a bare DELETE, an unknown
 * member) records nothing.
 */

interface Context {
  t: TestApp;
  admin: { authorization: string };
  adminId: number;
  secrets: Set<string>;
}

const MISSING_ID = 2147483647;

export function sessionCases(context: () => Context): Record<string, WalkCase> {
  const remove = (url: string, headers: { authorization: string }) =>
    call(context().t.app, { method: "DELETE", url, headers });

  /** A member signed in twice: the first session does the asking, the second is the one ended. */
  async function twoSessions() {
    const { t, secrets } = context();
    const user = await t.createUser();
    const asking = await login(t.app, user.email, user.password);
    const other = await login(t.app, user.email, user.password);
    for (const session of [asking, other]) secrets.add(session.token).add(session.refreshToken);
    return { id: user.id, headers: bearer(asking.token), other: sessionIdOf(other.token) };
  }

  const ended = (userId: number, actorId: number): Expected => ({
    action: "session-end",
    resource: "users",
    recordId: userId,
    actorId,
  });

  return {
    "DELETE /api/auth/sessions/:id": {
      async succeed() {
        const member = await twoSessions();
        const response = await remove(`/api/auth/sessions/${member.other}`, member.headers);
        return { response, expected: ended(member.id, member.id) };
      },
      async refuse() {
        const member = await twoSessions();
        const stranger = await twoSessions();
        return () => remove(`/api/auth/sessions/${stranger.other}`, member.headers);
      },
    },
    "DELETE /api/auth/sessions": {
      async succeed() {
        const member = await twoSessions();
        const response = await remove("/api/auth/sessions?others=true", member.headers);
        return { response, expected: ended(member.id, member.id) };
      },
      async refuse() {
        const member = await twoSessions();
        return () => remove("/api/auth/sessions", member.headers);
      },
    },
    "DELETE /api/users/:id/sessions": {
      async succeed() {
        const { t, admin, adminId } = context();
        const user = await t.createUser();
        const session = await login(t.app, user.email, user.password);
        context().secrets.add(session.token).add(session.refreshToken);
        const response = await remove(`/api/users/${user.id}/sessions`, admin);
        return { response, expected: ended(user.id, adminId) };
      },
      refuse: async () => () => remove(`/api/users/${MISSING_ID}/sessions`, context().admin),
    },
  };
}
