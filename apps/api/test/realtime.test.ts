import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp } from "./helpers.ts";

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

  it("answers HTTP on the same port", async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
