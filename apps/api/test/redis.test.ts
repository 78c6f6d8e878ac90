import type { AddressInfo } from "node:net";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis } from "../src/platform/redis.ts";
import { RedisCounterStore } from "../src/platform/throttle.ts";
import { call, createTestApp, expectErrorShape, login, nextIp, type TestApp } from "./helpers.ts";

// Runs only against a real Redis: TEST_REDIS_URL=redis://127.0.0.1:6379 npx vitest run apps/api
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("with REDIS_URL", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two API processes sharing one Redis (each with its own database here; only Redis is shared).
    a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    b = await createTestApp({ env: { REDIS_URL: redisUrl! } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("counter store: counts, decrements, resets and expires", async () => {
    const redis = await connectRedis(redisUrl!, a.app.log);
    try {
      const store = new RedisCounterStore(redis.client, `palco:test:${Date.now()}:`);
      expect(await store.increment("k", 300)).toBe(1);
      expect(await store.increment("k", 300)).toBe(2);
      await store.decrement("k");
      expect(await store.get("k")).toBe(1);
      await store.reset("k");
      expect(await store.get("k")).toBe(0);
      expect(await store.increment("k", 100)).toBe(1);
      // Redis expires keys on its own clock: poll (bounded) rather than guess how long that takes.
      const deadline = Date.now() + 5000;
      let value = await store.get("k");
      while (value !== 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        value = await store.get("k");
      }
      expect(value).toBe(0);
    } finally {
      await redis.close();
    }
  });

  it("login throttling is shared between processes", async () => {
    const email = `shared.${Date.now()}@palco.test`;
    const userA = await a.createUser({ email });
    await b.createUser({ email });
    const attempt = (t: TestApp) =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { provider: "email", user: email, secret: "Wrong2026x" },
        remoteAddress: nextIp(),
      });
    for (let i = 0; i < 3; i++) expectErrorShape(await attempt(a), 401);
    for (let i = 0; i < 2; i++) expectErrorShape(await attempt(b), 401);
    const blocked = await call(a.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { provider: "email", user: email, secret: userA.password },
      remoteAddress: nextIp(),
    });
    expectErrorShape(blocked, 429);
  });

  it("socket.io events reach a user connected to another process", async () => {
    await a.app.listen({ port: 0, host: "127.0.0.1" });
    const user = await a.createUser();
    const { token } = await login(a.app, user.email, user.password);
    const socket = connect(`http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`, {
      path: "/socket.io",
      transports: ["websocket"],
      reconnection: false,
      query: { token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on("connect", resolve);
        socket.on("connect_error", reject);
      });
      const received = new Promise((resolve) => socket.on("notificationStored", resolve));
      // Emitted by process B, whose own database does not even know the user: only the room name travels.
      b.app.realtime.emitToUser(user.id, "notificationStored", { from: "b" });
      expect(await received).toEqual({ from: "b" });
    } finally {
      socket.close();
    }
  });
});
