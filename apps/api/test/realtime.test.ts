import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  type CreateUserOptions,
  createTestApp,
  login,
  readOutbox,
  sessionlessToken,
  type TestApp,
  tokenFromLink,
} from "./helpers.ts";

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

function open(options: { query?: Record<string, string>; auth?: Record<string, string> }): Promise<Socket> {
  const socket = connect(baseUrl, { path: "/socket.io", transports: ["websocket"], reconnection: false, ...options });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", reject);
  });
}

describe("socket.io at /socket.io", () => {
  it("accepts a valid token from the handshake query and delivers events to the user's room", async () => {
    const user = await t.createUser();
    const { token } = await login(t.app, user.email, user.password);
    const socket = await open({ query: { token } });
    const received = new Promise((resolve) => socket.on("notificationStored", resolve));
    t.app.realtime.emitToUser(user.id, "notificationStored", { id: 1 });
    expect(await received).toEqual({ id: 1 });
  });

  it("also accepts auth.token", async () => {
    const user = await t.createUser();
    const { token } = await login(t.app, user.email, user.password);
    const socket = await open({ auth: { token } });
    expect(socket.connected).toBe(true);
  });

  it("rejects missing and invalid tokens", async () => {
    await expect(open({})).rejects.toThrow("unauthorized");
    await expect(open({ query: { token: "garbage" } })).rejects.toThrow("unauthorized");
  });

  it("blocking a user closes their open sockets (and a blocked user cannot reconnect)", async () => {
    const admin = await t.adminToken();
    const user = await t.createUser();
    const bystander = await t.createUser();
    const { token } = await login(t.app, user.email, user.password);
    const other = await login(t.app, bystander.email, bystander.password);
    const socket = await open({ query: { token } });
    const kept = await open({ query: { token: other.token } });
    const closed = new Promise<string>((resolve) => socket.on("disconnect", resolve));
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/users/${user.id}/deactivate`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect(kept.connected).toBe(true);
    await expect(open({ query: { token } })).rejects.toThrow("unauthorized");
  });

  it("refuses an access token whose session ended (logout)", async () => {
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      payload: { refreshToken: session.refreshToken },
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    await expect(open({ query: { token: session.token } })).rejects.toThrow("unauthorized");
  });

  it("refuses a correctly signed token that names no session", async () => {
    const user = await t.createUser();
    const sessionless = await sessionlessToken(user.id);
    await expect(open({ query: { token: sessionless } })).rejects.toThrow("unauthorized");
  });

  it("answers HTTP on the same port", async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

/** Resolves with the reason once the socket is closed by the server. */
const closed = (socket: Socket) => new Promise<string>((resolve) => socket.on("disconnect", resolve));

describe("sockets close when their session ends", () => {
  async function signedIn(options: CreateUserOptions = {}) {
    const user = await t.createUser(options);
    const first = await login(t.app, user.email, user.password);
    const second = await login(t.app, user.email, user.password);
    const socket = await open({ query: { token: first.token } });
    const other = await open({ query: { token: second.token } });
    return { user, first, second, socket, other };
  }

  it("logout with only the bearer token closes that session's sockets, not the user's other sessions'", async () => {
    const { first, socket, other } = await signedIn();
    const ended = closed(socket);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(first.token) });
    expect(out.statusCode).toBe(204);
    expect(await ended).toBe("io server disconnect");
    expect(other.connected).toBe(true);
    await expect(open({ query: { token: first.token } })).rejects.toThrow("unauthorized");
  });

  it("logout with the refresh token closes that session's sockets", async () => {
    const { first, socket, other } = await signedIn();
    const ended = closed(socket);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", payload: { refreshToken: first.refreshToken } });
    expect(await ended).toBe("io server disconnect");
    expect(other.connected).toBe(true);
  });

  it("a password reset closes every socket of the user", async () => {
    const { user, socket, other } = await signedIn();
    const ended = [closed(socket), closed(other)];
    await t.app.inject({ method: "POST", url: "/api/auth/forgot", payload: { email: user.email } });
    await t.app.background.flush();
    const mail = (await readOutbox(t.dataDir)).find((message) => message.to === user.email);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset",
      payload: { token: tokenFromLink(mail!, "reset-password"), password: "Reset2026x" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await Promise.all(ended)).toEqual(["io server disconnect", "io server disconnect"]);
  });

  it("staff changing a user's roles closes that user's sockets", async () => {
    const { user, socket, other } = await signedIn({ permissions: ["COUNTRIES_INDEX"] });
    const ended = [closed(socket), closed(other)];
    const admin = bearer(await t.adminToken());
    const changed = await t.app.inject({
      method: "PUT",
      url: `/api/users/${user.id}`,
      headers: admin,
      payload: { firstName: "Ana", lastName: "López", email: user.email, phone: "3312345678", roles: [], password: "" },
    });
    // The user had a role (createUser with permissions): now none.
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await Promise.all(ended)).toEqual(["io server disconnect", "io server disconnect"]);
  });

  it("changing one's own password closes one's other sessions' sockets and keeps this one's", async () => {
    const { user, first, socket, other } = await signedIn({ permissions: ["USERS_EDIT"] });
    const ended = closed(other);
    const changed = await t.app.inject({
      method: "PUT",
      url: `/api/users/${user.id}`,
      headers: bearer(first.token),
      payload: {
        firstName: "Ana",
        lastName: "López",
        email: user.email,
        phone: "3312345678",
        password: "Mine2026x",
        roles: first.user.roles.map((role) => role.id),
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ended).toBe("io server disconnect");
    expect(socket.connected).toBe(true);
  });

  it("reusing a rotated refresh token closes the family's sockets", async () => {
    const { first, socket, other } = await signedIn();
    const ended = closed(socket);
    const rotated = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: first.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const reused = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: first.refreshToken },
    });
    expect(reused.statusCode).toBe(401);
    expect(await ended).toBe("io server disconnect");
    expect(other.connected).toBe(true);
  });

  it("deleting a user closes their sockets", async () => {
    const { user, socket, other } = await signedIn();
    const ended = [closed(socket), closed(other)];
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${user.id}`,
      headers: bearer(await t.adminToken()),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await Promise.all(ended)).toEqual(["io server disconnect", "io server disconnect"]);
  });

  it("a session ending while its socket is being authenticated still closes that socket", async () => {
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    const sessions = t.app.sessions;
    const original = sessions.user;
    // The handshake reads the session while it is still alive; the logout lands before the socket has connected.
    sessions.user = async (userId, sessionId) => {
      sessions.user = original;
      const loaded = await original.call(sessions, userId, sessionId);
      const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(session.token) });
      expect(out.statusCode).toBe(204);
      return loaded;
    };
    try {
      const socket = connect(baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        reconnection: false,
        query: { token: session.token },
      });
      sockets.push(socket);
      const ended = closed(socket);
      const connected = new Promise<void>((resolve) => socket.on("connect", () => resolve()));
      await connected;
      expect(await ended).toBe("io server disconnect");
    } finally {
      sessions.user = original;
    }
  });
});
