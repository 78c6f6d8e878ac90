import { type BookingListItem, type ExportJob, instantToWallTime, type Paged, wallTimeToInstant } from "@palco/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setPaymentStatus } from "../src/modules/bookings/service.ts";
import { bookings, cities, events } from "../src/platform/schema.ts";
import { call, expectErrorShape, type TestApp, withTestApp } from "./helpers.ts";
import { book, insertBookable, insertEvent, insertVenue } from "./supply-fixtures.ts";

/**
 * The filters the shipped views stand on (issue 22, docs/decisions.md "Saved views"): the bookings list's owner
 * payment status, and the events list's relative period on each venue's wall clock.
 */

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const get = async <T>(url: string) => {
  const response = await call(t.app, { method: "GET", url, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const ids = async (url: string) => (await get<Paged<{ id: number }>>(url)).items.map((item) => item.id);

describe("the bookings list's owner payment status", () => {
  it("filters bookings whose owner is or is not paid yet, alone and with the other filters", async () => {
    const bookable = await insertBookable(t.app.db);
    // Three bookings at one venue: accepted and captured, owner not paid (what awaits the owner's payment); the same,
    // owner paid; and one still pending.
    const awaiting = await book(t.app.db, bookable, "onetime");
    const paid = await book(t.app.db, bookable, "season");
    const second = await insertEvent(t.app.db, bookable.venue.id, 12);
    const pending = await book(t.app.db, { ...bookable, event: second }, "onetime");
    for (const id of [awaiting, paid]) {
      await t.app.db.update(bookings).set({ status: "accepted" }).where(eq(bookings.id, id));
      await setPaymentStatus(t.app.db, id, "capture");
    }
    const recorded = await call(t.app, {
      method: "PUT",
      url: `/api/bookings/${paid}`,
      headers: admin,
      payload: { ownerPaymentReference: "SPEI0001234567BBVA" },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);

    const venue = `venueId=${bookable.venue.id}`;
    expect(await ids(`/api/bookings?${venue}`)).toEqual([pending, paid, awaiting]);
    expect(await ids(`/api/bookings?${venue}&ownerPaymentStatus=pending`)).toEqual([pending, awaiting]);
    expect(await ids(`/api/bookings?${venue}&ownerPaymentStatus=payed`)).toEqual([paid]);
    expect(await ids(`/api/bookings?${venue}&ownerPaymentStatus=`)).toEqual([pending, paid, awaiting]);
    // The shipped view "Reservas por pagar al propietario": accepted, captured, owner not paid.
    const view = `status=accepted&paymentStatus=capture&ownerPaymentStatus=pending`;
    const page = await get<Paged<BookingListItem>>(`/api/bookings?${venue}&${view}`);
    expect(page.items.map((item) => item.id)).toEqual([awaiting]);
    expect(page.total).toBe(1);
    expect(await ids(`/api/bookings?${venue}&${view}&search=platino`)).toEqual([awaiting]);
    expect(await ids(`/api/bookings?${venue}&${view}&sort=-total`)).toEqual([awaiting]);
    // Across every venue too (the view has no venue): this one is there, the paid one is not.
    const everywhere: number[] = [];
    for (let next = 1; ; next += 1) {
      const list = await get<Paged<BookingListItem> & { lastPage: number }>(`/api/bookings?${view}&page=${next}`);
      everywhere.push(...list.items.map((item) => item.id));
      if (next >= list.lastPage) break;
    }
    expect(everywhere).toContain(awaiting);
    expect(everywhere).not.toContain(paid);
    expect(everywhere).not.toContain(pending);

    for (const bad of ["ownerPaymentStatus=paid", "ownerPaymentStatus=PENDING", "ownerPaymentStatus=1"]) {
      expectErrorShape(await call(t.app, { method: "GET", url: `/api/bookings?${bad}`, headers: admin }), 400);
    }
  });

  it("is what an export of the list writes", async () => {
    const bookable = await insertBookable(t.app.db);
    const awaiting = await book(t.app.db, bookable, "onetime");
    const paid = await book(t.app.db, bookable, "season");
    for (const id of [awaiting, paid]) {
      await t.app.db.update(bookings).set({ status: "accepted" }).where(eq(bookings.id, id));
      await setPaymentStatus(t.app.db, id, "capture");
    }
    await t.app.db
      .update(bookings)
      .set({ ownerPaymentReference: "SPEI0001234567BBVA", ownerPaidAt: new Date() })
      .where(eq(bookings.id, paid));
    const query = {
      venueId: String(bookable.venue.id),
      status: "accepted",
      paymentStatus: "capture",
      ownerPaymentStatus: "pending",
    };
    const created = await call(t.app, {
      method: "POST",
      url: "/api/exports",
      headers: admin,
      payload: { resource: "bookings", format: "csv", query },
    });
    expect(created.statusCode, created.body).toBe(202);
    let job: ExportJob;
    for (;;) {
      job = await get<ExportJob>(`/api/exports/${created.json<{ id: number }>().id}`);
      if (job.status === "ready" || job.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toMatchObject({ status: "ready", rows: 1, total: 1, query });
    const file = await call(t.app, { method: "GET", url: job.url! });
    const keys = (await get<Paged<BookingListItem>>(`/api/bookings?venueId=${bookable.venue.id}`)).items;
    expect(file.body).toContain(keys.find((item) => item.id === awaiting)!.key);
    expect(file.body).not.toContain(keys.find((item) => item.id === paid)!.key);

    const refused = await call(t.app, {
      method: "POST",
      url: "/api/exports",
      headers: admin,
      payload: { resource: "bookings", format: "csv", query: { ownerPaymentStatus: "paid" } },
    });
    expect(refused.statusCode).toBe(422);
  });
});

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The first instant of the day, ISO week (Monday) and month holding `instant` on `zone`'s wall clock, and the next. */
function periodsAround(instant: Date, zone: string) {
  const day = instantToWallTime(instant, zone).slice(0, 10);
  const noon = new Date(`${day}T12:00:00Z`);
  const dayAt = (date: Date) => date.toISOString().slice(0, 10);
  const shift = (days: number) => dayAt(new Date(noon.getTime() + days * DAY));
  const monday = (noon.getUTCDay() + 6) % 7;
  const nextMonth = new Date(Date.UTC(noon.getUTCFullYear(), noon.getUTCMonth() + 1, 1, 12));
  const start = (date: string) => wallTimeToInstant(`${date} 00:00:00`, zone);
  return {
    today: [start(day), start(shift(1))],
    "this-week": [start(shift(-monday)), start(shift(7 - monday))],
    "this-month": [start(`${day.slice(0, 8)}01`), start(dayAt(nextMonth))],
  } as const;
}

describe("the events list's period", () => {
  it("keeps today, this week (from Monday) and this month on each venue's clock, when the list is asked for", async () => {
    // Two venues far apart in offset: Mexico City (−6) and Kiritimati (+14), whose days start 20 hours apart.
    const zones = ["America/Mexico_City", "Pacific/Kiritimati"];
    const placed: { venueId: number; zone: string; startsAt: Date; id: number }[] = [];
    for (const zone of zones) {
      const venue = await insertVenue(t.app.db);
      await t.app.db.update(cities).set({ timeZone: zone }).where(eq(cities.id, venue.cityId));
      // A minute inside and outside each edge of each period, and some further away.
      const edges = Object.values(periodsAround(new Date(), zone)).flat();
      const starts = [
        ...edges.flatMap((edge) => [new Date(edge.getTime() - MINUTE), new Date(edge.getTime() + MINUTE)]),
        new Date(Date.now() - 40 * DAY),
        new Date(Date.now() + 40 * DAY),
        new Date(Date.now() + 2 * MINUTE),
      ];
      for (const startsAt of starts) {
        const { id } = await insertEvent(t.app.db, venue.id);
        await t.app.db.update(events).set({ startsAt }).where(eq(events.id, id));
        placed.push({ venueId: venue.id, zone, startsAt, id });
      }
    }
    const at = Date.now();
    for (const venue of new Set(placed.map((event) => event.venueId))) {
      const mine = placed.filter((event) => event.venueId === venue);
      const periods = periodsAround(new Date(at), mine[0]!.zone);
      for (const [period, [from, to]] of Object.entries(periods)) {
        const expected = mine
          .filter((event) => event.startsAt >= from && event.startsAt < to)
          .map((event) => event.id)
          .sort((a, b) => a - b);
        const listed = await ids(`/api/events?venue=${venue}&period=${period}`);
        // A period that turned over between placing the events and asking is not this test's to judge.
        if (Object.values(periodsAround(new Date(), mine[0]!.zone))[0]![0]!.getTime() !== periods.today[0].getTime()) {
          continue;
        }
        expect(
          [...listed].sort((a, b) => a - b),
          `${mine[0]!.zone} ${period}`,
        ).toEqual(expected);
        expect(expected.length, `${mine[0]!.zone} ${period}`).toBeGreaterThan(0);
      }
    }
    // With the other filters, and in what "select all N matching" reads (GET /api/events/ids).
    const [first] = placed;
    const month = await ids(`/api/events?venue=${first!.venueId}&city=&period=this-month`);
    const matching = await get<{ ids: number[] }>(`/api/events/ids?venue=${first!.venueId}&period=this-month`);
    expect([...matching.ids].sort((x, y) => x - y)).toEqual([...month].sort((x, y) => x - y));
    const other = placed.find((event) => event.venueId !== first!.venueId)!;
    expect(await ids(`/api/events?venue=${other.venueId}&period=this-month&search=zzzz-none`)).toEqual([]);

    for (const bad of ["period=week", "period=THIS-WEEK", "period=next-week"]) {
      expectErrorShape(await call(t.app, { method: "GET", url: `/api/events?${bad}`, headers: admin }), 400);
    }
  });
});
