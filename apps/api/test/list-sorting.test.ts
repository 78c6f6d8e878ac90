import { type Paged, translate } from "@palco/shared";
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../src/platform/schema.ts";
import { call, createState, expectErrorShape, readPage, type TestApp, withTestApp } from "./helpers.ts";
import { book, insertBookable, insertBox, insertEvent, insertOwner } from "./supply-fixtures.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, auth) => {
  t = app;
  admin = auth;
});

type Page = Paged<{ id: number }>;

const get = (url: string, language = "en") =>
  call(t.app, { method: "GET", url, headers: { ...admin, "accept-language": language } });
const list = (url: string): Promise<Page> => readPage(t.app, url, admin);
const cursor = (name: "after" | "before", value: string | null) => `${name}=${encodeURIComponent(value!)}`;

async function sqlIds(query: SQL): Promise<number[]> {
  const result = (await t.app.db.execute(query)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

/** Every row of a list, page after page through the `next` cursors (so each page after the first seeks). */
async function walkForward(url: string): Promise<{ ids: number[]; pages: Page[] }> {
  const pages: Page[] = [];
  let page = await list(url);
  pages.push(page);
  while (page.next) {
    page = await list(`${url}&page=${page.page + 1}&${cursor("after", page.next)}`);
    pages.push(page);
  }
  return { ids: pages.flatMap((each) => each.items.map((item) => item.id)), pages };
}

/**
 * The list sorted by `field` both ways answers the rows in the database's (column, id) order, through its cursors
 * forward and back again through `previous`.
 */
async function expectSorted(url: string, field: string, expected: (direction: "asc" | "desc") => SQL) {
  for (const direction of ["asc", "desc"] as const) {
    const sorted = `${url}&sort=${direction === "desc" ? "-" : ""}${field}`;
    const { ids, pages } = await walkForward(sorted);
    const want = await sqlIds(expected(direction));
    expect(want.length, `${sorted}: enough rows for two pages`).toBeGreaterThan(12);
    expect(ids, sorted).toEqual(want);
    // Back from the last page through `previous`: the same rows as page 1 had.
    const last = pages[pages.length - 1]!;
    const back = await list(`${sorted}&page=${last.page - 1}&${cursor("before", last.previous)}`);
    expect(back.items.map((item) => item.id)).toEqual(pages[pages.length - 2]!.items.map((item) => item.id));
  }
}

const order = (direction: "asc" | "desc", ...columns: SQL[]) =>
  sql.join(
    columns.map((column) => sql`${column} ${sql.raw(direction)}`),
    sql`, `,
  );

describe("bookings sort by date, start, total and status, ties by id", () => {
  let venueId: number;

  beforeAll(async () => {
    const bookable = await insertBookable(t.app.db);
    venueId = bookable.venue.id;
    // One booking per event of one box: 16 bookings at one venue.
    const made: number[] = [await book(t.app.db, bookable)];
    for (let index = 1; index < 16; index++) {
      const event = await insertEvent(t.app.db, venueId, 10 + index);
      made.push(await book(t.app.db, { ...bookable, event }));
    }
    // Few distinct values, so most rows tie and only the id orders them; instants with microseconds, which a
    // JavaScript Date would cut (the cursor must not).
    await t.app.db.execute(sql`
      update ${bookings} set
        total = (array['100.00', '2500.50', '900.00'])[1 + id % 3]::numeric,
        status = (array['pending', 'accepted', 'partial', 'rejected'])[1 + id % 4],
        created_at = '2026-03-01 10:00:00.123456+00'::timestamptz + (id % 5) * interval '1.000001 second',
        starts_at = '2026-09-01 20:00:00+00'::timestamptz + (id % 4) * interval '1 day',
        ends_at = '2026-09-01 23:00:00+00'::timestamptz + (id % 4) * interval '1 day'
      where id in (${sql.join(made, sql`, `)})`);
  });

  const mine = (direction: "asc" | "desc", ...columns: SQL[]) =>
    sql`select id from bookings where venue_id = ${venueId} order by ${order(direction, ...columns, sql`id`)}`;

  it.each([
    ["createdAt", sql`created_at`],
    ["startsAt", sql`starts_at`],
    ["total", sql`total`],
    ["status", sql`status`],
  ])("%s, both ways, through cursors", async (field, column) => {
    await expectSorted(`/api/bookings?venueId=${venueId}`, field, (direction) => mine(direction, column));
  });

  it("keeps its own order (newest first) without sort", async () => {
    const { ids } = await walkForward(`/api/bookings?venueId=${venueId}`);
    expect(ids).toEqual(await sqlIds(sql`select id from bookings where venue_id = ${venueId} order by id desc`));
  });

  it("sorts a filtered search", async () => {
    const url = `/api/bookings?venueId=${venueId}&status=accepted&search=valeria&sort=-total`;
    const page = await list(url);
    const want = await sqlIds(sql`select id from bookings where venue_id = ${venueId} and status = 'accepted'
      and search_text like '%valeria%' order by total desc, id desc`);
    expect(want.length).toBeGreaterThan(1);
    expect(page.items.map((item) => item.id)).toEqual(want);
  });
});

describe("kit lists sort by name and code, search and filters apply", () => {
  let stateId: number;

  beforeAll(async () => {
    stateId = await createState(t.app, admin, {
      country: "Sorting Land",
      countryCode: "SRT",
      state: "Sorting State",
      stateCode: "SRS",
    });
    // Names repeat (ties broken by id); codes run against the names.
    await t.app.db.execute(sql`
      insert into cities (name, code, time_zone, state_id)
      select 'Sortville ' || (g % 4), 'SRT-' || lpad((100 - g)::text, 3, '0'), 'UTC', ${stateId}
      from generate_series(1, 20) g`);
  });

  const cities = (direction: "asc" | "desc", column: SQL, where = sql`true`) =>
    sql`select id from cities where state_id = ${stateId} and ${where} order by ${order(direction, column, sql`id`)}`;

  it("cities by name and by code, both ways", async () => {
    await expectSorted(`/api/cities?state=${stateId}`, "name", (direction) => cities(direction, sql`name`));
    await expectSorted(`/api/cities?state=${stateId}`, "code", (direction) => cities(direction, sql`code`));
  });

  it("a search and a filter with a sort", async () => {
    const page = await list(`/api/cities?state=${stateId}&search=sortville%202&sort=-code`);
    expect(page.items.map((item) => item.id)).toEqual(
      await sqlIds(cities("desc", sql`code`, sql`name = 'Sortville 2'`)),
    );
  });

  it("a short search sorted by name keeps the order of its prefix index, either way", async () => {
    const asc = await list(`/api/cities?state=${stateId}&search=so&sort=name`);
    const desc = await list(`/api/cities?state=${stateId}&search=so&sort=-name`);
    expect(asc.items.map((item) => item.id)).toEqual(
      (await sqlIds(cities("asc", sql`lower(name) collate "C"`))).slice(0, 12),
    );
    expect(desc.items.map((item) => item.id)).toEqual(
      (await sqlIds(cities("desc", sql`lower(name) collate "C"`))).slice(0, 12),
    );
  });

  it("refuses a cursor taken in another order", async () => {
    const byCode = await list(`/api/cities?state=${stateId}&sort=code`);
    const byName = await list(`/api/cities?state=${stateId}`);
    for (const url of [
      `/api/cities?state=${stateId}&sort=-code&page=2&${cursor("after", byCode.next)}`,
      `/api/cities?state=${stateId}&page=2&${cursor("after", byCode.next)}`,
      `/api/cities?state=${stateId}&sort=name&page=2&${cursor("after", byName.next)}`,
    ]) {
      const refused = expectErrorShape(await get(url), 400);
      expect(Object.keys(refused.messages!), url).toEqual(["after"]);
    }
  });

  it("states and countries by code", async () => {
    const byCode = await list("/api/countries?search=sorting&sort=-code");
    expect(byCode.items.map((item) => (item as unknown as { code: string }).code)).toEqual(["SRT"]);
    const states = await list(`/api/states?search=sorting&sort=code`);
    expect(states.items).toHaveLength(1);
  });
});

describe("events, users, owners and boxes", () => {
  it("events by start and by name, all of them in one order (not split)", async () => {
    const { venue, event } = await insertBookable(t.app.db);
    const made = [event.id];
    // Some past, some to come; names that tie.
    for (let index = 0; index < 15; index++) {
      made.push((await insertEvent(t.app.db, venue.id, index % 2 === 0 ? 5 + index : -3 - index)).id);
    }
    await t.app.db.execute(
      sql`update events set name = 'Sortmatch ' || (id % 3) where id in (${sql.join(made, sql`, `)})`,
    );
    const events = (direction: "asc" | "desc", column: SQL) =>
      sql`select id from events where venue_id = ${venue.id} order by ${order(direction, column, sql`id`)}`;
    await expectSorted(`/api/events?venue=${venue.id}`, "startsAt", (direction) => events(direction, sql`starts_at`));
    await expectSorted(`/api/events?venue=${venue.id}`, "name", (direction) => events(direction, sql`name`));
  });

  it("users by first name and by date joined", async () => {
    for (let index = 0; index < 14; index++) {
      await t.createUser({ firstName: `Qsorter${index % 3}` });
    }
    // Last names that tie too, and join dates a microsecond apart (a cursor must keep them apart).
    await t.app.db.execute(sql`update users set last_name = 'L' || (id % 2),
      created_at = '2026-01-01 00:00:00.000001+00'::timestamptz + (id % 3) * interval '1 microsecond'
      where first_name like 'Qsorter%'`);
    const users = (direction: "asc" | "desc", ...columns: SQL[]) =>
      sql`select id from users where first_name like 'Qsorter%' order by ${order(direction, ...columns, sql`id`)}`;
    await expectSorted("/api/users?search=qsorter", "firstName", (direction) =>
      users(direction, sql`first_name`, sql`last_name`),
    );
    await expectSorted("/api/users?search=qsorter", "createdAt", (direction) => users(direction, sql`created_at`));
  });

  it("owners by date joined and by name, boxes by date and by zone", async () => {
    const venue = (await insertBookable(t.app.db)).venue;
    for (let index = 0; index < 14; index++) {
      const owner = await insertOwner(t.app.db, { name: `Zorder Owner ${index % 3}` });
      await insertBox(t.app.db, owner.id, venue.id, { zone: `Zona ${index % 4}`, number: String(200 + index) });
    }
    await t.app.db.execute(sql`update owners set created_at = now() - (id % 4) * interval '1 hour'
      where name like 'Zorder%'`);
    const owners = (direction: "asc" | "desc", column: SQL) =>
      sql`select id from owners where name like 'Zorder%' order by ${order(direction, column, sql`id`)}`;
    await expectSorted("/api/owners?search=zorder", "createdAt", (direction) => owners(direction, sql`created_at`));
    await expectSorted("/api/owners?search=zorder", "fullName", (direction) => owners(direction, sql`name`));
    const boxes = (direction: "asc" | "desc", column: SQL) =>
      sql`select id from boxes where venue_id = ${venue.id} order by ${order(direction, column, sql`id`)}`;
    await expectSorted(`/api/boxes?venue=${venue.id}`, "createdAt", (direction) => boxes(direction, sql`created_at`));
    await expectSorted(`/api/boxes?venue=${venue.id}`, "boxZone", (direction) => boxes(direction, sql`name`));
    // The review inbox sorted by name: the filter still applies, the chosen order wins over its own.
    const waiting = await list("/api/owners?search=zorder&status=waiting&sort=-fullName");
    expect(waiting.items.map((item) => item.id)).toEqual((await sqlIds(owners("desc", sql`name`))).slice(0, 12));
  });
});

describe("an unknown sort field", () => {
  it.each([
    ["/api/bookings?sort=guestName"],
    ["/api/bookings?sort=--total"],
    ["/api/events?sort=venue"],
    ["/api/cities?sort=-timeZone"],
    ["/api/users?sort=password"],
    ["/api/owners?sort=rfc"],
  ])("%s is refused on sort, in the member's language", async (url) => {
    for (const language of ["en", "es"] as const) {
      const refused = expectErrorShape(await get(url, language), 400);
      expect(refused.messages).toEqual({ sort: translate(language, "LIST_SORT.UNKNOWN") });
    }
  });

  it("a blank sort keeps the list's own order", async () => {
    const plain = await list("/api/cities?search=sortville");
    const blank = await list("/api/cities?search=sortville&sort=");
    expect(blank.items.map((item) => item.id)).toEqual(plain.items.map((item) => item.id));
  });
});
