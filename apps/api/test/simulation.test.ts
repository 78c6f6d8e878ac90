import type { AddressInfo } from "node:net";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSimulation, SIMULATION_KINDS, Simulation } from "../src/modules/simulation/service.ts";
import { createDatabase } from "../src/platform/db.ts";
import {
  auditLog,
  bookingMessages,
  bookings,
  boxes,
  members,
  notificationRecipients,
  notifications,
  owners,
} from "../src/platform/schema.ts";
import { bearer, call, createTestApp, expectErrorShape, login, type TestApp } from "./helpers.ts";
import { insertBookable } from "./supply-fixtures.ts";

let t: TestApp;
let baseUrl: string;
let admin: { authorization: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { SIMULATION: "true" } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = bearer(await t.adminToken());
  // Something to book, pay and talk about: an accepted owner and box, a coming event at its venue, a guest.
  await insertBookable(t.app.db);
  await insertBookable(t.app.db);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

type Line = {
  type: "start" | "event" | "end";
  n?: number;
  kind?: string;
  summary?: string;
  notified?: number;
  recordId?: number;
  events?: number;
  reason?: string;
  count?: number;
  intervalMs?: number;
  durationMs?: number;
};
const linesOf = (body: string) =>
  body
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Line);

const simulate = (payload: object, headers = admin) =>
  call(t.app, { method: "POST", url: "/api/simulation", headers, payload });

const total = async (table: typeof members | typeof bookings | typeof bookingMessages | typeof notifications) =>
  Number((await t.app.db.select({ n: count() }).from(table))[0]!.n);

function open(token: string): Promise<Socket> {
  const socket = connect(baseUrl, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: false,
    query: { token },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", reject);
  });
}

describe("simulated activity", () => {
  it("signs members up, sends owners and boxes for review, books, pays and writes, telling staff live", async () => {
    const staff = await t.createUser({
      permissions: ["NOTIFICATIONS_INDEX", "OWNERS_SHOW", "BOXES_SHOW", "BOOKINGS_SHOW"],
    });
    const { token } = await login(t.app, staff.email, staff.password);
    const socket = await open(token);
    const stored: { id: number; kind: string }[] = [];
    const messages: { bookingId: number }[] = [];
    socket.on("notificationStored", (event: { id: number; kind: string }) => stored.push(event));
    socket.on("bookingMessageStored", (event: { bookingId: number }) => messages.push(event));
    const before = {
      members: await total(members),
      bookings: await total(bookings),
      messages: await total(bookingMessages),
      notifications: await total(notifications),
    };
    const [{ lastNotification }] = (await t.app.db
      .select({ lastNotification: sql<number>`coalesce(max(${notifications.id}), 0)`.mapWith(Number) })
      .from(notifications)) as [{ lastNotification: number }];

    const response = await simulate({ count: 10, intervalMs: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    const lines = linesOf(response.body);
    expect(lines[0]).toEqual({ type: "start", count: 10, intervalMs: 0, durationMs: 3_600_000 });
    expect(lines.at(-1)).toEqual({ type: "end", events: 10, reason: "count" });
    const events = lines.filter((line) => line.type === "event");
    expect(events.map((event) => event.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Every kind within the first ten events, each saying what happened.
    expect(new Set(events.map((event) => event.kind))).toEqual(new Set(SIMULATION_KINDS));
    for (const event of events) expect(event.summary!.length).toBeGreaterThan(10);
    expect(events.find((event) => event.kind === "member-signed-up")!.notified).toBe(0);
    // The super-admin and the staff member are told of everything else.
    for (const event of events.filter((line) => line.kind !== "member-signed-up")) {
      expect(event.notified, event.kind).toBeGreaterThanOrEqual(2);
    }

    // Through the services: the rows are there, as the marketplace would have written them.
    expect(await total(members)).toBeGreaterThanOrEqual(before.members + 2);
    expect(await total(bookings)).toBe(before.bookings + 2);
    expect(await total(bookingMessages)).toBe(before.messages + 3);
    const owner = events.find((event) => event.kind === "owner-submitted")!;
    const [ownerRow] = await t.app.db.select().from(owners).where(eq(owners.id, owner.recordId!));
    expect(ownerRow).toMatchObject({ status: "pending", readyForReview: true });
    expect(ownerRow!.idFrontKey).toBeTruthy();
    expect(ownerRow!.proofOfResidencyKey).toBeTruthy();
    const box = events.find((event) => event.kind === "box-submitted")!;
    const [boxRow] = await t.app.db.select().from(boxes).where(eq(boxes.id, box.recordId!));
    expect(boxRow).toMatchObject({ status: "pending", readyForReview: true });
    const paid = events.filter((event) => event.kind === "booking-paid");
    for (const event of paid) {
      const [row] = await t.app.db.select().from(bookings).where(eq(bookings.id, event.recordId!));
      expect(row).toMatchObject({ paymentStatus: "capture", status: "accepted" });
    }

    // Notifications of every kind a marketplace event makes, for this staff member, and pushed to their socket.
    const mine = await t.app.db
      .select({ id: notifications.id, kind: notifications.kind })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
      .where(and(eq(notificationRecipients.userId, staff.id), gt(notifications.id, lastNotification)));
    expect(mine).toHaveLength(9);
    expect(new Set(mine.map((row) => row.kind))).toEqual(
      new Set(["owner-ready", "box-ready", "booking-created", "booking-paid", "booking-message"]),
    );
    await expect.poll(() => stored.length).toBe(9);
    expect(stored.map((event) => event.id).sort()).toEqual(mine.map((row) => row.id).sort());
    await expect.poll(() => messages.length).toBe(3);
    const unread = await call(t.app, { method: "GET", url: "/api/notifications/count", headers: bearer(token) });
    expect(unread.json()).toEqual({ count: 9 });

    // One entry in the trail for the run, by who started it.
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, "simulation"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      action: "simulate",
      changes: { count: [null, 10], intervalMs: [null, 0], durationMs: [null, 3_600_000] },
    });
  });

  it("stops by itself after the count, or after the duration", async () => {
    const counted = linesOf((await simulate({ count: 3, intervalMs: 0 })).body);
    expect(counted.filter((line) => line.type === "event")).toHaveLength(3);
    expect(counted.at(-1)).toEqual({ type: "end", events: 3, reason: "count" });

    const started = Date.now();
    const timed = linesOf((await simulate({ durationMs: 1_000, intervalMs: 250 })).body);
    expect(timed[0]).toMatchObject({ type: "start", count: 10_000, durationMs: 1_000 });
    const events = timed.filter((line) => line.type === "event");
    expect(timed.at(-1)).toEqual({ type: "end", events: events.length, reason: "duration" });
    // At 0, 250, 500 and 750 ms at most (fewer when a step takes longer than the interval on a busy machine).
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.length).toBeLessThanOrEqual(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);

    // Without a bound the default: 30 events (here quickly, through the service).
    const result = await runSimulation(t.app, { count: 30, intervalMs: 0, durationMs: 60_000 });
    expect(result).toEqual({ events: 30, reason: "count" });
  });

  it("streams each event as it happens, allows one run at a time, and stops when the client goes away", async () => {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/simulation`, {
      method: "POST",
      headers: { ...admin, "content-type": "application/json" },
      body: JSON.stringify({ count: 50, intervalMs: 150 }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (text.split("\n").filter(Boolean).length < 3) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    // The start line and the first events arrived before the run is over.
    expect(
      linesOf(text)
        .slice(0, 2)
        .map((line) => line.type),
    ).toEqual(["start", "event"]);

    const second = expectErrorShape(await simulate({ count: 1, intervalMs: 0 }), 409);
    expect(second.message).toBe("A simulation is already running on this server: wait for it to end");

    const eventsBefore = await total(members);
    controller.abort();
    // The run stops: a new one may start, and nothing more happens meanwhile.
    await expect
      .poll(async () => (await simulate({ count: 1, intervalMs: 0 })).statusCode, { timeout: 5_000 })
      .toBe(200);
    const settled = await total(members);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await total(members)).toBe(settled);
    expect(settled - eventsBefore).toBeLessThan(10);
  });

  it("is for super-admins only, with valid bounds, on a server that allows it", async () => {
    expectErrorShape(await call(t.app, { method: "POST", url: "/api/simulation", payload: {} }), 401);
    const everything = await t.userWith(
      "NOTIFICATIONS_INDEX",
      "BOOKINGS_INDEX",
      "BOOKINGS_SHOW",
      "BOOKINGS_UPDATE",
      "OWNERS_SHOW",
      "BOXES_SHOW",
      "USERS_CREATE",
      "ROLES_EDIT",
    );
    expectErrorShape(await simulate({ count: 1 }, everything), 403);
    for (const payload of [
      { count: 0 },
      { count: 10_001 },
      { intervalMs: -1 },
      { durationMs: 3_600_001 },
      { count: "x" },
    ]) {
      expectErrorShape(await simulate(payload), 422);
    }

    const off = await createTestApp();
    try {
      const refused = expectErrorShape(
        await call(off.app, {
          method: "POST",
          url: "/api/simulation",
          headers: bearer(await off.adminToken()),
          payload: { count: 1 },
        }),
        409,
      );
      expect(refused.message).toMatch(/SIMULATION=true/);
      const [{ n }] = (await off.app.db.select({ n: count() }).from(members)) as [{ n: number }];
      expect(Number(n)).toBe(0);
    } finally {
      await off.close();
    }
  });

  it("falls back to what is possible on an empty marketplace (sign-ups and owners)", async () => {
    const empty = await createTestApp({ env: { SIMULATION: "true" } });
    try {
      const simulation = new Simulation(empty.app);
      const kinds = [];
      for (let n = 1; n <= 4; n++) kinds.push((await simulation.next(n)).kind);
      // Nothing to book, pay or talk about (the new owners wait for review): owner submissions stand in.
      expect(kinds).toEqual(["owner-submitted", "owner-submitted", "member-signed-up", "owner-submitted"]);
    } finally {
      await empty.close();
    }
  });
});

// Two API processes on one PostgreSQL and one Redis: TEST_DATABASE_URL=… TEST_REDIS_URL=… npx vitest run …
const shared = process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL;

describe.skipIf(!shared)("simulated activity with several API processes", () => {
  it("reaches staff connected to another process, through Redis", async () => {
    const env = { SIMULATION: "true", REDIS_URL: process.env.TEST_REDIS_URL! };
    const a = await createTestApp({ env });
    const database = await createDatabase({ url: a.databaseUrl });
    const b = await createTestApp({
      env: { ...env, ...a.databaseEnv },
      build: { database },
    });
    try {
      await insertBookable(a.app.db);
      await b.app.listen({ port: 0, host: "127.0.0.1" });
      const staff = await a.createUser({ permissions: ["NOTIFICATIONS_INDEX", "BOOKINGS_SHOW", "OWNERS_SHOW"] });
      const { token } = await login(b.app, staff.email, staff.password);
      const socket = connect(`http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`, {
        path: "/socket.io",
        transports: ["websocket"],
        reconnection: false,
        query: { token },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.on("connect", () => resolve());
        socket.on("connect_error", reject);
      });
      const stored: string[] = [];
      socket.on("notificationStored", (event: { kind: string }) => stored.push(event.kind));
      const response = await call(a.app, {
        method: "POST",
        url: "/api/simulation",
        headers: bearer(await a.adminToken()),
        payload: { count: 2, intervalMs: 0 },
      });
      expect(linesOf(response.body).map((line) => line.kind ?? line.type)).toEqual([
        "start",
        "booking-created",
        "guest-message",
        "end",
      ]);
      await expect.poll(() => stored).toEqual(["booking-created", "booking-message"]);
    } finally {
      await b.close();
      await database.close();
      await a.close();
    }
  });
});
