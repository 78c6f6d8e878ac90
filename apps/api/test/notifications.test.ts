import type { AddressInfo } from "node:net";
import type { Notification, NotificationsPage } from "@palco/shared";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMemberMessage, setPaymentStatus } from "../src/modules/bookings/service.ts";
import { deliver, type StoredNotification } from "../src/modules/notifications/service.ts";
import { createDatabase } from "../src/platform/db.ts";
import { bearer, call, createTestApp, expectErrorShape, login, type TestApp } from "./helpers.ts";
import { book, insertBookable, insertBox, insertOwner, insertVenue } from "./supply-fixtures.ts";

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

function open(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { path: "/socket.io", transports: ["websocket"], reconnection: false, query: { token } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", reject);
  });
}

/** A staff member holding `permissions`, signed in: their id, bearer header and token. */
async function staff(app: TestApp, ...permissions: Parameters<TestApp["userWith"]>) {
  const user = await app.createUser({ permissions });
  const { token } = await login(app.app, user.email, user.password);
  return { id: user.id, headers: bearer(token), token };
}

const get = <T>(url: string, headers: Record<string, string>) =>
  call(t.app, { method: "GET", url, headers }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });
const unread = async (headers: Record<string, string>) =>
  (await get<{ count: number }>("/api/notifications/count", headers)).count;

describe("notifications", () => {
  it("go to staff allowed to open the record, each with their own read state, in their language", async () => {
    const bookings = await staff(t, "NOTIFICATIONS_INDEX", "BOOKINGS_SHOW");
    const colleague = await staff(t, "NOTIFICATIONS_INDEX", "BOOKINGS_SHOW");
    const ownersOnly = await staff(t, "NOTIFICATIONS_INDEX", "OWNERS_SHOW");
    const before = await unread(bookings.headers);
    const beforeColleague = await unread(colleague.headers);
    const beforeOwners = await unread(ownersOnly.headers);

    const bookable = await insertBookable(t.app.db);
    const id = await book(t.app.db, bookable);
    expect(await unread(bookings.headers)).toBe(before + 1);
    expect(await unread(colleague.headers)).toBe(beforeColleague + 1);
    expect(await unread(ownersOnly.headers)).toBe(beforeOwners);

    const list = await get<NotificationsPage>("/api/notifications/?page=1", bookings.headers);
    expect(list.meta.lastPage).toBeGreaterThanOrEqual(1);
    const created = list.items[0]!;
    expect(created).toMatchObject({
      kind: "booking-created",
      title: "New booking",
      readAt: null,
      user: { id: bookable.guest.id },
      userFullName: "Valeria Cruz Ortega",
      notificationType: "booking",
      notificationTypeId: id,
    });
    expect(created.body).toMatch(/^Valeria Cruz Ortega booked Platino \d+ at Estadio \w+ \(PLC-\w{6}\)\.$/);

    const spanish = await get<Notification>(`/api/notifications/${created.id}`, {
      ...bookings.headers,
      "accept-language": "es",
    });
    expect(spanish.title).toBe("Nueva reserva");
    expect(spanish.body).toContain("reservó Platino");

    // Read by one, still unread for the other; reading again keeps the first time.
    const read = await call(t.app, {
      method: "PUT",
      url: `/api/notifications/${created.id}/read`,
      headers: bookings.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    const readAt = read.json<Notification>().readAt;
    expect(readAt).not.toBeNull();
    const again = await call(t.app, {
      method: "PUT",
      url: `/api/notifications/${created.id}/read`,
      headers: bookings.headers,
    });
    expect(again.json<Notification>().readAt).toBe(readAt);
    expect(await unread(bookings.headers)).toBe(before);
    expect(await unread(colleague.headers)).toBe(beforeColleague + 1);
    const onlyUnread = await get<NotificationsPage>("/api/notifications?unread=true", bookings.headers);
    expect(onlyUnread.items.map((item) => item.id)).not.toContain(created.id);

    // Someone else's notification does not exist for you.
    expectErrorShape(
      await call(t.app, { method: "GET", url: `/api/notifications/${created.id}`, headers: ownersOnly.headers }),
      404,
    );
    expectErrorShape(
      await call(t.app, { method: "PUT", url: `/api/notifications/${created.id}/read`, headers: ownersOnly.headers }),
      404,
    );
  });

  it("are made by payments, messages and cancellations; searched by name and filtered by day", async () => {
    const reader = await staff(t, "NOTIFICATIONS_INDEX", "BOOKINGS_SHOW");
    const canceller = await staff(t, "NOTIFICATIONS_INDEX", "BOOKINGS_SHOW", "BOOKINGS_CANCEL_BOOKING");
    const bookable = await insertBookable(t.app.db);
    const id = await book(t.app.db, bookable);
    await setPaymentStatus(t.app.db, id, "capture");
    await postMemberMessage(t.app.db, {
      bookingId: id,
      memberId: bookable.owner.memberId,
      message: "¿Cuándo se deposita mi parte?",
    });
    const before = await unread(canceller.headers);
    expect(
      (await call(t.app, { method: "POST", url: `/api/bookings/${id}/cancel`, headers: canceller.headers })).statusCode,
    ).toBe(200);
    // Not told of their own cancellation.
    expect(await unread(canceller.headers)).toBe(before);

    const mine = await get<NotificationsPage>(
      `/api/notifications?search=${encodeURIComponent("Lucía Hernández")}`,
      reader.headers,
    );
    expect(mine.items[0]).toMatchObject({
      kind: "booking-message",
      title: "New message",
      notificationType: "booking-messages",
      notificationTypeId: id,
    });
    expect(mine.items[0]!.body).toContain("“¿Cuándo se deposita mi parte?”");
    const about = (await get<NotificationsPage>("/api/notifications", reader.headers)).items
      .filter((item) => item.notificationTypeId === id)
      .map((item) => item.kind);
    expect(about).toEqual(["booking-canceled", "booking-message", "booking-paid", "booking-created"]);

    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" });
    const byDay = await get<NotificationsPage>(
      `/api/notifications?date=${today}&tz=America/Mexico_City`,
      reader.headers,
    );
    expect(byDay.items.length).toBeGreaterThanOrEqual(4);
    expect((await get<NotificationsPage>("/api/notifications?date=2001-01-01", reader.headers)).total).toBe(0);
    for (const bad of ["date=2026-02-31", "date=yesterday", "tz=Mars/Base"]) {
      expectErrorShape(
        await call(t.app, { method: "GET", url: `/api/notifications?${bad}`, headers: reader.headers }),
        400,
      );
    }
  });

  it("reach the sockets of the staff they are for, live; a bad token gets no socket", async () => {
    const reader = await staff(t, "NOTIFICATIONS_INDEX", "BOOKINGS_SHOW");
    const outsider = await staff(t, "NOTIFICATIONS_INDEX");
    const canceller = await staff(t, "BOOKINGS_CANCEL_BOOKING", "BOOKINGS_SHOW");
    const socket = await open(baseUrl, reader.token);
    const other = await open(baseUrl, outsider.token);
    let outsiderHeard = 0;
    other.on("notificationStored", () => outsiderHeard++);

    const bookable = await insertBookable(t.app.db);
    const id = await book(t.app.db, bookable);
    const stored = new Promise<{ id: number; kind: string }>((resolve) => socket.on("notificationStored", resolve));
    const message = new Promise<{ bookingId: number; userId: number; message: { message: string } }>((resolve) =>
      socket.on("bookingMessageStored", resolve),
    );
    const cancel = await call(t.app, { method: "POST", url: `/api/bookings/${id}/cancel`, headers: canceller.headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stored).toMatchObject({ kind: "booking-canceled" });

    const reply = await call(t.app, {
      method: "POST",
      url: `/api/bookings/${id}/messages`,
      headers: canceller.headers,
      payload: { userId: bookable.guest.id, message: "Su reembolso está en proceso." },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await message).toMatchObject({
      bookingId: id,
      userId: bookable.guest.id,
      message: { message: "Su reembolso está en proceso." },
    });
    expect(outsiderHeard).toBe(0);

    await expect(open(baseUrl, "not-a-token")).rejects.toThrow("unauthorized");
  });
});

// Two API processes on one PostgreSQL database and one Redis: what one stores reaches a browser on the other.
const redisUrl = process.env.TEST_REDIS_URL;
describe("the review inboxes, live", () => {
  it("a decision tells the sockets of the staff who see that list, and nobody else", async () => {
    const decider = await staff(t, "OWNERS_INDEX", "OWNERS_CHANGE_STATUS", "BOXES_INDEX", "BOXES_CHANGE_STATUS");
    const ownersReader = await staff(t, "OWNERS_INDEX");
    const boxesReader = await staff(t, "BOXES_INDEX");
    const outsider = await staff(t, "NOTIFICATIONS_INDEX", "BOOKINGS_SHOW");
    const heard = { owners: [] as unknown[], boxes: [] as unknown[], outsider: [] as unknown[] };
    (await open(baseUrl, ownersReader.token)).on("reviewQueueChanged", (event) => heard.owners.push(event));
    (await open(baseUrl, boxesReader.token)).on("reviewQueueChanged", (event) => heard.boxes.push(event));
    (await open(baseUrl, outsider.token)).on("reviewQueueChanged", (event) => heard.outsider.push(event));
    const deciderSocket = await open(baseUrl, decider.token);
    const ownersHeard = new Promise((resolve) => deciderSocket.on("reviewQueueChanged", resolve));

    const owner = await insertOwner(t.app.db);
    const decided = await call(t.app, {
      method: "PUT",
      url: `/api/owners/${owner.id}/status`,
      headers: decider.headers,
      payload: { status: "accepted" },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await ownersHeard).toEqual({ list: "owners" });
    await expect.poll(() => heard.owners).toEqual([{ list: "owners" }]);

    const venue = await insertVenue(t.app.db);
    const box = await insertBox(t.app.db, owner.id, venue.id, { status: "pending", readyForReview: true });
    const returned = await call(t.app, {
      method: "PUT",
      url: `/api/boxes/${box.id}/status`,
      headers: decider.headers,
      payload: { status: "returned", review: "The photos do not show the seats, please add them." },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    await expect.poll(() => heard.boxes).toEqual([{ list: "boxes" }]);
    // A refused decision changes nothing and tells nobody.
    const again = await call(t.app, {
      method: "PUT",
      url: `/api/boxes/${box.id}/status`,
      headers: decider.headers,
      payload: { status: "accepted" },
    });
    expect(again.statusCode).toBe(409);
    // Sent one after another from one process: by the time the second push reaches a reader, a stray copy of the
    // first would have reached the others.
    const later = await insertOwner(t.app.db);
    await call(t.app, {
      method: "PUT",
      url: `/api/owners/${later.id}/status`,
      headers: decider.headers,
      payload: { status: "accepted" },
    });
    await expect.poll(() => heard.owners).toHaveLength(2);
    expect(heard.boxes).toEqual([{ list: "boxes" }]);
    expect(heard.outsider).toEqual([]);
  });
});

describe.skipIf(!redisUrl || !process.env.TEST_DATABASE_URL)("across API instances (REDIS_URL)", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    b = await createTestApp({
      env: { ...a.databaseEnv, REDIS_URL: redisUrl! },
      build: { database: await createDatabase({ url: a.databaseUrl! }) },
    });
    await b.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a notification produced on instance A reaches a socket connected to instance B", async () => {
    const reader = await staff(a, "NOTIFICATIONS_INDEX", "BOOKINGS_SHOW");
    const socket = await open(`http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`, reader.token);
    const heard = new Promise<{ kind: string }>((resolve) => socket.on("notificationStored", resolve));
    const notices: StoredNotification[] = [];
    const bookable = await insertBookable(a.app.db);
    await a.app.db.transaction(async (tx) => {
      const id = await book(tx, bookable);
      await setPaymentStatus(tx, id, "capture", new Date(), notices);
    });
    deliver(a.app.realtime, notices);
    expect(await heard).toMatchObject({ kind: "booking-paid" });
  });
});
