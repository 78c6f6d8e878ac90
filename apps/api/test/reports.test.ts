import {
  ACTIVE_MEMBER_DAYS,
  type CountRow,
  countRow,
  type FutureBooking,
  futureBooking,
  type IncomeRow,
  incomeRow,
  type PieSlice,
  pieSlice,
} from "@palco/shared";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBooking, setPaymentStatus } from "../src/modules/bookings/service.ts";
import { rowsOf } from "../src/modules/notifications/service.ts";
import { reportToday, resolveRange } from "../src/modules/reports/queries.ts";
import { bookings, events, members } from "../src/platform/schema.ts";
import { call, expectErrorShape, type TestApp, withTestApp } from "./helpers.ts";
import { insertBookable, insertBox, insertEvent, insertGuest, insertOwner, insertVenue } from "./supply-fixtures.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const get = async <T>(url: string, headers: Record<string, string> = admin): Promise<T> => {
  const response = await call(t.app, { method: "GET", url, headers });
  expect(response.statusCode, `${url} → ${response.body}`).toBe(200);
  return response.json<T>();
};
const income = async (query: string) => incomeRow.array().parse(await get<IncomeRow[]>(`/api/reports/income?${query}`));
const counts = async (path: "boxes" | "users/count", query: string) =>
  countRow.array().parse(await get<CountRow[]>(`/api/reports/${path}?${query}`));

/**
 * The hand-built data set: one box of 10,000.00 booked under rates of 10 % (guest), 5 % (host) and 16 % (IVA), so
 * each paid booking is income 11,160.00 (10,000 + 1,000 fee + 160 IVA), fee 1,500.00 (1,000 + 500) and owner's part
 * 9,420.00 (10,000 − 500 − 80 IVA). Times are Mexico City's (UTC−6 all year since 2022, and in 2024).
 */
const RATES = { guest: "10.00", host: "5.00", iva: "16.00" };
const INCOME = "11160.00";
const FEE = "1500.00";
const OWNER = "9420.00";
const zero = { income: "0.00", fee: "0.00", pendingPaymentsOwner: "0.00", paidToOwners: "0.00", count: 0 };
const paid = (count: number) => ({
  income: money(count, INCOME),
  fee: money(count, FEE),
  pendingPaymentsOwner: "0.00",
  paidToOwners: money(count, OWNER),
  count,
});
const owed = (count: number) => ({ ...paid(count), pendingPaymentsOwner: money(count, OWNER), paidToOwners: "0.00" });
function money(count: number, amount: string) {
  const cents = BigInt(amount.replace(".", "")) * BigInt(count);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
}

/** Named bookings of the data set, by their Mexico City creation time. */
const made: Record<string, number> = {};
let venueId: number;
let boxId: number;
let guestId: number;

async function hand(
  name: string,
  createdAt: string,
  state: { payment?: "pending" | "authorization" | "capture"; ownerPaid?: boolean; canceled?: boolean } = {},
) {
  const [event] = await t.app.db
    .insert(events)
    .values({ name: `Partido ${name}`, duration: 2, startsAt: new Date(createdAt), venueId })
    .returning({ id: events.id });
  const at = new Date(createdAt);
  const id = await createBooking(t.app.db, {
    boxId,
    buyerId: guestId,
    what: { type: "onetime", eventId: event!.id },
    rates: RATES,
    createdAt: at,
  });
  const payment = state.payment ?? "capture";
  if (payment !== "pending") await setPaymentStatus(t.app.db, id, payment, at);
  if (state.ownerPaid) {
    await t.app.db
      .update(bookings)
      .set({ ownerPaymentReference: "SPEI000012345678", ownerPaidAt: at })
      .where(eq(bookings.id, id));
  }
  if (state.canceled) {
    await t.app.db.update(bookings).set({ status: "canceled", canceledAt: at }).where(eq(bookings.id, id));
  }
  made[name] = id;
}

beforeAll(async () => {
  const owner = await insertOwner(t.app.db, { owner: { status: "accepted", readyForReview: false } });
  const venue = await insertVenue(t.app.db);
  venueId = venue.id;
  const box = await insertBox(t.app.db, owner.id, venue.id, {
    type: "onetime",
    price: "10000.00",
    status: "accepted",
    readyForReview: false,
  });
  boxId = box.id;
  guestId = (await insertGuest(t.app.db)).id;
  // Month edge in Mexico City: 23:30 on 31 January there is already 1 February in UTC.
  await hand("A", "2024-01-31T23:30:00-06:00", { ownerPaid: true });
  await hand("B", "2024-02-01T00:10:00-06:00");
  // Not income: canceled after paying, never paid, only authorized.
  await hand("E", "2024-03-15T12:00:00-06:00", { canceled: true });
  await hand("F", "2024-03-16T12:00:00-06:00", { payment: "pending" });
  await hand("G", "2024-04-10T12:00:00-06:00", { payment: "authorization" });
  // Half-year edge: the last minute of June and the first of July.
  await hand("C", "2024-06-30T23:59:00-06:00", { ownerPaid: true });
  await hand("D", "2024-07-01T00:00:00-06:00");
  // Year edge.
  await hand("H", "2024-12-31T20:00:00-06:00", { ownerPaid: true });
  await hand("I", "2025-01-01T00:00:00-06:00");
});

describe("GET /reports/income", () => {
  it("sums each month in Mexico City's calendar, every month present, empty ones with zeros", async () => {
    const rows = await income("startDate=2024-01-01&endDate=2024-12-31&type=1&locale=es");
    expect(rows.map((row) => row.name)).toEqual([
      "ene 2024",
      "feb 2024",
      "mar 2024",
      "abr 2024",
      "may 2024",
      "jun 2024",
      "jul 2024",
      "ago 2024",
      "sep 2024",
      "oct 2024",
      "nov 2024",
      "dic 2024",
    ]);
    expect(rows[0]).toEqual({ name: "ene 2024", startDate: "2024-01-01", endDate: "2024-01-31", ...paid(1) });
    expect(rows[1]).toEqual({ name: "feb 2024", startDate: "2024-02-01", endDate: "2024-02-29", ...owed(1) });
    for (const index of [2, 3, 4, 7, 8, 9, 10]) expect(rows[index], rows[index]!.name).toMatchObject(zero);
    expect(rows[5]).toMatchObject(paid(1));
    expect(rows[6]).toMatchObject(owed(1));
    expect(rows[11]).toMatchObject({ endDate: "2024-12-31", ...paid(1) });
  });

  it("cuts half-years at July and years at January, and names them in both languages", async () => {
    const halves = await income("startDate=2024-01-01&endDate=2025-06-30&type=6&locale=en");
    expect(halves).toEqual([
      {
        name: "H1 2024",
        startDate: "2024-01-01",
        endDate: "2024-06-30",
        income: money(3, INCOME),
        fee: money(3, FEE),
        paidToOwners: money(2, OWNER),
        pendingPaymentsOwner: money(1, OWNER),
        count: 3,
      },
      {
        name: "H2 2024",
        startDate: "2024-07-01",
        endDate: "2024-12-31",
        income: money(2, INCOME),
        fee: money(2, FEE),
        paidToOwners: money(1, OWNER),
        pendingPaymentsOwner: money(1, OWNER),
        count: 2,
      },
      { name: "H1 2025", startDate: "2025-01-01", endDate: "2025-06-30", ...owed(1) },
    ]);
    const spanish = await income("startDate=2024-01-01&endDate=2025-06-30&type=6&locale=es-MX");
    expect(spanish.map((row) => row.name)).toEqual(["1er semestre 2024", "2º semestre 2024", "1er semestre 2025"]);
    const years = await income("startDate=2024-01-01&endDate=2025-12-31&type=12");
    expect(years.map((row) => [row.name, row.count, row.income])).toEqual([
      ["2024", 5, money(5, INCOME)],
      ["2025", 1, INCOME],
    ]);
  });

  it("clips the first and last buckets to the range", async () => {
    const rows = await income("startDate=2024-01-31&endDate=2024-02-01&type=1&locale=en");
    expect(rows).toEqual([
      { name: "Jan 2024", startDate: "2024-01-31", endDate: "2024-01-31", ...paid(1) },
      { name: "Feb 2024", startDate: "2024-02-01", endDate: "2024-02-01", ...owed(1) },
    ]);
    // A range inside June 30 – July 1 of one half-year each.
    const edge = await income("startDate=2024-07-01&endDate=2024-07-01&type=6");
    expect(edge).toEqual([{ name: "H2 2024", startDate: "2024-07-01", endDate: "2024-07-01", ...owed(1) }]);
    expect(await income("startDate=2024-02-02&endDate=2024-02-29")).toEqual([
      { name: "Feb 2024", startDate: "2024-02-02", endDate: "2024-02-29", ...zero },
    ]);
  });

  it("follows later changes: an owner paid moves the money from owed to paid; a cancellation takes it out", async () => {
    const before = await income("startDate=2024-02-01&endDate=2024-02-29");
    expect(before[0]).toMatchObject(owed(1));
    const response = await call(t.app, {
      method: "PUT",
      url: `/api/bookings/${made.B}`,
      headers: admin,
      payload: { ownerPaymentReference: "SPEI000099998888BBVA" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await income("startDate=2024-02-01&endDate=2024-02-29"))[0]).toMatchObject(paid(1));

    const canceled = await call(t.app, { method: "POST", url: `/api/bookings/${made.D}/cancel`, headers: admin });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await income("startDate=2024-07-01&endDate=2024-07-31"))[0]).toMatchObject(zero);
    // The tickets of a paid booking change nothing the report counts.
    await call(t.app, {
      method: "PUT",
      url: `/api/bookings/${made.H}`,
      headers: admin,
      payload: { ticketsSentAt: new Date().toISOString() },
    });
    expect((await income("startDate=2024-12-01&endDate=2024-12-31"))[0]).toMatchObject(paid(1));
  });

  it("keeps the daily rollup equal to the bookings themselves", async () => {
    const direct = rowsOf<Record<string, string | number>>(
      await t.app.db.execute(sql`
        select to_char((created_at at time zone 'America/Mexico_City')::date, 'YYYY-MM-DD') as day,
          count(*)::integer as bookings, sum(total)::text as income, sum(guest_fee + host_fee)::text as fee,
          coalesce(sum(owner_total) filter (where owner_payment_reference is not null), 0)::numeric(16, 2)::text as paid,
          coalesce(sum(owner_total) filter (where owner_payment_reference is null), 0)::numeric(16, 2)::text as pending
        from bookings where payment_status = 'capture' and status <> 'canceled' group by 1 order by 1`),
    );
    const rollup = rowsOf<Record<string, string | number>>(
      await t.app.db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, bookings, income::text as income, fee::text as fee,
          paid_to_owners::text as paid, pending_payments_owner::text as pending
        from report_daily_bookings
        where bookings <> 0 or income <> 0 or fee <> 0 or paid_to_owners <> 0 or pending_payments_owner <> 0
        order by day`),
    );
    expect(rollup).toEqual(direct);
    expect(direct.length).toBeGreaterThanOrEqual(5);
  });

  it("defaults to the last 30 days up to today, monthly, named in the request's language", async () => {
    const today = reportToday();
    const rows = await get<IncomeRow[]>("/api/reports/income", { ...admin, "accept-language": "es" });
    expect(rows[0]!.startDate).toBe(resolveRange({ type: 1 }, today).startDate);
    expect(rows.at(-1)!.endDate).toBe(today);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows[0]!.name).toMatch(/^(ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic) \d{4}$/);
    expect(resolveRange({ type: 6, endDate: "2026-03-10" })).toEqual({
      startDate: "2026-02-09",
      endDate: "2026-03-10",
      period: 6,
    });
  });
});

describe("refusals (422, per field, both languages)", () => {
  const refused = async (query: string, language: "en" | "es" = "en") =>
    expectErrorShape(
      await call(t.app, {
        method: "GET",
        url: `/api/reports/income?${query}`,
        headers: { ...admin, "accept-language": language },
      }),
      422,
    ).messages;

  it("refuses a type other than 1, 6 or 12", async () => {
    for (const type of ["0", "2", "3", "24", "abc", "1.5"]) {
      expect(await refused(`type=${type}`), type).toEqual({
        type: "The period must be 1 (monthly), 6 (half-yearly) or 12 (yearly)",
      });
    }
    expect(await refused("type=7", "es")).toEqual({
      type: "El periodo debe ser 1 (mensual), 6 (semestral) o 12 (anual)",
    });
  });

  it("refuses impossible dates, a start after the end and ranges over 30 years", async () => {
    expect(await refused("startDate=2026-02-30&endDate=2026-03-01")).toEqual({
      startDate: "Use a real date as YYYY-MM-DD",
    });
    expect(await refused("endDate=2026-13-01", "es")).toEqual({
      endDate: "Usa una fecha real con el formato AAAA-MM-DD",
    });
    expect(await refused("startDate=10%2F01%2F2026")).toEqual({ startDate: "Use a real date as YYYY-MM-DD" });
    expect(await refused("startDate=2026-03-02&endDate=2026-03-01")).toEqual({
      endDate: "The end date cannot be before the start date",
    });
    expect(await refused("startDate=1994-12-31&endDate=2025-01-01")).toEqual({
      startDate: "The range cannot be longer than 30 years",
    });
    expect(await refused("startDate=1994-12-31&endDate=2025-01-01", "es")).toEqual({
      startDate: "El rango no puede ser mayor de 30 años",
    });
    // A start alone, after today: the default end (today) comes before it.
    expect(await refused("startDate=2999-01-01")).toEqual({
      startDate: "The end date cannot be before the start date",
    });
    // Exactly 30 years is allowed (361 monthly buckets).
    const longest = await income("startDate=1995-01-01&endDate=2025-01-01");
    expect(longest).toHaveLength(361);
    for (const path of ["boxes", "users/count"]) {
      const response = await call(t.app, { method: "GET", url: `/api/reports/${path}?type=5`, headers: admin });
      expect(expectErrorShape(response, 422).messages).toHaveProperty("type");
    }
  });
});

describe("sign-ups", () => {
  it("counts members and boxes created per bucket, in Mexico City's calendar", async () => {
    const memberAt = async (at: string) => {
      await t.app.db.insert(members).values({
        firstName: "Alta",
        lastName: at,
        email: `alta.${at.replace(/\W/g, "")}@example.com`,
        phone: "3300000000",
        phoneCountry: "52",
        createdAt: new Date(at),
      });
    };
    await memberAt("2023-03-31T23:00:00-06:00");
    await memberAt("2023-04-01T00:30:00-06:00");
    await memberAt("2023-04-30T12:00:00-06:00");
    const owner = await insertOwner(t.app.db);
    const venue = await insertVenue(t.app.db);
    await insertBox(t.app.db, owner.id, venue.id, { createdAt: new Date("2023-06-30T23:00:00-06:00") });
    await insertBox(t.app.db, owner.id, venue.id, { createdAt: new Date("2023-07-01T01:00:00-06:00") });

    const monthly = await counts("users/count", "startDate=2023-03-01&endDate=2023-05-31&locale=en");
    expect(monthly).toEqual([
      { name: "Mar 2023", startDate: "2023-03-01", endDate: "2023-03-31", count: 1 },
      { name: "Apr 2023", startDate: "2023-04-01", endDate: "2023-04-30", count: 2 },
      { name: "May 2023", startDate: "2023-05-01", endDate: "2023-05-31", count: 0 },
    ]);
    const boxes = await counts("boxes", "startDate=2023-01-01&endDate=2023-12-31&type=6&locale=es");
    expect(boxes).toEqual([
      { name: "1er semestre 2023", startDate: "2023-01-01", endDate: "2023-06-30", count: 1 },
      { name: "2º semestre 2023", startDate: "2023-07-01", endDate: "2023-12-31", count: 1 },
    ]);
    // Members of the rest of the file (owners' and guests' profiles) are counted in their own months.
    const thisYear = await counts("users/count", `startDate=${reportToday().slice(0, 4)}-01-01&type=12`);
    const total = await t.app.db.select({ id: members.id }).from(members);
    expect(thisYear[0]!.count).toBe(total.length - 3);
  });
});

describe("pies", () => {
  const pie = async (path: string, language = "en") =>
    pieSlice.array().parse(await get<PieSlice[]>(`/api/reports/users/${path}?locale=${language}`));
  const countOf = (slices: PieSlice[], key: string) => slices.find((slice) => slice.key === key)?.value ?? 0;

  it("groups members by age, every bracket present, under 18 and unknown only when there are any", async () => {
    const before = await pie("age");
    expect(before.slice(0, 6).map((slice) => slice.key)).toEqual(["18-24", "25-34", "35-44", "45-54", "55-64", "65+"]);
    const today = reportToday();
    const yearsAgo = (years: number, days = 0) => {
      const date = new Date(`${today}T12:00:00Z`);
      date.setUTCFullYear(date.getUTCFullYear() - years);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    const born = [yearsAgo(18), yearsAgo(18, 1), yearsAgo(25), yearsAgo(25, 1), yearsAgo(65), yearsAgo(90), null];
    await t.app.db.insert(members).values(
      born.map((birthAt, index) => ({
        firstName: "Edad",
        lastName: String(index),
        email: `edad.${index}.${Date.now()}@example.com`,
        phone: "3300000000",
        phoneCountry: "52",
        birthAt,
      })),
    );
    const after = await pie("age", "es");
    const delta = (key: string) => countOf(after, key) - countOf(before, key);
    // 18 today is 18–24; one day short of 18 is under 18; 25 today is 25–34, a day short 18–24; 65 and 90 are 65+.
    expect(["18-24", "25-34", "65+", "under-18", "unknown"].map(delta)).toEqual([2, 1, 2, 1, 1 + 0]);
    expect(after.find((slice) => slice.key === "under-18")?.name).toBe("Menores de 18");
    expect(after.find((slice) => slice.key === "unknown")?.name).toBe("Sin dato");
    expect(after.find((slice) => slice.key === "18-24")?.name).toBe("18-24");
  });

  it("splits members into active in the last 30 days, inactive and blocked", async () => {
    const before = await pie("active");
    expect(before.map((slice) => [slice.key, slice.name])).toEqual([
      ["active", "Active in the last 30 days"],
      ["inactive", "Inactive"],
      ["blocked", "Blocked"],
    ]);
    const day = 86_400_000;
    const rows = [
      { lastActiveAt: new Date(Date.now() - day), isActive: true },
      { lastActiveAt: new Date(Date.now() - 29 * day), isActive: true },
      { lastActiveAt: new Date(Date.now() - 31 * day), isActive: true },
      { lastActiveAt: null, isActive: true },
      { lastActiveAt: new Date(Date.now() - day), isActive: false },
    ];
    await t.app.db.insert(members).values(
      rows.map((row, index) => ({
        ...row,
        firstName: "Actividad",
        lastName: String(index),
        email: `actividad.${index}.${Date.now()}@example.com`,
        phone: "3300000000",
        phoneCountry: "52",
      })),
    );
    const after = await pie("active", "es");
    expect(after.map((slice) => slice.value - countOf(before, slice.key))).toEqual([2, 2, 1]);
    expect(after.map((slice) => slice.name)).toEqual(["Activos en los últimos 30 días", "Inactivos", "Bloqueados"]);
  });

  it("reads rollups that follow every insert, update and delete, matching a count of every member", async () => {
    // The answers the pies gave when they counted the members table itself (before migration 0022).
    const counted = async () => {
      const today = reportToday();
      const since = new Date(Date.now() - ACTIVE_MEMBER_DAYS * 86_400_000);
      const ages = rowsOf<{ key: string; value: number }>(
        await t.app.db.execute(sql`
          select key, count(*)::integer as value from (
            select case when birth_at is null then 'unknown' when age < 18 then 'under-18' when age <= 24 then '18-24'
              when age <= 34 then '25-34' when age <= 44 then '35-44' when age <= 54 then '45-54'
              when age <= 64 then '55-64' else '65+' end as key
            from (select birth_at, extract(year from age(${today}::date, birth_at))::integer as age from members) a
          ) b group by key`),
      );
      const [activity] = rowsOf<{ active: number; inactive: number; blocked: number }>(
        await t.app.db.execute(sql`
          select count(*) filter (where is_active and last_active_at >= ${since})::integer as active,
            count(*) filter (where is_active and (last_active_at is null or last_active_at < ${since}))::integer as inactive,
            count(*) filter (where not is_active)::integer as blocked
          from members`),
      );
      return { ages: Object.fromEntries(ages.map((row) => [row.key, row.value])), activity };
    };
    const answered = async () => {
      const ages = Object.fromEntries((await pie("age")).filter((s) => s.value > 0).map((s) => [s.key, s.value]));
      const activity = Object.fromEntries((await pie("active")).map((slice) => [slice.key, slice.value]));
      return { ages, activity };
    };
    const minute = 60_000;
    const windowStart = Date.now() - ACTIVE_MEMBER_DAYS * 86_400_000;
    const inserted = await t.app.db
      .insert(members)
      .values(
        [
          // Either side of the window's start, within a minute: only the exact count of that hour tells them apart.
          { lastActiveAt: new Date(windowStart + 2 * minute), birthAt: "2000-02-29" },
          { lastActiveAt: new Date(windowStart - 2 * minute), birthAt: "1960-07-15" },
          { lastActiveAt: new Date(windowStart - 90 * minute), birthAt: null },
          { lastActiveAt: null, birthAt: "2012-01-01" },
          { lastActiveAt: new Date(), birthAt: "1990-12-31", isActive: false },
        ].map((row, index) => ({
          ...row,
          firstName: "Rollup",
          lastName: String(index),
          email: `rollup.${index}.${Date.now()}@example.com`,
          phone: "3300000000",
          phoneCountry: "52",
        })),
      )
      .returning({ id: members.id });
    expect(await answered()).toEqual(await counted());

    const [first, second, third, fourth] = inserted.map((row) => row.id);
    // Activity moving across hours and out of the window, a birth date corrected, a member blocked, one deleted.
    await t.app.db.update(members).set({ lastActiveAt: new Date() }).where(eq(members.id, second!));
    await t.app.db
      .update(members)
      .set({ lastActiveAt: new Date(windowStart - 5 * minute) })
      .where(eq(members.id, first!));
    await t.app.db.update(members).set({ birthAt: "1975-03-01" }).where(eq(members.id, third!));
    await t.app.db.update(members).set({ isActive: false }).where(eq(members.id, fourth!));
    await t.app.db.delete(members).where(eq(members.id, inserted[4]!.id));
    expect(await answered()).toEqual(await counted());
  });
});

describe("GET /reports/bookings/future", () => {
  it("lists the next 10 bookings to start, soonest first, without canceled, rejected or missed ones", async () => {
    const bookable = await insertBookable(t.app.db);
    const ids: number[] = [];
    for (let n = 1; n <= 12; n++) {
      const event = await insertEvent(t.app.db, bookable.venue.id, n / 4);
      ids.push(
        await createBooking(t.app.db, {
          boxId: bookable.box.id,
          buyerId: bookable.guest.id,
          what: { type: "onetime", eventId: event.id },
        }),
      );
    }
    await t.app.db.update(bookings).set({ status: "canceled", canceledAt: new Date() }).where(eq(bookings.id, ids[0]!));
    await t.app.db.update(bookings).set({ status: "rejected" }).where(eq(bookings.id, ids[2]!));
    await t.app.db.update(bookings).set({ status: "accepted" }).where(eq(bookings.id, ids[3]!));
    const list = futureBooking.array().parse(await get<FutureBooking[]>("/api/reports/bookings/future"));
    expect(list.map((row) => row.id)).toEqual([ids[1], ...ids.slice(3, 12)]);
    const detail = await get<{ key: string; startsAt: string; box: { number: string } }>(`/api/bookings/${ids[1]}`);
    expect(list[0]).toEqual({
      id: ids[1],
      key: detail.key,
      boxType: "onetime",
      startsAt: detail.startsAt,
      box: { number: detail.box.number, boxZone: "Platino" },
      event: {
        name: expect.stringMatching(/^Partido /),
        venue: { name: expect.any(String), timeZone: "America/Mexico_City" },
      },
    });
    // The hand-built bookings of 2024 started long ago: not upcoming.
    expect(list.some((row) => Object.values(made).includes(row.id))).toBe(false);
  });
});

describe("permissions", () => {
  it("opens each report to whoever lists what it counts", async () => {
    const cases: [string, string[], string[]][] = [
      ["/api/reports/income", ["BOOKINGS_INDEX"], ["BOXES_INDEX", "OWNERS_INDEX", "SERVICES_INDEX"]],
      ["/api/reports/bookings/future", ["BOOKINGS_INDEX"], ["BOXES_INDEX", "OWNERS_INDEX"]],
      ["/api/reports/boxes", ["BOXES_INDEX"], ["BOOKINGS_INDEX", "OWNERS_INDEX"]],
      ["/api/reports/users/count", ["OWNERS_INDEX"], ["BOXES_INDEX"]],
      ["/api/reports/users/age", ["BOOKINGS_INDEX"], ["BOXES_INDEX"]],
      ["/api/reports/users/active", ["OWNERS_INDEX"], ["BOXES_INDEX"]],
    ];
    for (const [url, allowed, denied] of cases) {
      const holder = await t.userWith(...(allowed as never[]));
      expect((await call(t.app, { method: "GET", url, headers: holder })).statusCode, url).toBe(200);
      const other = await t.userWith(...(denied as never[]));
      expectErrorShape(await call(t.app, { method: "GET", url, headers: other }), 403);
    }
  });
});
