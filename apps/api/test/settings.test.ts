import { type Booking, bookingAmounts, type FeeChange, type FeeSetting, feeHistory, feeSettings } from "@palco/shared";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { feeRatesInForce } from "../src/modules/settings/service.ts";
import { auditLog } from "../src/platform/schema.ts";
import { call, expectErrorShape, login, type TestApp, withTestApp } from "./helpers.ts";
import { book, insertBookable } from "./supply-fixtures.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const get = async <T>(url: string, headers: Record<string, string> = admin) => {
  const response = await call(t.app, { method: "GET", url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const save = (payload: unknown, headers: Record<string, string> = admin) =>
  call(t.app, { method: "PUT", url: "/api/settings/fees", headers, payload: payload as object });
const fees = () => get<FeeSetting[]>("/api/settings/fees");
const history = () => get<FeeChange[]>("/api/settings/fees/history");

const DEFAULTS = { guest: 7.5, host: 5, IVA: 16 };

describe("fee settings", () => {
  beforeEach(async () => {
    expect((await save(DEFAULTS)).statusCode).toBe(200);
  });

  it("answers [{code, value}] for guest, host and IVA: the migration's 7.5, 5 and 16 percent", async () => {
    const list = feeSettings.parse(await fees());
    expect(list).toEqual([
      { code: "guest", value: 7.5 },
      { code: "host", value: 5 },
      { code: "IVA", value: 16 },
    ]);
    expect(await feeRatesInForce(t.app.db)).toEqual({ guest: "7.50", host: "5.00", iva: "16.00" });
  });

  it("saves {guest, host, IVA} and answers the list; numeric text and the bounds 0 and 100 are accepted", async () => {
    const saved = await save({ guest: 8.25, host: "4.5", IVA: 16 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      { code: "guest", value: 8.25 },
      { code: "host", value: 4.5 },
      { code: "IVA", value: 16 },
    ]);
    expect(await fees()).toEqual(saved.json());
    expect((await save({ guest: 0, host: 100, IVA: 0.01 })).json()).toEqual([
      { code: "guest", value: 0 },
      { code: "host", value: 100 },
      { code: "IVA", value: 0.01 },
    ]);
  });

  it("refuses a missing value, a negative one, one above 100, too many decimals or a non-number: 422 per field", async () => {
    const refused = expectErrorShape(await save({}), 422);
    expect(refused.messages).toEqual({
      guest: "The guest fee is required",
      host: "The host fee is required",
      IVA: "The IVA is required",
    });
    const spanish = expectErrorShape(
      await save({ guest: -1, host: 100.5, IVA: "dieciséis" }, { ...admin, "accept-language": "es" }),
      422,
    );
    expect(spanish.messages).toEqual({
      guest: "Escribe un porcentaje de 0 a 100",
      host: "Escribe un porcentaje de 0 a 100",
      IVA: "Escribe un número, por ejemplo 7.5",
    });
    const english = expectErrorShape(await save({ guest: 7.555, host: true, IVA: "" }), 422);
    expect(english.messages).toEqual({
      guest: "Use at most two decimals",
      host: "Enter a number, such as 7.5",
      IVA: "The IVA is required",
    });
    expect(expectErrorShape(await save([7.5, 5, 16]), 422).messages).toEqual({
      general: "Send the guest fee, the host fee and the IVA",
    });
    // Nothing was saved, and no entry was written for the refusals.
    expect(await fees()).toEqual([
      { code: "guest", value: 7.5 },
      { code: "host", value: 5 },
      { code: "IVA", value: 16 },
    ]);
  });

  it("needs SERVICES_INDEX, as the spec guards /settings", async () => {
    const nobody = await t.userWith("SERVICES_SHOW", "BOOKINGS_INDEX");
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/settings/fees", headers: nobody }), 403);
    expectErrorShape(await save(DEFAULTS, nobody), 403);
    const holder = await t.userWith("SERVICES_INDEX");
    expect((await call(t.app, { method: "GET", url: "/api/settings/fees/history", headers: holder })).statusCode).toBe(
      200,
    );
    expect((await save({ guest: 7.5, host: 5, IVA: 16 }, holder)).statusCode).toBe(200);
  });
});

describe("fee history and bookings", () => {
  it("records every save in the audit trail and lists the changes, newest first: who, when, from what to what", async () => {
    await save(DEFAULTS);
    const editor = await t.createUser({ permissions: ["SERVICES_INDEX"], firstName: "Regina" });
    const session = await login(t.app, editor.email, editor.password);
    const regina = { authorization: `Bearer ${session.token}` };

    const before = await t.app.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.resource, "settings"), eq(auditLog.recordId, "fees")));
    expect((await save({ guest: 8, host: 5, IVA: 16 }, regina)).statusCode).toBe(200);
    expect((await save({ guest: 8, host: 5, IVA: 16 })).statusCode).toBe(200); // nothing changed
    expect((await save({ guest: 8, host: 6.5, IVA: 15 })).statusCode).toBe(200);

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "settings"), eq(auditLog.recordId, "fees")))
      .orderBy(auditLog.id);
    const written = entries.slice(before.length);
    expect(written).toHaveLength(3);
    expect(written.map((entry) => entry.action)).toEqual(["update", "update", "update"]);
    expect(written[0]!.changes).toEqual({ guest: [7.5, 8] });
    expect(written[0]!.actorId).toBe(editor.id);
    expect(written[1]!.changes).toEqual({});
    expect(written[2]!.changes).toEqual({ host: [5, 6.5], IVA: [16, 15] });

    const list = feeHistory.parse(await history());
    expect(list[0]).toMatchObject({
      by: { name: "Super Admin" },
      changes: [
        { code: "host", from: 5, to: 6.5 },
        { code: "IVA", from: 16, to: 15 },
      ],
    });
    expect(list[1]).toMatchObject({
      by: { id: editor.id, name: "Regina Test" },
      changes: [{ code: "guest", from: 7.5, to: 8 }],
    });
    // A save that changed nothing is in the trail, not in the form's history.
    expect(list.every((entry) => entry.changes.length > 0)).toBe(true);
    expect(new Date(list[0]!.at).getTime()).toBeGreaterThanOrEqual(new Date(list[1]!.at).getTime());
    await save(DEFAULTS);
  });

  it("two saves at once take turns: each entry starts where the other ended", async () => {
    await save(DEFAULTS);
    const mark = await t.app.db.select({ id: auditLog.id }).from(auditLog);
    const [first, second] = await Promise.all([
      save({ guest: 9, host: 5, IVA: 16 }),
      save({ guest: 9.5, host: 6, IVA: 16 }),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const known = new Set(mark.map((row) => row.id));
    const entries = (
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, "settings"), eq(auditLog.recordId, "fees")))
        .orderBy(auditLog.id)
    ).filter((entry) => !known.has(entry.id));
    expect(entries).toHaveLength(2);
    const [a, b] = entries.map((entry) => entry.changes as Record<string, [number, number]>);
    // Whichever went first, the second's "before" is the first's "after".
    expect(b!.guest?.[0]).toBe(a!.guest?.[1]);
    const final = await fees();
    expect(final[0]!.value).toBe(b!.guest![1]);
    await save(DEFAULTS);
  });

  it("answers the fees with an ETag; a stale If-Match is 409 with the fees now and the changes since", async () => {
    await save(DEFAULTS);
    const read = await call(t.app, { method: "GET", url: "/api/settings/fees", headers: admin });
    const seen = read.headers.etag as string;
    expect(seen).toMatch(/^"[\w-]+"$/);
    // Unchanged fees keep their version; the save answers the new one.
    expect((await call(t.app, { method: "GET", url: "/api/settings/fees", headers: admin })).headers.etag).toBe(seen);
    const first = await save({ guest: 8, host: 5, IVA: 16 }, { ...admin, "if-match": seen });
    expect(first.statusCode, first.body).toBe(200);
    const now = first.headers.etag as string;
    expect(now).toMatch(/^"[\w-]+"$/);
    expect(now).not.toBe(seen);
    expect((await call(t.app, { method: "GET", url: "/api/settings/fees", headers: admin })).headers.etag).toBe(now);

    // Somebody who opened the form before that save is refused, and told what changed.
    const stale = await save({ guest: 9, host: 5, IVA: 16 }, { ...admin, "if-match": seen, "accept-language": "es" });
    const body = expectErrorShape(stale, 409) as Record<string, unknown>;
    expect(body.messages).toEqual({ general: "Alguien más cambió este registro después de que lo abriste" });
    expect(body.current).toEqual(first.json());
    expect(body.changes).toMatchObject([{ resource: "settings", recordId: "fees", changes: { guest: [7.5, 8] } }]);
    expectErrorShape(await save({ guest: 9, host: 5, IVA: 16 }, { ...admin, "if-match": '"bogus"' }), 409);
    expect((await fees())[0]!.value).toBe(8);

    // The current version, `*` and no If-Match at all are saved.
    expect((await save({ guest: 9, host: 5, IVA: 16 }, { ...admin, "if-match": now })).statusCode).toBe(200);
    expect((await save({ guest: 9.5, host: 5, IVA: 16 }, { ...admin, "if-match": "*" })).statusCode).toBe(200);
    expect((await save(DEFAULTS)).statusCode).toBe(200);
  });

  it("parallel saves with one If-Match: exactly one is saved, the others are stale", async () => {
    await save(DEFAULTS);
    const seen = (await call(t.app, { method: "GET", url: "/api/settings/fees", headers: admin })).headers
      .etag as string;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        save({ guest: 10 + index, host: 5, IVA: 16 }, { ...admin, "if-match": seen }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!;
    expect(await fees()).toEqual(winner.json());
    await save(DEFAULTS);
  });

  it("charges new bookings the fees in force and never rewrites old bookings", async () => {
    await save(DEFAULTS);
    const first = await insertBookable(t.app.db);
    const oldId = await book(t.app.db, first);
    const oldBooking = await get<Booking>(`/api/bookings/${oldId}`);
    expect(oldBooking.fees).toMatchObject({ guestRate: "7.50", hostRate: "5.00", ivaRate: "16.00" });

    expect((await save({ guest: 10, host: 2.5, IVA: 8 })).statusCode).toBe(200);
    const second = await insertBookable(t.app.db);
    const newId = await book(t.app.db, second);
    const newBooking = await get<Booking>(`/api/bookings/${newId}`);
    const expected = bookingAmounts("18500.50", { guest: "10.00", host: "2.50", iva: "8.00" });
    expect(newBooking.fees).toEqual({
      guestRate: "10.00",
      hostRate: "2.50",
      ivaRate: "8.00",
      guest: expected.guestFee,
      host: expected.hostFee,
      iva: expected.iva,
    });
    expect(newBooking.total).toBe(expected.total);
    expect(newBooking.ownerTotal).toBe(expected.ownerTotal);

    // The old booking is as it was made.
    expect(await get<Booking>(`/api/bookings/${oldId}`)).toMatchObject({
      fees: oldBooking.fees,
      total: oldBooking.total,
      ownerTotal: oldBooking.ownerTotal,
    });
    await save(DEFAULTS);
  });
});
