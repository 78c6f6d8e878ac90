import type { Session } from "@palco/shared";
import { describe, expect, it, vi } from "vitest";
import type { LoadedUser } from "../src/platform/auth.ts";
import { SessionCache } from "../src/platform/sessions.ts";
import {
  bearer,
  call,
  expectErrorShape,
  login,
  readOutbox,
  type TestApp,
  tokenFromLink,
  withTestApp,
} from "./helpers.ts";

/**
 * An access token names its session (the refresh-token family, `sid`): once that session has ended, the token is
 * refused at once instead of working until it expires.
 */
let t: TestApp;
let admin: { authorization: string };
withTestApp((app, header) => {
  t = app;
  admin = header;
});

const me = (token: string) => call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer(token) });
const refresh = (refreshToken: string) =>
  call(t.app, { method: "POST", url: "/api/auth/refresh", payload: { refreshToken } });

async function expectEnded(token: string) {
  const body = expectErrorShape(await me(token), 401);
  expect(body.message).toBe("Your session has expired, please sign in again");
}
async function expectAlive(token: string) {
  const response = await me(token);
  expect(response.statusCode, response.body).toBe(200);
}

/** A full JSON PUT /users body for an existing user, with a new password. */
const withPassword = (email: string, password: string) => ({
  firstName: "Ana",
  lastName: "López",
  email,
  phone: "3312345678",
  password,
  roles: [],
});

describe("access tokens end with their session", () => {
  it("logout refuses that session's access token at once; other sessions keep working", async () => {
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    const other = await login(t.app, user.email, user.password);
    await expectAlive(session.token);
    const out = await call(t.app, {
      method: "POST",
      url: "/api/auth/logout",
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    await expectEnded(session.token);
    await expectAlive(other.token);
  });

  it("logout with only the bearer token ends that session: its access and refresh tokens stop working", async () => {
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    const other = await login(t.app, user.email, user.password);
    await expectAlive(session.token);
    const out = await call(t.app, { method: "POST", url: "/api/auth/logout", headers: bearer(session.token) });
    expect(out.statusCode).toBe(204);
    await expectEnded(session.token);
    expectErrorShape(await refresh(session.refreshToken), 401);
    await expectAlive(other.token);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it("logout ends both the bearer token's session and the refresh token's family when they differ", async () => {
    const user = await t.createUser();
    const first = await login(t.app, user.email, user.password);
    const second = await login(t.app, user.email, user.password);
    const third = await login(t.app, user.email, user.password);
    const out = await call(t.app, {
      method: "POST",
      url: "/api/auth/logout",
      headers: bearer(first.token),
      payload: { refreshToken: second.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    await expectEnded(first.token);
    await expectEnded(second.token);
    await expectAlive(third.token);
  });

  it("reusing a rotated refresh token ends the family's access tokens at once", async () => {
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    const rotated = (await refresh(session.refreshToken)).json<{ data: Session }>().data;
    await expectAlive(rotated.token);
    expectErrorShape(await refresh(session.refreshToken), 401);
    await expectEnded(rotated.token);
    await expectEnded(session.token);
  });

  it("deleting a user ends their access tokens", async () => {
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    await expectAlive(session.token);
    const removed = await call(t.app, { method: "DELETE", url: `/api/users/${user.id}`, headers: admin });
    expect(removed.statusCode, removed.body).toBe(204);
    expectErrorShape(await me(session.token), 401);
  });

  it("a refresh keeps the session: the new and the previous access token both work, until logout", async () => {
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    const rotated = await refresh(session.refreshToken);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json<{ data: Session }>().data;
    await expectAlive(next.token);
    await expectAlive(session.token);
    const twice = (await refresh(next.refreshToken)).json<{ data: Session }>().data;
    await expectAlive(twice.token);

    await call(t.app, { method: "POST", url: "/api/auth/logout", payload: { refreshToken: twice.refreshToken } });
    await expectEnded(twice.token);
    await expectEnded(next.token);
    await expectEnded(session.token);
  });

  it("a password reset ends every session's access token", async () => {
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    await call(t.app, { method: "POST", url: "/api/auth/forgot", payload: { email: user.email } });
    await t.app.background.flush();
    const mail = (await readOutbox(t.dataDir)).find((message) => message.to === user.email);
    const token = tokenFromLink(mail!, "reset-password");
    const done = await call(t.app, {
      method: "POST",
      url: "/api/auth/reset",
      payload: { token, password: "Reset2026x" },
    });
    expect(done.statusCode, done.body).toBe(200);
    await expectEnded(session.token);
    await expectAlive((await login(t.app, user.email, "Reset2026x")).token);
  });

  it("staff setting someone's password ends that user's sessions, not the staff member's", async () => {
    const editor = await t.createUser({ permissions: ["USERS_EDIT"] });
    const editorSession = await login(t.app, editor.email, editor.password);
    const target = await t.createUser();
    const session = await login(t.app, target.email, target.password);
    const changed = await call(t.app, {
      method: "PUT",
      url: `/api/users/${target.id}`,
      headers: bearer(editorSession.token),
      payload: withPassword(target.email, "Staff2026x"),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectEnded(session.token);
    await expectAlive(editorSession.token);
  });

  it("changing one's own password keeps the session that did it and ends the others", async () => {
    const user = await t.createUser({ permissions: ["USERS_EDIT"] });
    const current = await login(t.app, user.email, user.password);
    const elsewhere = await login(t.app, user.email, user.password);
    const changed = await call(t.app, {
      method: "PUT",
      url: `/api/users/${user.id}`,
      headers: bearer(current.token),
      payload: withPassword(user.email, "Mine2026x"),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectAlive(current.token);
    await expectEnded(elsewhere.token);
    // The kept session still refreshes, and its new access token works.
    const rotated = await refresh(current.refreshToken);
    expect(rotated.statusCode, rotated.body).toBe(200);
    await expectAlive(rotated.json<{ data: Session }>().data.token);
  });

  it("blocking ends the access token for good: unblocking does not bring the old session back", async () => {
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    const blocked = await call(t.app, { method: "PUT", url: `/api/users/${user.id}/deactivate`, headers: admin });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await expectEnded(session.token);
    const unblocked = await call(t.app, { method: "PUT", url: `/api/users/${user.id}/activate`, headers: admin });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    await expectEnded(session.token);
    await expectAlive((await login(t.app, user.email, user.password)).token);
  });
});

describe("session cache", () => {
  const loaded = (id: number): LoadedUser => ({
    user: {
      id,
      firstName: "A",
      lastName: "B",
      email: `u${id}@palco.test`,
      phone: "",
      pictureUrl: null,
      pictureSmallUrl: null,
      roles: [],
      isActive: true,
      isSuperAdmin: false,
      permissions: [],
      mfaEnrollmentRequired: false,
    },
    emailVerified: true,
    language: "en",
    sessionAlive: true,
    mfaRequired: false,
    sessionMfa: false,
    verifiedAt: null,
  });

  it("keeps an entry for its TTL only, for its own user only, and stays bounded", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cache = new SessionCache({ ttlMs: 1000, maxEntries: 2 });
      let loads = 0;
      const load = (id: number) => async () => {
        loads += 1;
        return loaded(id);
      };
      await cache.get(1, "s1", load(1));
      await cache.get(1, "s1", load(1));
      expect(loads).toBe(1);
      // A token of another user naming the same session id is never answered from the cache.
      await cache.get(2, "s1", load(2));
      expect(loads).toBe(2);
      vi.setSystemTime(Date.now() + 1001);
      await cache.get(2, "s1", load(2));
      expect(loads).toBe(3);

      await cache.get(3, "s3", load(3));
      await cache.get(4, "s4", load(4));
      expect(cache.size).toBe(2);
      await cache.get(1, "s1", load(1));
      expect(loads).toBe(6);

      cache.invalidate({ userId: 4 });
      await cache.get(4, "s4", load(4));
      expect(loads).toBe(7);
      cache.invalidate({ sessionId: "s4" });
      await cache.get(4, "s4", load(4));
      expect(loads).toBe(8);
      cache.invalidate("everyone");
      expect(cache.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("parallel requests of one session share one load", async () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        cache.get(1, "s1", async () => {
          loads += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
          return loaded(1);
        }),
      ),
    );
    expect(loads).toBe(1);
    expect(new Set(results).size).toBe(1);
  });
});
