import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle, MemoryCounterStore } from "../src/platform/throttle.ts";
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

const wrong = "Wrong2026x";

describe("login throttling", () => {
  it("stops a guesser on one IP after 5 failures against one account, before hashing, even with the right password", async () => {
    const user = await t.createUser();
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expectErrorShape(await signIn(user.email, wrong, ip), 401);
    expect(verifications.count).toBe(5);

    const blocked = expectErrorShape(await signIn(user.email, user.password, ip), 429);
    expect(blocked.message).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
    expect(verifications.count).toBe(5);
    const spanish = await call(t.app, {
      method: "POST",
      url: "/api/auth/login",
      headers: { "accept-language": "es" },
      payload: { provider: "email", user: user.email.toUpperCase(), secret: user.password },
      remoteAddress: ip,
    });
    expect(expectErrorShape(spanish, 429).message).toMatch(/^Demasiados intentos/);

    // The owner elsewhere, and other accounts from that IP, are unaffected.
    await login(t.app, user.email, user.password, nextIp());
    const other = await t.createUser();
    await login(t.app, other.email, other.password, ip);
  });

  it("a success clears that IP's failures against the account", async () => {
    const user = await t.createUser();
    const ip = nextIp();
    for (let i = 0; i < 4; i++) expectErrorShape(await signIn(user.email, wrong, ip), 401);
    await login(t.app, user.email, user.password, ip);
    for (let i = 0; i < 4; i++) expectErrorShape(await signIn(user.email, wrong, ip), 401);
    await login(t.app, user.email, user.password, ip);
  });

  it("guessers spread over many IPs cannot lock the owner out", async () => {
    const user = await t.createUser();
    for (let i = 0; i < 12; i++) expectErrorShape(await signIn(user.email, wrong, nextIp()), 401);
    // The owner, from an address that has not failed, signs in with the right password.
    await login(t.app, user.email, user.password, nextIp());
    await login(t.app, user.email, user.password, nextIp());
  });

  it("a sustained slow attack from ever new IPs never locks the owner out", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const user = await t.createUser();
      const home = nextIp();
      // Two hours, a guess every 3 minutes from a new address and another from an address that already failed.
      const used: string[] = [];
      for (let minute = 0; minute < 120; minute += 3) {
        vi.setSystemTime(Date.now() + 3 * 60 * 1000);
        const fresh = nextIp();
        expectErrorShape(await signIn(user.email, wrong, fresh), 401);
        if (used.length > 0) await signIn(user.email, wrong, used[used.length - 1]!);
        used.push(fresh);
        if (minute % 15 === 0) await login(t.app, user.email, user.password, home);
      }
      await login(t.app, user.email, user.password, home);
    } finally {
      vi.useRealTimers();
    }
  });

  it("holds distributed guessers to one guess per IP while the account is under attack", async () => {
    const user = await t.createUser();
    const attackers = Array.from({ length: 10 }, () => nextIp());
    for (const ip of attackers) expectErrorShape(await signIn(user.email, wrong, ip), 401);
    expect(verifications.count).toBe(10);

    // Under attack: an IP that already failed gets no second guess, not even with the right password.
    for (const ip of attackers.slice(0, 3)) expectErrorShape(await signIn(user.email, user.password, ip), 429);
    // A new IP gets exactly one.
    const newcomer = nextIp();
    expectErrorShape(await signIn(user.email, wrong, newcomer), 401);
    expectErrorShape(await signIn(user.email, wrong, newcomer), 429);
    // An IP that failed against another account counts as failed too.
    const elsewhere = nextIp();
    expectErrorShape(await signIn(`nobody.${Date.now()}@palco.test`, wrong, elsewhere), 401);
    expectErrorShape(await signIn(user.email, user.password, elsewhere), 429);
    expect(verifications.count).toBe(12);

    // Other accounts are not under attack: the attacking IPs may still try them (within their own limits).
    const other = await t.createUser();
    await login(t.app, other.email, other.password, attackers[0]);
  });

  it("blocks an IP after 30 failures, whatever the account, before hashing", async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expectErrorShape(await signIn(`nobody${i}@palco.test`, wrong, ip), 401);
    const user = await t.createUser();
    verifications.count = 0;
    expectErrorShape(await signIn(user.email, user.password, ip), 429);
    expect(verifications.count).toBe(0);
    // Same account from another address still works.
    await login(t.app, user.email, user.password, nextIp());
  });

  it("parallel attempts from one IP cannot slip past the limit", async () => {
    const user = await t.createUser();
    const ip = nextIp();
    const responses = await Promise.all(Array.from({ length: 12 }, () => signIn(user.email, wrong, ip)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it("parallel attempts from a new IP get one guess at an account under attack", async () => {
    const user = await t.createUser();
    for (let i = 0; i < 10; i++) expectErrorShape(await signIn(user.email, wrong, nextIp()), 401);
    const ip = nextIp();
    const responses = await Promise.all(Array.from({ length: 6 }, () => signIn(user.email, wrong, ip)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it("gives back attempts the database failed to judge: an outage locks neither the account nor the address", async () => {
    const throttle = new LoginThrottle(new MemoryCounterStore(), DEFAULT_LOGIN_THROTTLE);
    // Past every limit: 5 per account and IP, 10 per account under attack, 30 per IP.
    for (let attempt = 0; attempt < 40; attempt++) {
      expect(await throttle.attempt("outage@palco.test", "10.250.0.1"), `attempt ${attempt + 1}`).toBe(true);
      await throttle.notJudged("outage@palco.test", "10.250.0.1");
    }
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

  it("increments all keys only when no refusal clause holds, atomically", async () => {
    const store = new MemoryCounterStore();
    const clauses = [
      [{ key: 0, atLeast: 2 }],
      [
        { key: 1, atLeast: 3 },
        { key: 2, atLeast: 1 },
      ],
    ];
    expect(await store.incrementUnless(["a", "b", "c"], 60_000, clauses)).toBe(true);
    expect(await store.incrementUnless(["a", "b", "c"], 60_000, clauses)).toBe(true);
    // a is at 2: the first clause holds, nothing changes.
    expect(await store.incrementUnless(["a", "b", "c"], 60_000, clauses)).toBe(false);
    expect([await store.get("a"), await store.get("b"), await store.get("c")]).toEqual([2, 2, 2]);
    // The second clause needs both counters: b alone at 2 passes, then b at 3 with y at 1 refuses.
    expect(await store.incrementUnless(["x", "b", "y"], 60_000, clauses)).toBe(true);
    expect(await store.incrementUnless(["z", "b", "y"], 60_000, clauses)).toBe(false);
    expect(await store.get("z")).toBe(0);
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => store.incrementUnless(["p", "q", "r"], 60_000, [[{ key: 0, atLeast: 4 }]])),
    );
    expect(parallel.filter(Boolean)).toHaveLength(4);
  });

  it("stays bounded", async () => {
    const store = new MemoryCounterStore(10);
    for (let i = 0; i < 50; i++) await store.increment(`key${i}`, 60_000);
    expect(await store.get("key49")).toBe(1);
    expect(await store.get("key0")).toBe(0);
  });
});
