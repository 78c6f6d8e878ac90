import { COUNT_CAP, PAGE_SIZE } from "@palco/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cityResource } from "../src/modules/cities/routes.ts";
import { crudListQueries } from "../src/platform/crud.ts";
import { genericTwinOf } from "../src/platform/db.ts";
import { listStatements, runList, statementRunner } from "../src/platform/list-query.ts";
import { backend, call, readPage, statementsSentByPool, type TestApp, withTestApp } from "./helpers.ts";

// City searches of several words, found through the pairs of words next to each other in each city's search text
// (city_search_word_pairs, migration 0028): every answer must be the one the search rule gives (the term anywhere
// in the name or code, case-insensitively, `%` and `_` literal), in the list's order, with its total.

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, auth) => {
  t = app;
  admin = auth;
});

const list = (url: string) => readPage(t.app, url, admin);
const rowsOf = async <TRow>(statement: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(statement)) as unknown as { rows: TRow[] }).rows;

/** More "San Tlaco …" than the cap, so a term of theirs is counted past it. */
const CLUSTERED = COUNT_CAP + 40;

let state: number;

beforeAll(async () => {
  const post = async (url: string, payload: object) => {
    const response = await call(t.app, { method: "POST", url, headers: admin, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const country = await post("/api/countries", { name: "Pairs Land", code: "PRL" });
  state = await post("/api/states", { name: "Pairs State", code: "PRS", country });
  await t.app.db.execute(sql`
    insert into cities (name, code, time_zone, state_id)
    select 'San Tlaco ' || lpad(g::text, 4, '0'), 'STL' || g, 'UTC', ${state} from generate_series(1, ${CLUSTERED}::int) g`);
  const named = [
    // The same pair twice in one name: one row, counted once.
    "Ana Cala Ana Cala",
    "Ana Calera",
    // The first pair of "ana cala ana", not the rest of it.
    "Ana Cala Roja",
    "Bahía De La Luz",
    "Bahía de la Paz",
    "José María Morelos",
    "JOSÉ MARÍA DEL ORO",
    "100% Puro_Sol",
    "1000 Puro Sol",
    "Mixed CASE Words",
    "Villa  Doble Espacio",
    "San T Corto",
    "Santa Tlaxcala",
    "Tlaco San",
  ];
  for (const [index, name] of named.entries()) {
    await post("/api/cities", { name, code: `PWS-${String(index).padStart(3, "0")}`, timeZone: "UTC", state });
  }
  // Spread through the list: a pair at the end of "… Ca" names and the start of the next word.
  await t.app.db.execute(sql`
    insert into cities (name, code, time_zone, state_id)
    select chr(65 + g % 26) || 'an Ca' || chr(97 + g % 7) || ' ' || g, 'SPR' || g, 'UTC', ${state}
    from generate_series(1, 60) g`);
});

/** The cities the search rule gives for `term`, in `order` (ids). */
async function expectedIds(term: string, order = "name, id"): Promise<number[]> {
  const pattern = `%${term.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await rowsOf<{ id: number }>(
    sql`select id from cities where search_text like lower(${pattern}) order by ${sql.raw(order)}`,
  );
  return rows.map((row) => row.id);
}

/** Every page of a search, followed by cursor, with the totals each page answered. */
async function walkPages(term: string, sort?: string) {
  const base = `/api/cities?search=${encodeURIComponent(term)}${sort ? `&sort=${sort}` : ""}`;
  const pages = [await list(base)];
  for (let page = pages[0]!; page.next; ) {
    page = await list(`${base}&page=${page.page + 1}&after=${encodeURIComponent(page.next)}`);
    pages.push(page);
  }
  return pages;
}

describe("a city search of several words through its word pairs", () => {
  it("keeps the pairs equal to the cities' text through inserts, updates and deletes", async () => {
    const pairsOf = () =>
      rowsOf(sql`select city_id, at, first_word, next_word, name, pair_key from city_search_word_pairs
        order by city_id, at`);
    const recomputed = () =>
      rowsOf(sql`select c.id as city_id, at, words[at] as first_word, words[at + 1] as next_word, c.name,
          right(words[at], 2) || ' ' || left(words[at + 1], 2) as pair_key
        from cities c, string_to_array(c.search_text, ' ') as words, generate_series(1, cardinality(words) - 1) as at
        order by c.id, at`);
    expect(await pairsOf()).toEqual(await recomputed());
    // Renamed, recoded (the code is in the search text), a change to nothing searched, deletions, an insertion.
    await t.app.db.execute(sql`update cities set name = 'Nuevo Nombre Largo' where code = 'STL1'`);
    await t.app.db.execute(sql`update cities set code = 'STL 2 X' where code = 'STL2'`);
    await t.app.db.execute(sql`update cities set is_active = false where code = 'STL3'`);
    await t.app.db.execute(sql`delete from cities where code in ('STL4', 'STL5')`);
    expect(await pairsOf()).toEqual(await recomputed());
    await t.app.db.execute(sql`update cities set name = 'San Tlaco 0001', code = 'STL1' where code = 'STL1'`);
    await t.app.db.execute(sql`update cities set code = 'STL2' where code = 'STL 2 X'`);
    await t.app.db.execute(sql`update cities set is_active = true where code = 'STL3'`);
    await t.app.db.execute(sql`
      insert into cities (name, code, time_zone, state_id)
      values ('San Tlaco 0004', 'STL4', 'UTC', ${state}), ('San Tlaco 0005', 'STL5', 'UTC', ${state})`);
    expect(await pairsOf()).toEqual(await recomputed());
  });

  it("answers every term as the search rule does, on every page, with its total", async () => {
    const terms = [
      "an ca",
      "ANA CA",
      "ana cala",
      "ana cala ana",
      "a cala ana ca",
      "de la",
      "bahía de la",
      "josé ma",
      "MARÍA del",
      "0% pu",
      "o_sol",
      "100% puro_s",
      "ed case wo",
      "xed ca",
      "an tl",
      "san tlaco 00",
      "ta tl",
      "zz qq",
    ];
    for (const term of terms) {
      const expected = await expectedIds(term);
      expect(expected.length > 0, term).toBe(term !== "zz qq");
      const pages = await walkPages(term);
      expect(
        pages.flatMap((page) => page.items.map((item) => item.id)),
        term,
      ).toEqual(expected);
      for (const page of pages) {
        expect(page, term).toMatchObject({ total: Math.min(expected.length, COUNT_CAP) });
        expect(page.totalKind, term).toBe(expected.length > COUNT_CAP ? "capped" : "exact");
      }
    }
  });

  it("finds a city that holds the term's pair twice once", async () => {
    const page = await list("/api/cities?search=ana%20cal");
    expect(page.items.map((item) => item.name)).toEqual(["Ana Cala Ana Cala", "Ana Cala Roja", "Ana Calera"]);
    expect(page).toMatchObject({ total: 3, totalKind: "exact" });
  });

  it("reads a term's page and total in one statement of the pairs, whether its matches sit together or apart", async () => {
    // On PostgreSQL it runs named on the connections that keep one plan for every term (ListQueries.itemsGeneric).
    const twin = genericTwinOf(t.app.db);
    expect(twin !== undefined).toBe(backend === "postgres");
    for (const term of ["san tl", "an ca", "bahía de la"]) {
      let page: Awaited<ReturnType<typeof list>> | undefined;
      const read = async () => {
        page = await list(`/api/cities?search=${encodeURIComponent(term)}`);
      };
      const { sent, kept } = await statementsSentByPool(t.app.db, read);
      expect(page!.items.map((item) => item.id)).toEqual((await expectedIds(term)).slice(0, PAGE_SIZE));
      expect([...sent, ...kept], [...sent, ...kept].join("\n")).toHaveLength(1);
      expect([...sent, ...kept][0]).toMatch(/"city_search_word_pairs"/);
      expect(kept).toHaveLength(twin ? 1 : 0);
    }
  });

  it("pages back by cursor, by number, descending, and in another order", async () => {
    const term = "san tlaco";
    const expected = await expectedIds(term);
    const first = await list(`/api/cities?search=san%20tlaco`);
    const second = await list(`/api/cities?search=san%20tlaco&page=2&after=${encodeURIComponent(String(first.next))}`);
    expect(second.items.map((item) => item.id)).toEqual(expected.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    const back = await list(
      `/api/cities?search=san%20tlaco&page=1&before=${encodeURIComponent(String(second.previous))}`,
    );
    expect(back.items.map((item) => item.id)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(back.next).toBe(first.next);
    const third = await list(`/api/cities?search=san%20tlaco&page=3`);
    expect(third.items.map((item) => item.id)).toEqual(expected.slice(2 * PAGE_SIZE, 3 * PAGE_SIZE));
    expect(third).toMatchObject({ total: COUNT_CAP, totalKind: "capped" });
    const descending = await walkPages("an ca", "-name");
    expect(descending.flatMap((page) => page.items.map((item) => item.id))).toEqual(
      await expectedIds("an ca", "name desc, id desc"),
    );
    // An order the pairs do not carry (code) is read from the cities themselves, with the same rule.
    const byCode = await walkPages("an ca", "code");
    expect(byCode.flatMap((page) => page.items.map((item) => item.id))).toEqual(await expectedIds("an ca", "code, id"));
  });

  it("searches as before the terms the pairs cannot find exactly, and within a filter", async () => {
    // A word of one letter, two spaces in a row, a single word: the rule holds all the same.
    for (const term of ["san t", "villa  doble", "n t corto", "tlaco"]) {
      const expected = await expectedIds(term);
      expect(expected.length, term).toBeGreaterThan(0);
      const pages = await walkPages(term);
      expect(
        pages.flatMap((page) => page.items.map((item) => item.id)),
        term,
      ).toEqual(expected);
    }
    const within = await list(`/api/cities?search=an%20ca&state=${state}`);
    expect(within.items.map((item) => item.id)).toEqual((await expectedIds("an ca")).slice(0, PAGE_SIZE));
  });

  it("runs the same statements on the driver (the benchmark's baseline) to the same answers", async () => {
    const client = (
      t.app.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: [] }> } }
    ).$client;
    const query = async (text: string, params: unknown[]) => (await client.query(text, params)).rows;
    for (const search of ["san tl", "an ca", "ana cala ana", "zz qq"]) {
      const { window, queries, values } = crudListQueries(t.app.db, cityResource, { page: 1, search });
      const { fetched, total, totalKind } = await runList(
        window,
        statementRunner(listStatements(queries, values), query),
      );
      const answer = await list(`/api/cities?search=${encodeURIComponent(search)}`);
      expect({ total, totalKind }, search).toEqual({ total: answer.total, totalKind: answer.totalKind });
      expect(fetched.length, search).toBe(answer.items.length + (answer.next ? 1 : 0));
    }
  });
});
