import { COUNT_CAP, PAGE_SIZE, PLANNED_TOTAL_FROM } from "@palco/shared";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingListCondition, bookingListSource, bookingSorts } from "../src/modules/bookings/routes.ts";
import { cityResource } from "../src/modules/cities/routes.ts";
import { crudListQueries, crudListSource, listCondition } from "../src/platform/crud.ts";
import { genericTwinOf } from "../src/platform/db.ts";
import {
  chosenOrder,
  type ListRunner,
  listQueries,
  listStatements,
  listValues,
  MATCHES_COLUMN,
  PLANNED_FROM_TABLE_ROWS,
  plannedTotalFrom,
  preparedList,
  resolveWindow,
  runList,
  statementRunner,
} from "../src/platform/list-query.ts";
import * as schema from "../src/platform/schema.ts";
import { cities } from "../src/platform/schema.ts";
import {
  backend,
  call,
  readPage,
  statementsSentBy,
  statementsSentByPool,
  type TestApp,
  withTestApp,
} from "./helpers.ts";
import { book, insertBookable, insertEvent } from "./supply-fixtures.ts";

// A table big enough for the planner to be asked (PLANNED_FROM_TABLE_ROWS) and to expect a filtered list past
// PLANNED_TOTAL_FROM: the cities of one state, every name holding "massa", plus a few thousand elsewhere so the
// state filter keeps some rows out.
const MASS = PLANNED_FROM_TABLE_ROWS + 10_000;
const OTHERS = 3_000;

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, auth) => {
  t = app;
  admin = auth;
});

const list = (url: string) => readPage(t.app, url, admin);
const statementsSent = (work: () => Promise<void>) => statementsSentBy(t.app.db, work);

/** Cities "<name> 0001"…, numbered `from`…`to` with `digits` digits, coded "<code><number>", in `state`. */
async function insertNumberedCities(name: string, code: string, digits: number, state: number, to: number, from = 1) {
  await t.app.db.execute(sql`
    insert into cities (name, code, time_zone, state_id)
    select ${`${name} `} || lpad(g::text, ${digits}, '0'), ${code} || g, 'UTC', ${state}
    from generate_series(${from}::int, ${to}::int) g`);
}

let massState: number;
let otherState: number;

beforeAll(async () => {
  const post = async (url: string, payload: object) =>
    (await call(t.app, { method: "POST", url, headers: admin, payload })).json().id as number;
  const country = await post("/api/countries", { name: "Estimate Land", code: "ESL" });
  massState = await post("/api/states", { name: "Mass State", code: "MSS", country });
  otherState = await post("/api/states", { name: "Other State", code: "OTS", country });
  await insertNumberedCities("Massa", "MAS", 6, massState, MASS);
  await insertNumberedCities("Quieta", "QUI", 6, otherState, OTHERS);
  await t.asOwner(sql`analyze cities`);
}, 120_000);

describe("totals of big filtered lists", () => {
  it("answers the planner's estimate, to two digits, for a search the planner expects past the threshold", async () => {
    const page = await list("/api/cities?search=massa");
    expect(page.totalKind).toBe("estimated");
    // The planner's guess, not a count: near the true number and rounded to its first two digits.
    expect(page.total).toBeGreaterThanOrEqual(PLANNED_TOTAL_FROM);
    expect(page.total).toBeLessThanOrEqual(MASS * 1.5);
    expect(page.total % 1_000).toBe(0);
    expect(page.pageCount).toBe(Math.ceil(page.total / PAGE_SIZE));
    expect(page.items.map((item) => item.name)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, index) => `Massa ${String(index + 1).padStart(6, "0")}`),
    );
    expect(page.next).not.toBeNull();
  });

  it("walks a common term's page with one plan for every term on PostgreSQL", async () => {
    // One word of the term is a several-word search (counted, no walk); a single word walks.
    for (const [search, walks] of [
      ["massa", true],
      ["massa 0001", false],
    ] as const) {
      const { condition, order } = listCondition(cityResource, { search });
      const source = crudListSource(cityResource);
      const window = resolveWindow({ page: 1 }, order);
      const queries = listQueries(t.app.db, source, condition, window, order);
      expect(queries.walk !== null, search).toBe(walks);
      if (!walks) continue;
      // The term tested row by row (the "C" collation, which the trigram index does not serve) on the name's walk.
      expect(queries.walk!.toSQL().sql).toContain('collate "C"');
      const prepared = preparedList(t.app.db, source, condition, window, order);
      expect(prepared.walk !== null).toBe(backend === "postgres");
      const values = listValues(condition, window);
      const own = (await prepared.items.execute(values)) as { id: number }[];
      const walked = prepared.walk ? ((await prepared.walk.execute(values)) as { id: number }[]) : own;
      expect(own).toHaveLength(PAGE_SIZE + 1);
      expect(walked.map((row) => row.id)).toEqual(own.map((row) => row.id));
    }
    // Through the API: the planner's estimate on the usual connections, then (PostgreSQL) the page on the others. The
    // term's trigram counts were read by the first test's request, found common, and are not read again this minute.
    const sent = await statementsSent(async () => {
      expect(await list("/api/cities?search=massa")).toMatchObject({ totalKind: "estimated" });
    });
    expect(sent[0]).toMatch(/^explain/);
    expect(sent).toHaveLength(backend === "postgres" ? 1 : 2);
  });

  it("estimates a filter by state the same way, and a short prefix search", async () => {
    expect(await list(`/api/cities?state=${massState}`)).toMatchObject({ totalKind: "estimated" });
    expect(await list("/api/cities?search=ma")).toMatchObject({ totalKind: "estimated" });
  });

  it("counts a list the planner expects below the threshold, and one it cannot judge", async () => {
    // 3,000 rows: past the cap, below the threshold.
    expect(await list(`/api/cities?state=${otherState}`)).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
    expect(await list("/api/cities?search=quieta")).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
    // Several words are one pattern the planner judges like any other: "massa 00" is in the 9,999 names
    // Massa 000001–009999.
    expect(await list("/api/cities?search=massa%2000")).toMatchObject({ total: 10_000, totalKind: "estimated" });
    expect(await list("/api/cities?search=massa%20000001")).toMatchObject({ total: 1, totalKind: "exact" });
    // The search and the other state's filter together: the planner expects few rows, and there are none.
    expect(await list(`/api/cities?search=massa&state=${otherState}`)).toMatchObject({ total: 0, totalKind: "exact" });
  });
});

describe("a search with fewer matches than the cap", () => {
  // "00012" is in 22 names (Massa and Quieta 000012 and 000120–000129): more than a page, fewer than the cap.
  const term = "00012";
  let expected: string[];
  beforeAll(async () => {
    const rows = await t.app.db.execute(
      sql`select name from cities where search_text like ${`%${term}%`} order by name, id`,
    );
    expected = (rows as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);
    expect(expected.length).toBeLessThan(2 * PAGE_SIZE);
  });

  it("reads its page and exact total in one statement, its matches bounded by the trigram counts", async () => {
    let first: Awaited<ReturnType<typeof list>> | undefined;
    const sent = await statementsSent(async () => {
      first = await list(`/api/cities?search=${term}`);
    });
    expect(first).toMatchObject({ total: expected.length, totalKind: "exact", pageCount: 2 });
    expect(first!.items.map((item) => item.name)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(first!.items[0]).not.toHaveProperty("__matches");
    // Its rarest trigram ("012") is in a few thousand cities (012000–012999 alone is a thousand): the page with its
    // total read from those, no planner, no count of its own.
    expect(sent, sent.join("\n")).toHaveLength(2);
    expect(sent[0]).toMatch(/"city_search_trigrams"/);
    expect(sent[1]).toMatch(/list_matches/);
  });

  it("pages on by cursor and by number, back again, and past the end, with the same total", async () => {
    const first = await list(`/api/cities?search=${term}`);
    const second = await list(`/api/cities?search=${term}&page=2&after=${encodeURIComponent(String(first.next))}`);
    expect(second).toMatchObject({ total: expected.length, totalKind: "exact", next: null });
    expect(second.items.map((item) => item.name)).toEqual(expected.slice(PAGE_SIZE));
    const byNumber = await list(`/api/cities?search=${term}&page=2`);
    expect(byNumber.items.map((item) => item.name)).toEqual(expected.slice(PAGE_SIZE));
    const back = await list(`/api/cities?search=${term}&page=1&before=${encodeURIComponent(String(second.previous))}`);
    expect(back).toMatchObject({ total: expected.length, next: first.next });
    expect(back.items.map((item) => item.name)).toEqual(expected.slice(0, PAGE_SIZE));
    const past = await list(`/api/cities?search=${term}&page=5`);
    expect(past).toMatchObject({ items: [], total: expected.length, totalKind: "exact" });
  });

  it("answers a chosen order from the same page, descending", async () => {
    const page = await list(`/api/cities?search=${term}&sort=-name`);
    expect(page).toMatchObject({ total: expected.length, totalKind: "exact" });
    expect(page.items.map((item) => item.name)).toEqual([...expected].reverse().slice(0, PAGE_SIZE));
  });
});

describe("a search whose trigrams the city_search_trigrams rollup counts", () => {
  // 30 cities hold "zyq" and no other does; "qui" is in the 3,000 Quieta cities (past the cap) and no Massa.
  const RARE = 30;
  let rareState: number;
  beforeAll(async () => {
    const country = (
      await call(t.app, { method: "GET", url: "/api/countries?search=Estimate%20Land", headers: admin })
    ).json().items[0].id as number;
    rareState = (
      await call(t.app, {
        method: "POST",
        url: "/api/states",
        headers: admin,
        payload: { name: "Rare", code: "RRE", country },
      })
    ).json().id as number;
    await insertNumberedCities("Zyqa", "ZYQ", 3, rareState, RARE);
  });

  it("keeps each trigram's count equal to the cities that hold it, through inserts, updates and deletes", async () => {
    const rollupOf = async () =>
      (
        (await t.app.db.execute(
          sql`select trigram, cities from city_search_trigrams where cities <> 0 order by trigram`,
        )) as unknown as { rows: { trigram: string; cities: number }[] }
      ).rows;
    const recounted = async () =>
      (
        (await t.app.db.execute(sql`
          select gram as trigram, count(*)::integer as cities
          from cities, lateral (
            select distinct substr(search_text, at, 3) as gram from generate_series(1, length(search_text) - 2) as at
          ) grams
          where gram ~ '^[a-z0-9]{3}$' group by gram order by gram`)) as unknown as {
          rows: { trigram: string; cities: number }[];
        }
      ).rows;
    expect(await rollupOf()).toEqual(await recounted());
    const zyq = (await rollupOf()).find((row) => row.trigram === "zyq");
    expect(zyq?.cities).toBe(RARE);
    // Renamed (one trigram repeated in a name counts once), some deleted, one changing nothing searched.
    await t.app.db.execute(
      sql`update cities set name = 'Zyqzyq Ñandú ' || code where state_id = ${rareState} and code in ('ZYQ1', 'ZYQ2')`,
    );
    await t.app.db.execute(sql`delete from cities where state_id = ${rareState} and code in ('ZYQ3', 'ZYQ4')`);
    await t.app.db.execute(sql`update cities set is_active = false where state_id = ${rareState} and code = 'ZYQ5'`);
    expect(await rollupOf()).toEqual(await recounted());
    expect((await rollupOf()).find((row) => row.trigram === "zyq")?.cities).toBe(RARE - 2);
    await insertNumberedCities("Zyqa", "ZYQ", 3, rareState, 4, 3);
    await t.app.db.execute(sql`update cities set name = 'Zyqa 00' || substr(code, 4) where code in ('ZYQ1', 'ZYQ2')`);
    await t.app.db.execute(sql`update cities set is_active = true where code = 'ZYQ5'`);
    expect(await rollupOf()).toEqual(await recounted());
    expect((await rollupOf()).find((row) => row.trigram === "zyq")?.cities).toBe(RARE);
  });

  it("reads a rare term's page and total in one statement, without the planner, on every page", async () => {
    const names = Array.from({ length: RARE }, (_, index) => `Zyqa ${String(index + 1).padStart(3, "0")}`);
    let first: Awaited<ReturnType<typeof list>> | undefined;
    const sent = await statementsSent(async () => {
      first = await list("/api/cities?search=ZYQ");
    });
    expect(first).toMatchObject({ total: RARE, totalKind: "exact", pageCount: 3 });
    expect(first!.items.map((item) => item.name)).toEqual(names.slice(0, PAGE_SIZE));
    expect(sent, sent.join("\n")).toHaveLength(2);
    expect(sent[0]).toMatch(/"city_search_trigrams"/);
    expect(sent[1]).toMatch(/list_matches/);
    const second = await list(`/api/cities?search=zyq&page=2&after=${encodeURIComponent(String(first!.next))}`);
    expect(second).toMatchObject({ total: RARE, totalKind: "exact" });
    expect(second.items.map((item) => item.name)).toEqual(names.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(await list("/api/cities?search=zyqa%20007")).toMatchObject({ total: 1, totalKind: "exact" });
    // A trigram no city holds: nothing to read at all past the empty page.
    expect(await list("/api/cities?search=qqq")).toMatchObject({ items: [], total: 0, totalKind: "exact" });
  });

  it("counts a three-letter term past the cap from the rollup, not from the rows", async () => {
    let answer: Awaited<ReturnType<typeof list>> | undefined;
    const sent = await statementsSent(async () => {
      answer = await list("/api/cities?search=qui");
    });
    expect(answer).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
    expect(answer!.items[0]!.name).toBe("Quieta 000001");
    // Counted by the rollup, past the cap and short of what an estimate would stand for: neither the planner nor a
    // count of the cities themselves.
    expect(sent.some((statement) => /^explain/.test(statement))).toBe(false);
    expect(
      sent.filter((statement) => /^select count\(\*\) from \(select 1 from "cities"/.test(statement)),
      sent.join("\n"),
    ).toEqual([]);
  });
});

describe("the same statements on the driver (the benchmark's baseline)", () => {
  it("reach the totals the API answers", async () => {
    const client = (
      t.app.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: [] }> } }
    ).$client;
    const query = async (text: string, params: unknown[]) => (await client.query(text, params)).rows;
    for (const request of [
      {},
      { search: "massa" },
      { state: otherState },
      { search: "quieta" },
      { search: "massa 000001" },
      { search: "00012" },
      { search: "00012", page: 2 },
    ]) {
      const { window, queries, values } = crudListQueries(t.app.db, cityResource, { page: 1, ...request });
      const { fetched, total, totalKind } = await runList(
        window,
        statementRunner(listStatements(queries, values), query),
      );
      const url = `/api/cities?${new URLSearchParams(Object.entries(request).map(([key, value]) => [key, String(value)] as [string, string]))}`;
      const answer = await list(url);
      expect({ total, totalKind }, url).toEqual({ total: answer.total, totalKind: answer.totalKind });
      expect(fetched.length, url).toBe(answer.items.length + (answer.next ? 1 : 0));
    }
  });
});

describe("a search of several words whose matches sit together in the list's order", () => {
  // 12,000 "Zeta Pinta" cities, every one after the 33,000 Massa and Quieta in name order: "pinta 1" is in the 2,001
  // of them numbered 10000–12000, a share the planner sees (between the counted page's threshold and its own
  // estimate's) sitting at the far end; "ta pi" is in all of them, too many to sort.
  const CLUSTERED = 12_000;
  const pinta = (number: number) => `Zeta Pinta ${String(number).padStart(5, "0")}`;
  const tens = Array.from({ length: CLUSTERED - 9_999 }, (_, index) => pinta(10_000 + index));
  const countsOf = (sent: string[]) =>
    sent.filter((statement) => /^select count\(\*\) from \(select 1 from "cities"/.test(statement));
  beforeAll(async () => {
    await insertNumberedCities("Zeta Pinta", "ZTP", 5, otherState, CLUSTERED);
    await t.asOwner(sql`analyze cities`);
  }, 60_000);
  afterAll(async () => {
    await t.app.db.execute(sql`delete from cities where code like 'ZTP%'`);
    await t.asOwner(sql`analyze cities`);
  }, 60_000);

  it("sorts the matches when the entries near the page hold none, and takes their number as the count", async () => {
    let first: Awaited<ReturnType<typeof list>> | undefined;
    const sent = await statementsSent(async () => {
      first = await list("/api/cities?search=pinta%201");
    });
    expect(first).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
    expect(first!.items.map((item) => item.name)).toEqual(tens.slice(0, PAGE_SIZE));
    expect(first!.items[0]).not.toHaveProperty("__matches");
    expect(
      sent.some((statement) => /with near as materialized/.test(statement)),
      sent.join("\n"),
    ).toBe(true);
    expect(countsOf(sent), sent.join("\n")).toEqual([]);
    // On by cursor and by number, and back: the same rows the order gives.
    const second = await list(`/api/cities?search=pinta%201&page=2&after=${encodeURIComponent(String(first!.next))}`);
    expect(second.items.map((item) => item.name)).toEqual(tens.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(second).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
    const third = await list("/api/cities?search=PINTA%201&page=3");
    expect(third.items.map((item) => item.name)).toEqual(tens.slice(2 * PAGE_SIZE, 3 * PAGE_SIZE));
    const back = await list(
      `/api/cities?search=pinta%201&page=1&before=${encodeURIComponent(String(second.previous))}`,
    );
    expect(back.items.map((item) => item.name)).toEqual(tens.slice(0, PAGE_SIZE));
  });

  it("finds the page among the entries near it when the matches are there, and counts them", async () => {
    let last: Awaited<ReturnType<typeof list>> | undefined;
    const sent = await statementsSent(async () => {
      last = await list("/api/cities?search=pinta%201&sort=-name");
    });
    expect(last!.items.map((item) => item.name)).toEqual([...tens].reverse().slice(0, PAGE_SIZE));
    expect(last).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
    expect(countsOf(sent), sent.join("\n")).toHaveLength(1);
    // A term with one match: the page and its total.
    expect(await list("/api/cities?search=pinta%2000042")).toMatchObject({
      items: [{ name: pinta(42) }],
      total: 1,
      totalKind: "exact",
    });
  });

  it("walks the whole order when the matches are too many to sort and none is near", async () => {
    const page = await list("/api/cities?search=ta%20pi");
    expect(page).toMatchObject({ totalKind: "estimated" });
    expect(page.items.map((item) => item.name)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, index) => pinta(index + 1)),
    );
  });
});

describe("a search within a venue (a bounded list's counted page)", () => {
  const rowsOf = (rows: unknown) => rows as Record<string, unknown>[];
  const idsOf = (rows: Record<string, unknown>[]) => rows.map((row) => row.id);

  it("keeps one plan on PostgreSQL, and finds what the list's own page and count find", async () => {
    // Two bookings at one venue (a one-time and a season), and one elsewhere for the same kind of guest.
    const here = await insertBookable(t.app.db);
    const onetime = await book(t.app.db, here, "onetime");
    const season = await book(t.app.db, here, "season");
    const elsewhere = await insertBookable(t.app.db);
    const away = await book(t.app.db, elsewhere, "onetime");
    const [{ folio } = { folio: "" }] = await t.app.db
      .select({ folio: schema.bookings.folio })
      .from(schema.bookings)
      .where(sql`${schema.bookings.id} = ${onetime}`);
    // On PostgreSQL the counted page runs on the connections that keep one plan; PGlite has no such pool.
    expect(genericTwinOf(t.app.db) !== undefined).toBe(backend === "postgres");
    const requests = [
      { search: "cruz ortega", venueId: here.venue.id },
      { search: "cruz ortega", venueId: here.venue.id, boxType: "season" },
      { search: "platino", venueId: here.venue.id, status: "pending", sort: "-startsAt" },
      { search: folio.slice(1), venueId: here.venue.id },
      { search: "nadie así", venueId: here.venue.id },
    ];
    const found: unknown[][] = [];
    for (const request of requests) {
      const condition = bookingListCondition({ page: 1, ...request });
      const order = chosenOrder(
        request.sort ? { field: "startsAt", descending: true } : undefined,
        bookingSorts,
        bookingListSource.sort,
      );
      const window = resolveWindow({ page: 1 }, order);
      const queries = listQueries(t.app.db, bookingListSource, condition, window, order);
      expect(queries).toMatchObject({ countedFirst: true, countedGeneric: true });
      // The term is tested row by row (no trigram index can serve the "C" collation); the page's own walk is not.
      expect(queries.counted!.toSQL().sql).toContain('collate "C"');
      expect(queries.items.toSQL().sql).not.toContain('collate "C"');
      const prepared = preparedList(t.app.db, bookingListSource, condition, window, order);
      const values = listValues(condition, window);
      const counted = rowsOf(await prepared.counted!.execute(values));
      const own = rowsOf(await prepared.items.execute(values));
      const total = Number(rowsOf(await prepared.count.execute(values))[0]?.total);
      expect(idsOf(counted), JSON.stringify(request)).toEqual(idsOf(own));
      expect(counted.map((row) => row[MATCHES_COLUMN])).toEqual(counted.map(() => total));
      found.push(idsOf(counted));
    }
    // Newest first, then by start descending (the event starts after the season does).
    expect(found).toEqual([[season, onetime], [season], [onetime, season], [onetime], []]);
    expect(found.flat()).not.toContain(away);
  });
});

describe("a venue's page, one plan for every value", () => {
  const builder = drizzle.mock({ schema });
  const shape = (query: Record<string, string | number | undefined>) => {
    const condition = bookingListCondition({ page: 1, ...query });
    const sort = typeof query.sort === "string" ? query.sort : undefined;
    const order = chosenOrder(
      sort ? { field: sort.replace("-", ""), descending: sort.startsWith("-") } : undefined,
      bookingSorts,
      bookingListSource.sort,
    );
    const queries = listQueries(builder, bookingListSource, condition, resolveWindow({ page: 1 }, order), order);
    return { items: queries.itemsGeneric, count: queries.countGeneric };
  };
  const every = { venueId: 7, boxType: "onetime", status: "accepted", paymentStatus: "capture" };
  // The shipped view: one range of bookings_owner_payment_pending_idx.
  const awaiting = { status: "accepted", paymentStatus: "capture", ownerPaymentStatus: "pending" };

  it("keeps it where every value's page starts one index range in the list's order", () => {
    for (const query of [
      { venueId: 7 },
      { venueId: 7, sort: "-createdAt" },
      { venueId: 7, sort: "status" },
      every,
      awaiting,
      { ownerPaymentStatus: "payed" },
    ]) {
      expect(shape(query), JSON.stringify(query)).toEqual({ items: true, count: true });
    }
  });

  it("plans for the values where the best page depends on them", () => {
    for (const query of [
      { venueId: 7, status: "accepted" },
      { ...every, sort: "total" },
      { status: "accepted" },
      { status: "accepted", sort: "-total" },
      { venueId: 7, search: "velázquez" },
      { venueId: 7, ownerPaymentStatus: "payed" },
      { ownerPaymentStatus: "pending" },
      { status: "accepted", ownerPaymentStatus: "pending" },
      { ...awaiting, venueId: 7 },
      { ...awaiting, sort: "-total" },
      { ownerPaymentStatus: "payed", sort: "createdAt" },
    ]) {
      expect(shape(query), JSON.stringify(query)).toEqual({ items: false, count: false });
    }
  });

  it("runs it on PostgreSQL's connections that keep it, and answers as the list's SQL does", async () => {
    const here = await insertBookable(t.app.db);
    const made = [
      await book(t.app.db, here, "onetime"),
      await book(t.app.db, here, "season"),
      await book(t.app.db, { ...here, event: await insertEvent(t.app.db, here.venue.id, 20) }, "onetime"),
    ];
    await book(t.app.db, await insertBookable(t.app.db), "onetime");
    const twin = genericTwinOf(t.app.db);
    expect(twin !== undefined).toBe(backend === "postgres");
    const venue = here.venue.id;
    const cases: [string, unknown[]][] = [
      [`venueId=${venue}`, [...made].reverse()],
      [`venueId=${venue}&sort=createdAt`, made],
      [`venueId=${venue}&boxType=season&status=pending&paymentStatus=pending`, [made[1]]],
      [`venueId=${venue}&boxType=season&status=accepted&paymentStatus=capture`, []],
    ];
    for (const [query, ids] of cases) {
      let page: Awaited<ReturnType<typeof list>> | undefined;
      const read = async () => {
        page = await list(`/api/bookings?${query}`);
      };
      const { sent, kept } = await statementsSentByPool(t.app.db, read);
      expect(
        page!.items.map((item) => item.id),
        query,
      ).toEqual(ids);
      expect(page, query).toMatchObject({ total: ids.length, totalKind: "exact" });
      // The page (and, past a page of matches, the count) keep their plan; the planner's estimate sees the values.
      expect(
        kept.some((statement) => statement.includes('"bookings"."venue_id" =')),
        query,
      ).toBe(twin !== undefined);
      expect(
        sent.every((statement) => !statement.includes("json_build_object")),
        query,
      ).toBe(twin !== undefined);
    }
  });
});

describe("the owner-payment pages that are one range, one plan for every value", () => {
  it("answers from the connections that keep it as the list's SQL reads them", async () => {
    const made: number[] = [];
    // More than a page awaiting payment, so that the count is read too; one of them paid.
    for (let index = 0; index < PAGE_SIZE + 3; index++) made.push(await book(t.app.db, await insertBookable(t.app.db)));
    await t.asOwner(
      sql`update bookings set status = 'accepted', payment_status = 'capture' where id in (${sql.join(made, sql`, `)})`,
    );
    await t.asOwner(sql`update bookings set owner_payment_reference = 'SPEI0001234567' where id = ${made[0]}`);
    const twin = genericTwinOf(t.app.db);
    const cases: [string, string][] = [
      [
        "status=accepted&paymentStatus=capture&ownerPaymentStatus=pending",
        "status = 'accepted' and payment_status = 'capture' and owner_payment_reference is null",
      ],
      ["ownerPaymentStatus=payed", "owner_payment_reference is not null"],
      ["status=rejected&paymentStatus=refund&ownerPaymentStatus=pending", "false"],
    ];
    for (const [query, where] of cases) {
      const matching = await t.app.db.execute(sql.raw(`select id from bookings where ${where} order by id desc`));
      const expected = (matching as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
      if (query.startsWith("status=accepted")) expect(expected).toEqual(expect.arrayContaining(made.slice(1)));
      if (query.startsWith("ownerPaymentStatus")) expect(expected).toContain(made[0]);
      let page: Awaited<ReturnType<typeof list>> | undefined;
      const { sent, kept } = await statementsSentByPool(t.app.db, async () => {
        page = await list(`/api/bookings?${query}`);
      });
      expect(
        page!.items.map((item) => item.id),
        query,
      ).toEqual(expected.slice(0, PAGE_SIZE));
      expect(page, query).toMatchObject({ total: expected.length, totalKind: "exact" });
      // The page, and past a page its count, keep their plan.
      const listStatementsOf = (statements: string[]) =>
        statements.filter((statement) => statement.includes('"bookings"."owner_payment_reference" is'));
      const statements = expected.length > PAGE_SIZE ? 2 : 1;
      expect(listStatementsOf(kept), query).toHaveLength(twin ? statements : 0);
      expect(listStatementsOf(sent), query).toHaveLength(twin ? 0 : statements);
    }
  });
});

describe("an unfiltered bookings page, one plan in every order", () => {
  const builder = drizzle.mock({ schema });
  const orders: (string | undefined)[] = [
    undefined,
    "createdAt",
    "-createdAt",
    "startsAt",
    "-total",
    "total",
    "status",
  ];
  const orderOf = (sort: string | undefined) =>
    chosenOrder(
      sort ? { field: sort.replace("-", ""), descending: sort.startsWith("-") } : undefined,
      bookingSorts,
      bookingListSource.sort,
    );

  it("keeps it for a list whose every order is indexed, and plans a list that does not say so", () => {
    for (const sort of orders) {
      const order = orderOf(sort);
      const queries = listQueries(
        builder,
        bookingListSource,
        bookingListCondition({ page: 1, sort }),
        resolveWindow({ page: 1 }, order),
        order,
      );
      expect(queries.itemsGeneric, String(sort)).toBe(true);
    }
    const cityOrder = [cities.name];
    const citiesQueries = listQueries(
      builder,
      crudListSource(cityResource),
      listCondition(cityResource, { page: 1 }).condition,
      resolveWindow({ page: 1 }, cityOrder),
      cityOrder,
    );
    expect(citiesQueries.itemsGeneric).toBe(false);
  });

  it("runs it on PostgreSQL's connections that keep it, page after page, as the order's SQL reads them", async () => {
    // Two pages' worth, each a box of its own (a box takes one season booking).
    for (let index = 0; index < PAGE_SIZE + 3; index++)
      await book(t.app.db, await insertBookable(t.app.db), index % 2 === 0 ? "onetime" : "season");
    const twin = genericTwinOf(t.app.db);
    const keys: Record<string, string> = {
      "": "id desc",
      createdAt: "created_at, id",
      "-createdAt": "created_at desc, id desc",
      startsAt: "starts_at, id",
      "-total": "total desc, id desc",
      total: "total, id",
      status: "status, id",
    };
    for (const sort of orders) {
      const inOrder = await t.app.db.execute(
        sql.raw(`select id from bookings order by ${keys[sort ?? ""]} limit ${2 * PAGE_SIZE}`),
      );
      const expected = (inOrder as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
      const query = sort ? `sort=${sort}` : "";
      let first: Awaited<ReturnType<typeof list>> | undefined;
      let second: Awaited<ReturnType<typeof list>> | undefined;
      const { sent, kept } = await statementsSentByPool(t.app.db, async () => {
        first = await list(`/api/bookings?${query}`);
        second = await list(`/api/bookings?${query}&page=2&after=${encodeURIComponent(String(first.next))}`);
      });
      expect(
        [...first!.items, ...second!.items].map((item) => item.id),
        query,
      ).toEqual(expected);
      // Both pages (each carrying the table's estimate) keep their plan.
      expect(
        kept.filter((statement) => statement.includes("json_build_object")),
        query,
      ).toHaveLength(twin ? 2 : 0);
      expect(
        sent.filter((statement) => statement.includes("json_build_object")),
        query,
      ).toHaveLength(twin ? 0 : 2);
    }
  });
});

describe("an unfiltered list past the cap", () => {
  it("reads its page and the table's estimate in one statement, on page 1 and past a cursor", async () => {
    let first: Awaited<ReturnType<typeof list>> | undefined;
    const sentFirst = await statementsSent(async () => {
      first = await list("/api/cities");
    });
    expect(first).toMatchObject({ totalKind: "estimated" });
    expect(first!.total).toBeGreaterThan(MASS);
    expect(sentFirst).toHaveLength(1);
    expect(first!.items[0]).not.toHaveProperty("__estimate");
    let second: Awaited<ReturnType<typeof list>> | undefined;
    const sentSecond = await statementsSent(async () => {
      second = await list(`/api/cities?page=2&after=${encodeURIComponent(String(first!.next))}`);
    });
    expect(second).toMatchObject({ total: first!.total, totalKind: "estimated", page: 2 });
    expect(sentSecond).toHaveLength(1);
  });
});

describe("runList", () => {
  const window = resolveWindow({ page: 1 }, [cities.name]);
  const runner = (planned: number, calls: string[], tableRows = PLANNED_FROM_TABLE_ROWS): ListRunner => ({
    items: async () => Array.from({ length: PAGE_SIZE + 1 }, (_, index) => ({ id: index + 1 })),
    count: async () => {
      calls.push("count");
      return COUNT_CAP + 1;
    },
    estimate: null,
    tableRows: async () => tableRows,
    planned: async () => {
      calls.push("planned");
      return planned;
    },
  });

  it("asks the planner before counting, and counts only below the threshold", async () => {
    const calls: string[] = [];
    expect(await runList(window, runner(123_456, calls))).toMatchObject({ total: 120_000, totalKind: "estimated" });
    expect(await runList(window, runner(PLANNED_TOTAL_FROM, calls))).toMatchObject({
      total: PLANNED_TOTAL_FROM,
      totalKind: "estimated",
    });
    expect(calls).toEqual(["planned", "planned"]);
    expect(await runList(window, runner(PLANNED_TOTAL_FROM - 1, calls))).toMatchObject({
      total: COUNT_CAP,
      totalKind: "capped",
    });
    expect(calls).toEqual(["planned", "planned", "planned", "count"]);
  });

  it("asks for five sampled values' worth of rows in a table of ten million", async () => {
    const calls: string[] = [];
    expect(plannedTotalFrom(1_000_000)).toBe(PLANNED_TOTAL_FROM);
    expect(plannedTotalFrom(10_000_000)).toBe(50_000);
    // One or two sampled values of ten million read as 10,000–20,000 rows: counted, not trusted.
    expect(await runList(window, runner(20_000, calls, 10_000_000))).toMatchObject({ totalKind: "capped" });
    expect(await runList(window, runner(60_000, calls, 10_000_000))).toMatchObject({
      total: 60_000,
      totalKind: "estimated",
    });
    expect(calls).toEqual(["planned", "count", "planned"]);
  });

  describe("with a counted page", () => {
    const rowsWith = (length: number, matches: number) =>
      Array.from({ length }, (_, index) => ({ id: index + 1, [MATCHES_COLUMN]: matches }));
    // A page read by walking the list's order, which carries no count.
    const walkedRows = () => Array.from({ length: PAGE_SIZE + 1 }, (_, index) => ({ id: index + 1 }));
    const counting = (planned: number, counted: unknown[], calls: string[], total = 0): ListRunner => ({
      ...runner(planned, calls),
      items: async () => {
        calls.push("items");
        return walkedRows();
      },
      count: async () => {
        calls.push("count");
        return total;
      },
      counted: async () => {
        calls.push("counted");
        return counted as Record<string, unknown>[];
      },
    });

    it("asks the planner first and takes page and total together when it expects well under the cap", async () => {
      const calls: string[] = [];
      const counted = rowsWith(PAGE_SIZE + 1, 40);
      expect(await runList(window, counting(COUNT_CAP / 2 - 1, counted, calls))).toEqual({
        fetched: counted,
        total: 40,
        totalKind: "exact",
      });
      expect(calls).toEqual(["planned", "counted"]);
    });

    it("walks the list's own page past the threshold, and past the cap", async () => {
      const calls: string[] = [];
      expect(await runList(window, counting(123_456, [], calls))).toMatchObject({
        total: 120_000,
        totalKind: "estimated",
      });
      expect(calls).toEqual(["planned", "items"]);
      calls.length = 0;
      const pastCap = rowsWith(PAGE_SIZE + 1, COUNT_CAP + 1);
      const answer = await runList(window, counting(100, pastCap, calls));
      expect(answer).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
      expect(answer.fetched).not.toBe(pastCap);
      expect(calls).toEqual(["planned", "counted", "items"]);
    });

    it("reads the page, then the count, when the planner expects a list near the cap or past it", async () => {
      const calls: string[] = [];
      expect(await runList(window, counting(1_013, [], calls, 2_000))).toMatchObject({
        total: COUNT_CAP,
        totalKind: "capped",
      });
      expect(await runList(window, counting(PLANNED_TOTAL_FROM - 1, [], calls, 700))).toMatchObject({
        total: 700,
        totalKind: "exact",
      });
      expect(calls).toEqual(["planned", "items", "count", "planned", "items", "count"]);
    });

    it("takes the total the list's own page carries (a several-word search's sorted matches) instead of counting", async () => {
      const calls: string[] = [];
      const carried = (matches: number | null) => async () => {
        calls.push("items");
        return rowsWith(PAGE_SIZE + 1, matches as number);
      };
      const carrying: ListRunner = { ...counting(1_013, [], calls, 2_000), items: carried(1_578) };
      expect(await runList(window, carrying)).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
      const within: ListRunner = { ...carrying, items: carried(40) };
      expect(await runList(window, within)).toMatchObject({ total: 40, totalKind: "exact" });
      // A page that carries nothing (the walk found it) is counted.
      const walked: ListRunner = { ...carrying, items: carried(null) };
      expect(await runList(window, walked)).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
      expect(calls).toEqual(["planned", "items", "planned", "items", "planned", "items", "count"]);
    });

    it("counts when the counted page is empty: no match, or a page past the end", async () => {
      const calls: string[] = [];
      expect(await runList(window, counting(100, [], calls, 0))).toEqual({ fetched: [], total: 0, totalKind: "exact" });
      expect(await runList(window, counting(100, [], calls, 30))).toEqual({
        fetched: [],
        total: 30,
        totalKind: "exact",
      });
      expect(calls).toEqual(["planned", "counted", "count", "planned", "counted", "count"]);
    });

    it("with a trigram bound within the cap reads the counted page alone, on a table of any size", async () => {
      const calls: string[] = [];
      const bounded = (
        most: number,
        exact: boolean,
        counted: unknown[],
        total = 0,
        tableRows = PLANNED_FROM_TABLE_ROWS,
      ) => ({
        ...counting(123_456, counted, calls, total),
        tableRows: async () => tableRows,
        bound: async () => {
          calls.push("bound");
          return most;
        },
        boundExact: exact,
      });
      const counted = rowsWith(PAGE_SIZE + 1, 40);
      for (const tableRows of [PLANNED_FROM_TABLE_ROWS, 10]) {
        expect(await runList(window, bounded(COUNT_CAP, false, counted, 0, tableRows))).toEqual({
          fetched: counted,
          total: 40,
          totalKind: "exact",
        });
      }
      expect(calls).toEqual(["bound", "counted", "bound", "counted"]);
      calls.length = 0;
      // Empty (no match, or past the end): an exact bound is the count; a ceiling is counted.
      expect(await runList(window, bounded(30, true, [], 999))).toEqual({ fetched: [], total: 30, totalKind: "exact" });
      expect(await runList(window, bounded(30, false, [], 29))).toEqual({ fetched: [], total: 29, totalKind: "exact" });
      expect(calls).toEqual(["bound", "counted", "bound", "counted", "count"]);
    });

    it("with an exact trigram count past the cap answers it without counting, and asks the planner only past the threshold", async () => {
      const calls: string[] = [];
      const bounded = (planned: number, most: number, exact: boolean) => ({
        ...counting(planned, rowsWith(PAGE_SIZE + 1, COUNT_CAP + 1), calls, 7),
        bound: async () => {
          calls.push("bound");
          return most;
        },
        boundExact: exact,
      });
      // As many as the planner's estimate would stand for: its estimate, as without a count.
      expect(await runList(window, bounded(123_456, 200_000, true))).toMatchObject({
        total: 120_000,
        totalKind: "estimated",
      });
      expect(calls).toEqual(["bound", "planned", "items"]);
      calls.length = 0;
      // Fewer: "more than the cap", the page alone, whatever the planner would have guessed.
      expect(await runList(window, bounded(123_456, 4_321, true))).toMatchObject({
        total: COUNT_CAP,
        totalKind: "capped",
      });
      expect(calls).toEqual(["bound", "items"]);
      calls.length = 0;
      // Where the page has a walk with one plan (PostgreSQL), that walk reads it, the planner asked or not.
      const walking = (planned: number, most: number) => ({
        ...bounded(planned, most, true),
        walk: async () => {
          calls.push("walk");
          return walkedRows();
        },
      });
      expect(await runList(window, walking(123_456, 4_321))).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
      expect(await runList(window, walking(COUNT_CAP, 6_543))).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
      expect(calls).toEqual(["bound", "walk", "bound", "planned", "walk"]);
      calls.length = 0;
      // A ceiling of a few thousand: the counted page first, and past the cap as without it, counted no more.
      expect(await runList(window, bounded(COUNT_CAP, 4_321, false))).toMatchObject({
        total: COUNT_CAP,
        totalKind: "capped",
      });
      expect(calls).toEqual(["bound", "counted", "planned", "items"]);
      calls.length = 0;
      // A higher ceiling tells nothing: as without it.
      expect(await runList(window, bounded(COUNT_CAP, 43_210, false))).toMatchObject({ total: 7, totalKind: "exact" });
      expect(calls).toEqual(["bound", "planned", "items", "count"]);
    });

    it("under a bounded search reads the counted page first, and asks the planner only past the cap", async () => {
      const calls: string[] = [];
      const first = (planned: number, counted: unknown[], total = 0) => ({
        ...counting(planned, counted, calls, total),
        countedFirst: true,
      });
      // Within the cap the counted page is the answer, whatever the planner would have expected.
      const counted = rowsWith(PAGE_SIZE + 1, 40);
      expect(await runList(window, first(123_456, counted))).toEqual({
        fetched: counted,
        total: 40,
        totalKind: "exact",
      });
      expect(calls).toEqual(["counted"]);
      calls.length = 0;
      // Past the cap: the planner's estimate past the threshold, else the cap, each with the list's own page.
      const pastCap = rowsWith(PAGE_SIZE + 1, COUNT_CAP + 1);
      const estimated = await runList(window, first(123_456, pastCap));
      expect(estimated).toMatchObject({ total: 120_000, totalKind: "estimated" });
      expect(estimated.fetched).not.toBe(pastCap);
      expect(await runList(window, first(700, pastCap))).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
      expect(calls).toEqual(["counted", "planned", "items", "counted", "planned", "items"]);
      calls.length = 0;
      // An empty counted page (no match, a page past the end) is counted.
      expect(await runList(window, first(100, [], 0))).toEqual({ fetched: [], total: 0, totalKind: "exact" });
      expect(calls).toEqual(["counted", "count"]);
    });

    it("keeps the page-first order on a table too small to ask the planner about", async () => {
      const calls: string[] = [];
      const small = { ...counting(100, [], calls, 500), tableRows: async () => PLANNED_FROM_TABLE_ROWS - 1 };
      expect(await runList(window, small)).toMatchObject({ total: 500, totalKind: "exact" });
      expect(calls).toEqual(["items", "count"]);
    });
  });

  it("reads the counted page first only for a search within a bounded filter (a venue's bookings)", () => {
    const builder = drizzle.mock({ schema });
    const countedFirst = (query: Record<string, unknown>) => {
      const condition = bookingListCondition({ page: 1, ...query });
      const order = chosenOrder(undefined, bookingSorts, bookingListSource.sort);
      return listQueries(builder, bookingListSource, condition, resolveWindow({ page: 1 }, order), order).countedFirst;
    };
    expect(countedFirst({ search: "velázquez", venueId: 7 })).toBe(true);
    expect(countedFirst({ search: "0001234", venueId: 7, status: "accepted" })).toBe(true);
    // Without a pattern the planner's estimate is cheap; without the venue the matches may be anywhere.
    expect(countedFirst({ venueId: 7, status: "accepted" })).toBe(false);
    expect(countedFirst({ search: "velázquez", status: "accepted" })).toBe(false);
    expect(countedFirst({ search: "plc-7k3m9q", venueId: 7 })).toBe(false);
  });

  it("counts without asking the planner on a table too small for it to pay", async () => {
    const calls: string[] = [];
    expect(await runList(window, runner(123_456, calls, PLANNED_FROM_TABLE_ROWS - 1))).toMatchObject({
      total: COUNT_CAP,
      totalKind: "capped",
    });
    expect(calls).toEqual(["count"]);
  });
});
