import {
  type AuthSession,
  MFA_ENROLLMENT_REQUIRED_CODE,
  type PermissionCode,
  type Session,
  STEP_UP_REQUIRED_CODE,
  translate,
} from "@palco/shared";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, authSessions, rolePermissions, roles, userRoles } from "../src/platform/schema.ts";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  call,
  createTestApp,
  login,
  nextIp,
  sessionIdOf,
  type TestApp,
} from "./helpers.ts";
import { listen, SocketClients } from "./sockets.ts";
import { book, insertBookable } from "./supply-fixtures.ts";

/**
 * Issue #21: the member's sessions and staff's view of them, the step-up before sensitive actions, and sessions
 * that may only enrol a second factor.
 */

let t: TestApp;
let baseUrl: string;
const sockets = new SocketClients();
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

const MISSING_ID = 2147483647;
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1";

/** A sign-in from a given address and browser. */
async function signIn(app: FastifyInstance, email: string, password: string, from: { ip?: string; agent?: string }) {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { provider: "email", user: email, secret: password },
    remoteAddress: from.ip ?? nextIp(),
    headers: from.agent ? { "user-agent": from.agent } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Session }>().data;
}

const listSessions = async (token: string) => {
  const response = await call(t.app, { method: "GET", url: "/api/auth/sessions", headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthSession[]>();
};

const me = (app: FastifyInstance, token: string) =>
  call(app, { method: "GET", url: "/api/auth/me", headers: bearer(token) });

async function refresh(app: FastifyInstance, refreshToken: string, from: { ip?: string; agent?: string } = {}) {
  const response = await call(app, {
    method: "POST",
    url: "/api/auth/refresh",
    payload: { refreshToken },
    ...(from.ip ? { remoteAddress: from.ip } : {}),
    headers: from.agent ? { "user-agent": from.agent } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Session }>().data;
}

const open = (token: string) => sockets.open(baseUrl, { query: { token } });

/** Resolves with the reason once the socket is closed by the server. */
const closed = (socket: Socket) => new Promise<string>((resolve) => socket.on("disconnect", resolve));

/** A member with a role holding these permissions, signed in twice (two browsers). */
async function memberWithTwoSessions(...permissions: PermissionCode[]) {
  const user = await t.createUser({ permissions });
  const laptop = await signIn(t.app, user.email, user.password, { ip: "198.51.100.7", agent: FIREFOX });
  const phone = await signIn(t.app, user.email, user.password, { ip: "198.51.100.8", agent: SAFARI });
  return { user, laptop, phone };
}

const sessionEnds = (userId: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.resource, "users"), eq(auditLog.recordId, String(userId)), eq(auditLog.action, "session-end")),
    );

describe("GET /api/auth/sessions", () => {
  it("lists the member's live sessions with where from, when, whether a factor was passed and which is current", async () => {
    const before = Date.now();
    const { laptop, phone } = await memberWithTwoSessions();
    // The phone is used later (a token refresh, from another network): it comes first, with its latest address.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const phoneNow = await refresh(t.app, phone.refreshToken, { ip: "198.51.100.9", agent: SAFARI });
    const sessions = await listSessions(laptop.token);
    expect(sessions.map((session) => session.id)).toEqual([sessionIdOf(phone.token), sessionIdOf(laptop.token)]);
    const [onPhone, onLaptop] = sessions;
    expect(onLaptop).toEqual({
      id: sessionIdOf(laptop.token),
      current: true,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      ip: "198.51.100.7",
      userAgent: FIREFOX,
      mfa: false,
    });
    expect(onPhone).toMatchObject({ current: false, ip: "198.51.100.9", userAgent: SAFARI, mfa: false });
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
    expect(Date.parse(onPhone!.lastSeenAt)).toBeGreaterThan(Date.parse(onPhone!.createdAt));
    // The same list seen from the phone: the refreshed token is the same session, now the current one.
    const fromPhone = await listSessions(phoneNow.token);
    expect(fromPhone.find((session) => session.current)?.id).toBe(sessionIdOf(phone.token));
    expect(sessionIdOf(phoneNow.token)).toBe(sessionIdOf(phone.token));
  });

  it("leaves out ended sessions and never shows another member's", async () => {
    const { user, laptop, phone } = await memberWithTwoSessions();
    const stranger = await t.createUser();
    const theirs = await signIn(t.app, stranger.email, stranger.password, {});
    const logout = await call(t.app, { method: "POST", url: "/api/auth/logout", headers: bearer(phone.token) });
    expect(logout.statusCode).toBe(204);
    const sessions = await listSessions(laptop.token);
    expect(sessions.map((session) => session.id)).toEqual([sessionIdOf(laptop.token)]);
    expect(JSON.stringify(sessions)).not.toContain(sessionIdOf(theirs.token));
    expect(user.id).not.toBe(stranger.id);
  });

  it("a refresh keeps the session's MFA state: a second-factor session stays one, a password one never becomes one", async () => {
    const { laptop, phone } = await memberWithTwoSessions();
    // The laptop passed a second factor at sign-in (what POST /api/auth/login/mfa records).
    await t.app.db
      .update(authSessions)
      .set({ mfa: true })
      .where(eq(authSessions.id, sessionIdOf(laptop.token)));
    let laptopNow = laptop;
    let phoneNow = phone;
    for (let round = 0; round < 2; round++) {
      laptopNow = await refresh(t.app, laptopNow.refreshToken);
      phoneNow = await refresh(t.app, phoneNow.refreshToken);
    }
    const sessions = await listSessions(phoneNow.token);
    expect(Object.fromEntries(sessions.map((session) => [session.id, session.mfa]))).toEqual({
      [sessionIdOf(laptop.token)]: true,
      [sessionIdOf(phone.token)]: false,
    });
  });
});

describe("ending one's own sessions", () => {
  it("DELETE /api/auth/sessions/:id ends that session at once: its token answers 401 and its socket closes", async () => {
    const { user, laptop, phone } = await memberWithTwoSessions();
    const phoneSocket = await open(phone.token);
    const laptopSocket = await open(laptop.token);
    const phoneClosed = closed(phoneSocket);
    const ended = await call(t.app, {
      method: "DELETE",
      url: `/api/auth/sessions/${sessionIdOf(phone.token)}`,
      headers: bearer(laptop.token),
    });
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await me(t.app, phone.token)).statusCode).toBe(401);
    expect(await phoneClosed).toBe("io server disconnect");
    // Its refresh token is dead too, and it cannot reconnect.
    const refused = await call(t.app, {
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: phone.refreshToken },
    });
    expect(refused.statusCode).toBe(401);
    await expect(open(phone.token)).rejects.toThrow("unauthorized");
    // The session doing it carries on.
    expect((await me(t.app, laptop.token)).statusCode).toBe(200);
    expect(laptopSocket.connected).toBe(true);
    expect((await listSessions(laptop.token)).map((session) => session.id)).toEqual([sessionIdOf(laptop.token)]);
    // The trail says whose session ended and who ended it.
    const entries = await sessionEnds(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: user.id,
      changes: { reason: [null, "ended-by-member"], session: [sessionIdOf(phone.token), null] },
      ip: expect.any(String),
    });
  });

  it("ending the current session is signing out", async () => {
    const { user, laptop, phone } = await memberWithTwoSessions();
    const ended = await call(t.app, {
      method: "DELETE",
      url: `/api/auth/sessions/${sessionIdOf(laptop.token)}`,
      headers: bearer(laptop.token),
    });
    expect(ended.statusCode).toBe(204);
    expect((await me(t.app, laptop.token)).statusCode).toBe(401);
    expect((await me(t.app, phone.token)).statusCode).toBe(200);
    const [signOut] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sign-out"), eq(auditLog.recordId, String(user.id))));
    expect(signOut).toMatchObject({ actorId: user.id, resource: "users" });
  });

  it("a member can neither end nor learn of another member's session: 404, as for an unknown or ended one", async () => {
    const { user, laptop } = await memberWithTwoSessions();
    const stranger = await t.createUser();
    const theirs = await signIn(t.app, stranger.email, stranger.password, {});
    const ended = await signIn(t.app, stranger.email, stranger.password, {});
    await call(t.app, { method: "POST", url: "/api/auth/logout", headers: bearer(ended.token) });
    // One of the member's own sessions, already signed out.
    const mine = await signIn(t.app, user.email, user.password, {});
    await call(t.app, { method: "POST", url: "/api/auth/logout", headers: bearer(mine.token) });
    const answers: LightMyRequestResponse[] = [];
    for (const id of [sessionIdOf(theirs.token), sessionIdOf(ended.token), sessionIdOf(mine.token), "no-such"]) {
      const response = await call(t.app, {
        method: "DELETE",
        url: `/api/auth/sessions/${encodeURIComponent(id)}`,
        headers: { ...bearer(laptop.token), "accept-language": "es" },
      });
      answers.push(response);
    }
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(translate("es", "ERRORS.NOT_FOUND"));
    }
    // Another's session and an unknown one answer exactly alike.
    expect(answers[0]!.body).toBe(answers[3]!.body);
    expect((await me(t.app, theirs.token)).statusCode).toBe(200);
    expect(await sessionEnds(stranger.id)).toHaveLength(0);
  });

  it("DELETE /api/auth/sessions?others=true ends every session but the current one", async () => {
    const { user, laptop, phone } = await memberWithTwoSessions();
    const tablet = await signIn(t.app, user.email, user.password, {});
    const stranger = await t.createUser();
    const theirs = await signIn(t.app, stranger.email, stranger.password, {});
    const phoneSocket = await open(phone.token);
    const phoneClosed = closed(phoneSocket);
    const bare = await call(t.app, { method: "DELETE", url: "/api/auth/sessions", headers: bearer(laptop.token) });
    expect(bare.statusCode).toBe(400);
    expect((await me(t.app, phone.token)).statusCode).toBe(200);
    const ended = await call(t.app, {
      method: "DELETE",
      url: "/api/auth/sessions?others=true",
      headers: bearer(laptop.token),
    });
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await me(t.app, phone.token)).statusCode).toBe(401);
    expect((await me(t.app, tablet.token)).statusCode).toBe(401);
    expect(await phoneClosed).toBe("io server disconnect");
    expect((await me(t.app, laptop.token)).statusCode).toBe(200);
    expect((await me(t.app, theirs.token)).statusCode).toBe(200);
    expect((await listSessions(laptop.token)).map((session) => session.id)).toEqual([sessionIdOf(laptop.token)]);
    expect(
      (await sessionEnds(user.id)).map((entry) => (entry.changes as { session: string[] }).session[0]).sort(),
    ).toEqual([sessionIdOf(phone.token), sessionIdOf(tablet.token)].sort());
  });
});

describe("staff and a member's sessions (USERS_EDIT)", () => {
  it("lists a member's sessions (none marked current) and ends them all", async () => {
    const { user, laptop, phone } = await memberWithTwoSessions();
    const staff = await t.createUser({ permissions: ["USERS_EDIT"] });
    const staffSession = await login(t.app, staff.email, staff.password);
    const headers = bearer(staffSession.token);
    const listed = await call(t.app, { method: "GET", url: `/api/users/${user.id}/sessions`, headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = listed.json<AuthSession[]>();
    expect(sessions.map((session) => session.id).sort()).toEqual(
      [sessionIdOf(laptop.token), sessionIdOf(phone.token)].sort(),
    );
    expect(sessions.every((session) => !session.current)).toBe(true);
    expect(sessions.find((session) => session.ip === "198.51.100.7")).toMatchObject({ userAgent: FIREFOX, mfa: false });
    // Their own account seen through the staff route: still not "current".
    const own = await call(t.app, { method: "GET", url: `/api/users/${staff.id}/sessions`, headers });
    expect(own.json<AuthSession[]>().map((session) => session.current)).toEqual([false]);

    const socket = await open(laptop.token);
    const socketClosed = closed(socket);
    const ended = await call(t.app, { method: "DELETE", url: `/api/users/${user.id}/sessions`, headers });
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await me(t.app, laptop.token)).statusCode).toBe(401);
    expect((await me(t.app, phone.token)).statusCode).toBe(401);
    expect(await socketClosed).toBe("io server disconnect");
    expect((await call(t.app, { method: "GET", url: `/api/users/${user.id}/sessions`, headers })).json()).toEqual([]);
    expect((await me(t.app, staffSession.token)).statusCode).toBe(200);
    const entries = await sessionEnds(user.id);
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorId: staff.id, changes: { reason: [null, "ended-by-staff"] } });
    }
  });

  it("404 for an unknown member; 403 without USERS_EDIT; a super-admin's sessions only for a super-admin", async () => {
    const { user, laptop } = await memberWithTwoSessions();
    const staff = bearer(
      (await login(t.app, (await t.createUser({ permissions: ["USERS_EDIT"] })).email, "User2026x")).token,
    );
    for (const method of ["GET", "DELETE"] as const) {
      const unknown = await call(t.app, { method, url: `/api/users/${MISSING_ID}/sessions`, headers: staff });
      expect(unknown.statusCode).toBe(404);
    }
    const reader = await t.userWith("USERS_SHOW", "USERS_INDEX");
    for (const method of ["GET", "DELETE"] as const) {
      const refused = await call(t.app, { method, url: `/api/users/${user.id}/sessions`, headers: reader });
      expect(refused.statusCode).toBe(403);
    }
    expect((await me(t.app, laptop.token)).statusCode).toBe(200);

    const superAdmin = await t.createUser({ superAdmin: true });
    const theirs = await signIn(t.app, superAdmin.email, superAdmin.password, {});
    const protectedOne = await call(t.app, {
      method: "DELETE",
      url: `/api/users/${superAdmin.id}/sessions`,
      headers: { ...staff, "accept-language": "es" },
    });
    expect(protectedOne.statusCode).toBe(409);
    expect(protectedOne.json().message).toBe(translate("es", "USERS.SUPER_ADMIN_PROTECTED"));
    expect((await me(t.app, theirs.token)).statusCode).toBe(200);
    const admin = bearer(await t.adminToken());
    expect(
      (await call(t.app, { method: "DELETE", url: `/api/users/${superAdmin.id}/sessions`, headers: admin })).statusCode,
    ).toBe(204);
    expect((await me(t.app, theirs.token)).statusCode).toBe(401);
  });

  it("asked for one's own account, ends the others and keeps the session asking", async () => {
    const { user, laptop, phone } = await memberWithTwoSessions("USERS_EDIT");
    const ended = await call(t.app, {
      method: "DELETE",
      url: `/api/users/${user.id}/sessions`,
      headers: bearer(laptop.token),
    });
    expect(ended.statusCode).toBe(204);
    expect((await me(t.app, laptop.token)).statusCode).toBe(200);
    expect((await me(t.app, phone.token)).statusCode).toBe(401);
  });
});

/** Makes the session's last proof an hour old, as if the member had been away (the cached copy is dropped too). */
async function ageProof(app: FastifyInstance, token: string) {
  await app.db
    .update(authSessions)
    .set({ verifiedAt: sql`now() - interval '1 hour'` })
    .where(eq(authSessions.id, sessionIdOf(token)));
  app.sessions.cache.invalidate({ sessionId: sessionIdOf(token) });
}

const expectStepUpRequired = (response: LightMyRequestResponse, label: string, language: "en" | "es" = "en") => {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(403);
  expect(response.json(), label).toMatchObject({
    code: STEP_UP_REQUIRED_CODE,
    message: translate(language, "MFA.STEP_UP_REQUIRED"),
    messages: { general: translate(language, "MFA.STEP_UP_REQUIRED") },
  });
};

const isStepUpRefusal = (response: LightMyRequestResponse) =>
  response.statusCode === 403 && response.json<{ code?: string }>().code === STEP_UP_REQUIRED_CODE;

describe("step-up before sensitive actions", () => {
  const stepUpRoutes = () =>
    t.app.routeTable.filter((route) => route.stepUp && route.url.startsWith("/api/") && route.method !== "HEAD");
  const concrete = (url: string) => url.replace(/:id\b/, String(MISSING_ID));

  it("marks the sensitive routes and documents them", async () => {
    const marked = stepUpRoutes().map((route) => `${route.method} ${route.url}`);
    // Enrolling a factor is one too: whoever holds a session could otherwise add a factor of their own and pass
    // every later step-up with it. The audit trail's export is personal data (names, e-mails, addresses).
    expect([...marked].sort()).toEqual(
      [
        "POST /api/roles",
        "PUT /api/roles/:id",
        "DELETE /api/roles/:id",
        "PUT /api/settings/fees",
        "DELETE /api/users/:id/sessions",
        "DELETE /api/users/:id/mfa",
        "POST /api/auth/mfa/totp",
        "POST /api/auth/mfa/totp/confirm",
        "DELETE /api/auth/mfa/totp",
        "POST /api/auth/mfa/recovery-codes",
        "POST /api/auth/mfa/passkeys/options",
        "POST /api/auth/mfa/passkeys",
        "DELETE /api/auth/mfa/passkeys/:id",
        "GET /api/audit-log/export",
      ].sort(),
    );
    const document = (await call(t.app, { method: "GET", url: "/api/docs/json" })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    const described = (method: string, url: string) =>
      document.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()]?.description ?? "";
    for (const route of stepUpRoutes()) {
      expect(described(route.method, route.url), `${route.method} ${route.url}`).toContain("STEP_UP_REQUIRED");
    }
    // Sensitive for some bodies only: the route says when.
    for (const [method, url] of [
      ["PUT", "/api/bookings/:id"],
      ["POST", "/api/users"],
      ["PUT", "/api/users/:id"],
    ] as const) {
      expect(described(method, url), `${method} ${url}`).toContain("STEP_UP_REQUIRED");
    }
  });

  it("every route marked sensitive refuses a session whose proof is too old, before anything else", async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    await ageProof(t.app, session.token);
    for (const route of stepUpRoutes()) {
      const label = `${route.method} ${route.url}`;
      const response = await call(t.app, {
        method: route.method as "PUT",
        url: concrete(route.url),
        headers: { ...bearer(session.token), "accept-language": "es" },
        ...(route.method === "DELETE" ? {} : { payload: {} }),
      });
      expectStepUpRequired(response, label, "es");
    }
    // Right after signing in (the password just proved), the same calls get through to the handler.
    const fresh = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const route of stepUpRoutes()) {
      const response = await call(t.app, {
        method: route.method as "PUT",
        url: concrete(route.url),
        headers: bearer(fresh.token),
        ...(route.method === "DELETE" ? {} : { payload: {} }),
      });
      expect(isStepUpRefusal(response), `${route.method} ${route.url}: ${response.body}`).toBe(false);
    }
  });

  it("fees, roles and a member's sessions: refused with an old proof, done right after signing in", async () => {
    const holder = await t.createUser({
      permissions: ["SERVICES_INDEX", "ROLES_CREATE", "ROLES_EDIT", "USERS_DELETE", "USERS_EDIT"],
    });
    const target = await t.createUser();
    const targetSession = await login(t.app, target.email, target.password);
    const [role] = await t.app.db.insert(roles).values({ name: "Paso extra" }).returning({ id: roles.id });
    const writes = [
      { method: "PUT", url: "/api/settings/fees", payload: { guest: 9, host: 6, IVA: 16 } },
      { method: "POST", url: "/api/roles", payload: { name: "Cobranza", permissions: ["SERVICES_INDEX"] } },
      { method: "PUT", url: `/api/roles/${role!.id}`, payload: { name: "Paso extra 2", permissions: [] } },
      { method: "DELETE", url: `/api/roles/${role!.id}` },
      { method: "DELETE", url: `/api/users/${target.id}/sessions` },
    ] as const;
    const old = await login(t.app, holder.email, holder.password);
    await ageProof(t.app, old.token);
    for (const write of writes) {
      expectStepUpRequired(await call(t.app, { ...write, headers: bearer(old.token) }), `${write.method} ${write.url}`);
    }
    // Nothing was written.
    expect((await me(t.app, targetSession.token)).statusCode).toBe(200);
    const fees = await call(t.app, { method: "GET", url: "/api/settings/fees", headers: bearer(old.token) });
    expect(JSON.stringify(fees.json())).not.toContain("9.00");
    const fresh = await login(t.app, holder.email, holder.password);
    for (const write of writes) {
      const response = await call(t.app, { ...write, headers: bearer(fresh.token) });
      expect(response.statusCode, `${write.method} ${write.url}: ${response.body}`).toBeLessThan(300);
    }
    expect((await me(t.app, targetSession.token)).statusCode).toBe(401);
  });

  it("recording the owner's payment asks for it; marking the tickets sent does not", async () => {
    const booking = await book(t.app.db, await insertBookable(t.app.db));
    const member = await t.createUser({ permissions: ["BOOKINGS_UPDATE", "BOOKINGS_SHOW"] });
    const old = await login(t.app, member.email, member.password);
    await ageProof(t.app, old.token);
    const pay = {
      method: "PUT",
      url: `/api/bookings/${booking}`,
      payload: { ownerPaymentReference: "SPEI0001234567BBVA" },
    } as const;
    expectStepUpRequired(await call(t.app, { ...pay, headers: bearer(old.token) }), "owner paid");
    const sent = await call(t.app, {
      method: "PUT",
      url: `/api/bookings/${booking}`,
      headers: bearer(old.token),
      payload: { ticketsSentAt: new Date().toISOString() },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ ownerPaymentReference: null });
    const fresh = await login(t.app, member.email, member.password);
    const paid = await call(t.app, { ...pay, headers: bearer(fresh.token) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ ownerPaymentReference: "SPEI0001234567BBVA" });
  });

  it("creating or editing a member asks for it only when their roles change", async () => {
    const staff = await t.createUser({ permissions: ["USERS_CREATE", "USERS_EDIT", "USERS_SHOW"] });
    const [role] = await t.app.db.insert(roles).values({ name: "Sin permisos" }).returning({ id: roles.id });
    const [other] = await t.app.db.insert(roles).values({ name: "Sin permisos 2" }).returning({ id: roles.id });
    await t.app.db.insert(rolePermissions).values({ roleId: other!.id, permissionCode: "USERS_SHOW" });
    let sequence = 0;
    const fields = (roleIds: number[], email?: string) => {
      sequence += 1;
      return {
        firstName: "Ana",
        lastName: "Paso",
        email: email ?? `ana.paso${sequence}@palco.test`,
        phone: "+52 33 1234 5678",
        password: "Secreto2026",
        roles: roleIds,
      };
    };
    const old = await login(t.app, staff.email, staff.password);
    await ageProof(t.app, old.token);
    const headers = bearer(old.token);

    expectStepUpRequired(
      await call(t.app, { method: "POST", url: "/api/users", headers, payload: fields([role!.id]) }),
      "create with roles",
    );
    const created = await call(t.app, { method: "POST", url: "/api/users", headers, payload: fields([]) });
    expect(created.statusCode, created.body).toBe(201);
    const { id, email } = created.json<{ id: number; email: string }>();
    const withRole = await t.createUser({ permissions: [] });
    const [held] = await t.app.db.select().from(userRoles).where(eq(userRoles.userId, withRole.id));

    // A name change with the same roles (in another order, repeated) is not sensitive.
    const renamed = await call(t.app, {
      method: "PUT",
      url: `/api/users/${withRole.id}`,
      headers,
      payload: { ...fields([held!.roleId, held!.roleId], withRole.email), firstName: "Otra", password: "" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expectStepUpRequired(
      await call(t.app, {
        method: "PUT",
        url: `/api/users/${id}`,
        headers,
        payload: { ...fields([other!.id], email), password: "" },
      }),
      "roles added",
    );
    expectStepUpRequired(
      await call(t.app, {
        method: "PUT",
        url: `/api/users/${withRole.id}`,
        headers,
        payload: { ...fields([], withRole.email), password: "" },
      }),
      "roles removed",
    );
    const unchanged = await call(t.app, { method: "GET", url: `/api/users/${id}`, headers });
    expect(unchanged.json()).toMatchObject({ roles: [] });

    const fresh = bearer((await login(t.app, staff.email, staff.password)).token);
    const granted = await call(t.app, {
      method: "PUT",
      url: `/api/users/${id}`,
      headers: fresh,
      payload: { ...fields([other!.id], email), password: "" },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ roles: [{ id: other!.id }] });
    const createdWithRole = await call(t.app, {
      method: "POST",
      url: "/api/users",
      headers: fresh,
      payload: fields([role!.id]),
    });
    expect(createdWithRole.statusCode, createdWithRole.body).toBe(201);
  });

  it("the window is STEP_UP_SECONDS: with 1 second, a proof is stale a moment later", async () => {
    const short = await createTestApp({ env: { STEP_UP_SECONDS: "1" } });
    try {
      const session = await login(short.app, ADMIN_EMAIL, ADMIN_PASSWORD);
      const save = () =>
        call(short.app, {
          method: "PUT",
          url: "/api/settings/fees",
          headers: bearer(session.token),
          payload: { guest: 8, host: 5, IVA: 16 },
        });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expectStepUpRequired(await save(), "after the window");
    } finally {
      await short.close();
    }
  });
});

describe("sessions that may only enrol a second factor", () => {
  it("a member whose role requires it and who has no factor gets 403 MFA_ENROLLMENT_REQUIRED everywhere but /me", async () => {
    const member = await t.createUser({ permissions: ["COUNTRIES_INDEX", "COUNTRIES_CREATE", "USERS_EDIT"] });
    const [held] = await t.app.db.select().from(userRoles).where(eq(userRoles.userId, member.id));
    await t.app.db.update(roles).set({ requiresMfa: true }).where(eq(roles.id, held!.roleId));
    const session = await login(t.app, member.email, member.password);
    expect(session.user.mfaEnrollmentRequired).toBe(true);
    const headers = { ...bearer(session.token), "accept-language": "es" };
    for (const request of [
      { method: "GET", url: "/api/countries" },
      { method: "POST", url: "/api/countries", payload: { name: "Chile", code: "CHL" } },
      { method: "GET", url: `/api/users/${member.id}/sessions` },
    ] as const) {
      const refused = await call(t.app, { ...request, headers });
      expect(refused.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(refused.json()).toMatchObject({
        code: MFA_ENROLLMENT_REQUIRED_CODE,
        message: translate("es", "MFA.ENROLLMENT_REQUIRED"),
      });
    }
    const mine = await me(t.app, session.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ id: member.id, mfaEnrollmentRequired: true });
    // No realtime data either: the socket is refused with the same code.
    await expect(open(session.token)).rejects.toThrow(MFA_ENROLLMENT_REQUIRED_CODE);
    // Signing out still works (logout is public).
    const out = await call(t.app, { method: "POST", url: "/api/auth/logout", headers: bearer(session.token) });
    expect(out.statusCode).toBe(204);
  });

  it("turning a role's requirement on ends its holders' sessions without a factor, sockets included", async () => {
    const { user, laptop, phone } = await memberWithTwoSessions("COUNTRIES_INDEX");
    // The phone's sign-in passed a second factor: it stays.
    await t.app.db
      .update(authSessions)
      .set({ mfa: true })
      .where(eq(authSessions.id, sessionIdOf(phone.token)));
    const socket = await open(laptop.token);
    const socketClosed = closed(socket);
    const [held] = await t.app.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    const admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const role = await call(t.app, { method: "GET", url: `/api/roles/${held!.roleId}`, headers: bearer(admin.token) });
    const saved = await call(t.app, {
      method: "PUT",
      url: `/api/roles/${held!.roleId}`,
      headers: { ...bearer(admin.token), "if-match": role.headers.etag as string },
      payload: { name: role.json().name, permissions: ["COUNTRIES_INDEX"], requiresMfa: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().requiresMfa).toBe(true);
    await socketClosed;
    expect((await me(t.app, laptop.token)).statusCode).toBe(401);
    const still = await me(t.app, phone.token);
    expect(still.statusCode, still.body).toBe(200);
    expect(still.json().mfaEnrollmentRequired).toBe(false);
    // Signing in again with the password alone leads to enrolment.
    const again = await login(t.app, user.email, user.password);
    expect(again.user.mfaEnrollmentRequired).toBe(true);
  });

  it("a refresh does not lift it: the refreshed session is still enrolment-only", async () => {
    const member = await t.createUser({ permissions: ["COUNTRIES_INDEX"] });
    const [held] = await t.app.db.select().from(userRoles).where(eq(userRoles.userId, member.id));
    await t.app.db.update(roles).set({ requiresMfa: true }).where(eq(roles.id, held!.roleId));
    let session = await login(t.app, member.email, member.password);
    for (let round = 0; round < 2; round++) session = await refresh(t.app, session.refreshToken);
    expect(session.user.mfaEnrollmentRequired).toBe(true);
    const refused = await call(t.app, { method: "GET", url: "/api/countries", headers: bearer(session.token) });
    expect(refused.json()).toMatchObject({ code: MFA_ENROLLMENT_REQUIRED_CODE });
  });

  it("with MFA_REQUIRED_FOR_SUPER_ADMIN=true the super-admin without a factor is enrolment-only", async () => {
    const strict = await createTestApp({ env: { MFA_REQUIRED_FOR_SUPER_ADMIN: "true" } });
    try {
      const session = await login(strict.app, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(session.user.mfaEnrollmentRequired).toBe(true);
      const refused = await call(strict.app, {
        method: "GET",
        url: "/api/countries",
        headers: bearer(session.token),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: MFA_ENROLLMENT_REQUIRED_CODE,
        message: translate("en", "MFA.ENROLLMENT_REQUIRED"),
      });
      const mine = await me(strict.app, session.token);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json()).toMatchObject({ isSuperAdmin: true, mfaEnrollmentRequired: true });
    } finally {
      await strict.close();
    }
    // Without it (this file's app) the super-admin signs in with the password alone.
    const relaxed = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(relaxed.user.mfaEnrollmentRequired).toBe(false);
  });
});
