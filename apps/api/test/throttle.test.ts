import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryCounterStore } from "../src/platform/throttle.ts";
import { call, createTestApp, expectErrorShape, login, nextIp, type TestApp } from "./helpers.ts";

// Counts argon2 verifications, to prove a throttled attempt never reaches the password hash.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock("../src/platform/auth.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/platform/auth.ts")>();
  return {
    ...original,
    verifyPassword: async (...args: Parameters<typeof original.verifyPassword>) => {
      verifications.count += 1;
      return original.verifyPassword(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  verifications.count = 0;
});

const signIn = (user: string, secret: string, ip: string) =>
  call(t.app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { provider: "email", user, secret },
    remoteAddress: ip,
  });

describe("login throttling", () => {
  it("blocks an account after 5 failures, before hashing, even with the right password", async () => {
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) expectErrorShape(await signIn(user.email, "Wrong2026x", nextIp()), 401);
    expect(verifications.count).toBe(5);

    const blocked = expectErrorShape(await signIn(user.email, user.password, nextIp()), 429);
    expect(blocked.message).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
    expect(verifications.count).toBe(5);
    const spanish = await call(t.app, {
      method: "POST",
      url: "/api/auth/login",
      headers: { "accept-language": "es" },
      payload: { provider: "email", user: user.email.toUpperCase(), secret: user.password },
      remoteAddress: nextIp(),
    });
    expect(expectErrorShape(spanish, 429).message).toMatch(/^Demasiados intentos/);

    // Other accounts are unaffected.
    const other = await t.createUser();
    await login(t.app, other.email, other.password);
  });

  it("a success clears the account's failures", async () => {
    const user = await t.createUser();
    for (let i = 0; i < 4; i++) expectErrorShape(await signIn(user.email, "Wrong2026x", nextIp()), 401);
    await login(t.app, user.email, user.password);
    for (let i = 0; i < 4; i++) expectErrorShape(await signIn(user.email, "Wrong2026x", nextIp()), 401);
    await login(t.app, user.email, user.password);
  });

  it("blocks an IP after 30 failures, whatever the account, before hashing", async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expectErrorShape(await signIn(`nobody${i}@palco.test`, "Wrong2026x", ip), 401);
    const user = await t.createUser();
    verifications.count = 0;
    expectErrorShape(await signIn(user.email, user.password, ip), 429);
    expect(verifications.count).toBe(0);
    // Same account from another address still works.
    await login(t.app, user.email, user.password, nextIp());
  });

  it("parallel attempts cannot slip past the limit", async () => {
    const user = await t.createUser();
    const responses = await Promise.all(Array.from({ length: 12 }, () => signIn(user.email, "Wrong2026x", nextIp())));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it("limits password-reset requests per IP", async () => {
    const ip = nextIp();
    const forgot = () =>
      call(t.app, { method: "POST", url: "/api/auth/forgot", payload: { email: "x@palco.test" }, remoteAddress: ip });
    for (let i = 0; i < 20; i++) expect((await forgot()).statusCode).toBe(200);
    expectErrorShape(await forgot(), 429);
  });
});

describe("memory counter store", () => {
  it("counts within the window and forgets after it", async () => {
    vi.useFakeTimers();
    try {
      const store = new MemoryCounterStore();
      expect(await store.increment("k", 1000)).toBe(1);
      expect(await store.increment("k", 1000)).toBe(2);
      expect(await store.get("k")).toBe(2);
      await store.decrement("k");
      expect(await store.get("k")).toBe(1);
      vi.advanceTimersByTime(1001);
      expect(await store.get("k")).toBe(0);
      expect(await store.increment("k", 1000)).toBe(1);
      await store.reset("k");
      expect(await store.get("k")).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("stays bounded", async () => {
    const store = new MemoryCounterStore(10);
    for (let i = 0; i < 50; i++) await store.increment(`key${i}`, 60_000);
    expect(await store.get("key49")).toBe(1);
    expect(await store.get("key0")).toBe(0);
  });
});
