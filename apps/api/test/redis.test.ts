import { randomInt } from "node:crypto";
import type { AddressInfo } from "node:net";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis } from "../src/platform/redis.ts";
import { RedisCounterStore } from "../src/platform/throttle.ts";
import { bearer, call, createTestApp, expectErrorShape, login, type TestApp } from "./helpers.ts";

// Runs only against a real Redis: TEST_REDIS_URL=redis://127.0.0.1:6379 npx vitest run apps/api
const redisUrl = process.env.TEST_REDIS_URL;

// Throttling counters outlive a run in Redis (15 minutes): addresses must not repeat between runs.
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

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

  it("counter store: refusal clauses are checked and counted atomically", async () => {
    const redis = await connectRedis(redisUrl!, a.app.log);
    try {
      const store = new RedisCounterStore(redis.client, `palco:test:${Date.now()}:`);
      const clauses = [
        [{ key: 0, atLeast: 4 }],
        [
          { key: 1, atLeast: 10 },
          { key: 2, atLeast: 1 },
        ],
      ];
      const parallel = await Promise.all(
        Array.from({ length: 10 }, () => store.incrementUnless(["p", "q", "r"], 60_000, clauses)),
      );
      expect(parallel.filter(Boolean)).toHaveLength(4);
      expect([await store.get("p"), await store.get("q"), await store.get("r")]).toEqual([4, 4, 4]);
      await store.decrement("gone");
      expect(await store.get("gone")).toBe(0);
    } finally {
      await redis.close();
    }
  });

  it("login throttling is shared between processes", async () => {
    const email = `shared.${Date.now()}@palco.test`;
    const userA = await a.createUser({ email });
    await b.createUser({ email });
    const attempt = (t: TestApp, ip: string, secret = "Wrong2026x") =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { provider: "email", user: email, secret },
        remoteAddress: ip,
      });
    // One guesser, one address, alternating processes: 5 failures in all, then refused even with the password.
    const guesser = randomIp();
    for (let i = 0; i < 3; i++) expectErrorShape(await attempt(a, guesser), 401);
    for (let i = 0; i < 2; i++) expectErrorShape(await attempt(b, guesser), 401);
    expectErrorShape(await attempt(a, guesser, userA.password), 429);

    // Guessers spread over addresses and processes put the account under attack: each gets one guess,
    // while the owner from a clean address still signs in.
    const spread = Array.from({ length: 10 }, () => randomIp());
    for (const [index, ip] of spread.entries()) expectErrorShape(await attempt(index % 2 ? a : b, ip), 401);
    expectErrorShape(await attempt(b, spread[0]!, userA.password), 429);
    expectErrorShape(await attempt(a, spread[1]!), 429);
    await login(a.app, email, userA.password, randomIp());
  });

  it("a change on one process acts on the very next request to another, even with the session cached there", async () => {
    // A third process on A's database, so both see the same users (B above has a database of its own).
    const c = await createTestApp({
      env: { ...a.databaseEnv, REDIS_URL: redisUrl! },
      build: { database: a.app.database },
    });
    try {
      const user = await a.createUser({ permissions: ["COUNTRIES_INDEX"] });
      const session = await login(a.app, user.email, user.password, randomIp());
      const admin = bearer((await login(a.app, "admin@palco.test", "Admin2026x", randomIp())).token);
      const list = () => call(c.app, { method: "GET", url: "/api/countries", headers: bearer(session.token) });
      expect((await list()).statusCode).toBe(200);
      expect((await list()).statusCode).toBe(200);
      expect(c.app.sessions.cache.size).toBeGreaterThan(0);

      const role = session.user.roles[0]!;
      const edited = await call(a.app, {
        method: "PUT",
        url: `/api/roles/${role.id}`,
        headers: admin,
        payload: { name: role.name, permissions: ["STATES_INDEX"] },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expectErrorShape(await list(), 403);

      const blocked = await call(a.app, { method: "PUT", url: `/api/users/${user.id}/deactivate`, headers: admin });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expectErrorShape(await call(c.app, { method: "GET", url: "/api/auth/me", headers: bearer(session.token) }), 401);

      // Logout on A, the session cached on C.
      const other = await login(a.app, "admin@palco.test", "Admin2026x", randomIp());
      const me = () => call(c.app, { method: "GET", url: "/api/auth/me", headers: bearer(other.token) });
      expect((await me()).statusCode).toBe(200);
      await call(a.app, { method: "POST", url: "/api/auth/logout", headers: bearer(other.token) });
      expectErrorShape(await me(), 401);
    } finally {
      await c.close();
    }
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

  it("logout on one process closes the session's socket on another", async () => {
    const c = await createTestApp({
      env: { ...a.databaseEnv, REDIS_URL: redisUrl! },
      build: { database: a.app.database },
    });
    try {
      await c.app.listen({ port: 0, host: "127.0.0.1" });
      const user = await a.createUser();
      const session = await login(a.app, user.email, user.password, randomIp());
      const socket = connect(`http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`, {
        path: "/socket.io",
        transports: ["websocket"],
        reconnection: false,
        query: { token: session.token },
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.on("connect", resolve);
          socket.on("connect_error", reject);
        });
        const closed = new Promise<string>((resolve) => socket.on("disconnect", resolve));
        const out = await call(a.app, { method: "POST", url: "/api/auth/logout", headers: bearer(session.token) });
        expect(out.statusCode).toBe(204);
        expect(await closed).toBe("io server disconnect");
      } finally {
        socket.close();
      }
    } finally {
      await c.close();
    }
  });
});
