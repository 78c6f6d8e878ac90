import { COUNT_CAP, OFFSET_PAGE_LIMIT, PAGE_SIZE, type Paged, translate } from "@palco/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveWindow, runList } from "../src/platform/list-query.ts";
import { cities } from "../src/platform/schema.ts";
import { call, createState, expectErrorShape, readPage, type TestApp, withTestApp } from "./helpers.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, auth) => {
  t = app;
  admin = auth;
});

type Page = Paged<{ id: number; name?: string }>;

const get = (url: string, language = "en") =>
  call(t.app, { method: "GET", url, headers: { ...admin, "accept-language": language } });

const list = (url: string): Promise<Page> => readPage(t.app, url, admin);

const ids = (page: Page) => page.items.map((item) => item.id);
const cursorQuery = (name: "after" | "before", cursor: string | null) => `${name}=${encodeURIComponent(cursor!)}`;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

// Past both the count cap and the pages opened by offset.
const BULK = Math.max(COUNT_CAP, OFFSET_PAGE_LIMIT * PAGE_SIZE) + 30;
let stateId: number;

beforeAll(async () => {
  stateId = await createState(t.app, admin, {
    country: "Paging Land",
    countryCode: "PGL",
    state: "Paging State",
    stateCode: "PGS",
  });
  // More rows than the count cap, straight in SQL: through the API this would take minutes.
  await t.app.db.execute(sql`
    insert into cities (name, code, time_zone, state_id)
    select 'Bulk ' || lpad(g::text, 6, '0'), 'BLK' || g, 'UTC', ${stateId}
    from generate_series(1, ${BULK}) g`);
  // Forty rows whose names repeat, so only the id tells tied rows apart.
  await t.app.db.execute(sql`
    insert into cities (name, code, time_zone, state_id)
    select 'Tiemark ' || (g % 7), 'TIE' || g, 'UTC', ${stateId}
    from generate_series(1, 40) g`);
  await t.asOwner(sql`analyze cities`);
}, 60_000);

describe("list totals", () => {
  it("counts small tables exactly", async () => {
    const [counted] = await rows<{ n: number }>(sql`select count(*)::int as n from countries`);
    const page = await list("/api/countries");
    expect(page).toMatchObject({ total: counted!.n, totalKind: "exact", pageCount: Math.ceil(counted!.n / 12) });
  });

  it("answers the catalogue estimate for a big unfiltered list", async () => {
    const page = await list("/api/cities");
    expect(page.totalKind).toBe("estimated");
    expect(page.total).toBeGreaterThan(BULK * 0.9);
    expect(page.total).toBeLessThan(BULK * 1.1);
    expect(page.pageCount).toBe(Math.ceil(page.total / PAGE_SIZE));
    expect(page.items).toHaveLength(PAGE_SIZE);
  });

  it("answers 'more than COUNT_CAP' for a filtered list past the cap, exact below it", async () => {
    for (const query of ["search=bulk", `state=${stateId}`, "search=b", `state=${stateId}&search=bu`]) {
      const page = await list(`/api/cities?${query}`);
      expect(page, query).toMatchObject({
        total: COUNT_CAP,
        totalKind: "capped",
        pageCount: Math.ceil(COUNT_CAP / PAGE_SIZE),
      });
      expect(page.next).not.toBeNull();
    }
    expect(await list("/api/cities?search=bulk%2000001")).toMatchObject({
      total: 10,
      totalKind: "exact",
      pageCount: 1,
    });
    expect(await list(`/api/cities?search=tiemark&state=${stateId}`)).toMatchObject({ total: 40, totalKind: "exact" });
  });

  it("takes the total from a page that ends the list, and counts only when the page cannot tell", async () => {
    const counted: string[] = [];
    const runner = (rows: number) => ({
      items: async () => Array.from({ length: rows }, (_, index) => ({ id: index + 1 })),
      count: async () => {
        counted.push("count");
        return 500;
      },
      estimate: null,
      tableRows: null,
      planned: null,
    });
    const byOffset = (page: number) => resolveWindow({ page }, [cities.name]);
    expect(await runList(byOffset(1), runner(5))).toMatchObject({ total: 5, totalKind: "exact" });
    expect(await runList(byOffset(3), runner(4))).toMatchObject({ total: 2 * PAGE_SIZE + 4, totalKind: "exact" });
    expect(await runList(byOffset(1), runner(0))).toMatchObject({ total: 0, totalKind: "exact" });
    expect(counted).toEqual([]);
    // A full page (one row more than a page was read), a page past the end and a cursor page need the count.
    expect(await runList(byOffset(1), runner(PAGE_SIZE + 1))).toMatchObject({ total: 500, totalKind: "exact" });
    expect(await runList(byOffset(50), runner(0))).toMatchObject({ total: 500 });
    const first = await list(`/api/cities?state=${stateId}`);
    const cursor = resolveWindow({ page: 2, after: first.next! }, [cities.name]);
    expect(await runList(cursor, runner(3))).toMatchObject({ total: 500 });
    expect(counted).toHaveLength(3);
  });

  it("fills the statements built once per shape with each request's own values", async () => {
    // Same shape (a long search, a state filter), other values: other rows.
    const tied = await list(`/api/cities?search=tiemark%203&state=${stateId}`);
    const bulk = await list(`/api/cities?search=bulk%2000002&state=${stateId}`);
    expect(tied.items.map((item) => item.name)).toEqual(Array(tied.items.length).fill("Tiemark 3"));
    expect(tied.total).toBe(6);
    expect(bulk.items.every((item) => item.name?.startsWith("Bulk 00002"))).toBe(true);
    expect(bulk.total).toBe(10);
    const elsewhere = await list(`/api/cities?search=tiemark%203&state=${stateId + 1}`);
    expect(elsewhere.total).toBe(0);
  });
});

describe("cursor paging", () => {
  const url = "/api/cities?search=tiemark";

  it("walks forward and back over the rows offset paging shows, ties in name broken by id", async () => {
    const expected = (
      await rows<{ id: number }>(sql`select id from cities where name like 'Tiemark %' order by name, id`)
    ).map((row) => row.id);
    expect(expected).toHaveLength(40);
    const byOffset: number[][] = [];
    for (let number = 1; number <= 4; number++) byOffset.push(ids(await list(`${url}&page=${number}`)));
    expect(byOffset.flat()).toEqual(expected);

    const forward: Page[] = [await list(url)];
    while (forward.at(-1)!.next) {
      const current = forward.at(-1)!;
      forward.push(await list(`${url}&page=${current.page + 1}&${cursorQuery("after", current.next)}`));
    }
    expect(forward.map((page) => page.page)).toEqual([1, 2, 3, 4]);
    expect(forward.map(ids)).toEqual(byOffset);
    expect(forward[0]!.previous).toBeNull();

    const backward: Page[] = [forward.at(-1)!];
    while (backward.at(-1)!.previous) {
      const current = backward.at(-1)!;
      backward.push(await list(`${url}&page=${current.page - 1}&${cursorQuery("before", current.previous)}`));
    }
    expect(backward.map((page) => page.page)).toEqual([4, 3, 2, 1]);
    expect(backward.map(ids).reverse()).toEqual(byOffset);
    // Links to pages two away (the pager's window) skip a page past the cursor.
    expect(ids(await list(`${url}&page=3&${cursorQuery("after", forward[0]!.next)}`))).toEqual(byOffset[2]);
    expect(ids(await list(`${url}&page=1&${cursorQuery("before", forward[2]!.previous)}`))).toEqual(byOffset[0]);
  });

  it("walks a short-term search (ordered by its lower-cased name) the same way", async () => {
    const short = "/api/cities?search=TI";
    const byOffset: number[][] = [];
    for (let number = 1; number <= 4; number++) byOffset.push(ids(await list(`${short}&page=${number}`)));
    expect(byOffset.flat()).toHaveLength(40);
    const walked: number[][] = [];
    let current = await list(short);
    walked.push(ids(current));
    while (current.next) {
      current = await list(`${short}&page=${current.page + 1}&${cursorQuery("after", current.next)}`);
      walked.push(ids(current));
    }
    expect(walked).toEqual(byOffset);
    const back = await list(`${short}&page=3&${cursorQuery("before", current.previous)}`);
    expect(ids(back)).toEqual(byOffset[2]);
  });

  it("reaches pages past the offset limit through cursors only, with a translated 400 otherwise", async () => {
    const base = "/api/cities?search=bulk";
    const limit = await list(`${base}&page=${OFFSET_PAGE_LIMIT}`);
    expect(limit.items[0]!.name).toBe(`Bulk ${String((OFFSET_PAGE_LIMIT - 1) * PAGE_SIZE + 1).padStart(6, "0")}`);
    const deep = await list(`${base}&page=${OFFSET_PAGE_LIMIT + 1}&${cursorQuery("after", limit.next)}`);
    expect(deep.items.map((item) => item.name)).toEqual(
      Array.from(
        { length: PAGE_SIZE },
        (_, index) => `Bulk ${String(OFFSET_PAGE_LIMIT * PAGE_SIZE + index + 1).padStart(6, "0")}`,
      ),
    );
    const deeper = await list(`${base}&page=${OFFSET_PAGE_LIMIT + 2}&${cursorQuery("after", deep.next)}`);
    const back = await list(`${base}&page=${OFFSET_PAGE_LIMIT + 1}&${cursorQuery("before", deeper.previous)}`);
    expect(ids(back)).toEqual(ids(deep));
    const home = await list(`${base}&page=${OFFSET_PAGE_LIMIT}&${cursorQuery("before", deep.previous)}`);
    expect(ids(home)).toEqual(ids(limit));

    for (const [language, text] of [
      ["en", translate("en", "VALIDATION.PAGE_TOO_DEEP")],
      ["es", translate("es", "VALIDATION.PAGE_TOO_DEEP")],
    ] as const) {
      const refused = expectErrorShape(await get(`${base}&page=${OFFSET_PAGE_LIMIT + 1}`, language), 400);
      expect(refused.messages).toEqual({ page: text });
    }
    expect(translate("es", "VALIDATION.PAGE_TOO_DEEP")).not.toBe(translate("en", "VALIDATION.PAGE_TOO_DEEP"));
    // A cursor does not carry a walk further than the offset limit either.
    const far = expectErrorShape(
      await get(`${base}&page=${OFFSET_PAGE_LIMIT * 2 + 1}&${cursorQuery("after", limit.next)}`),
      400,
    );
    expect(Object.keys(far.messages!)).toEqual(["page"]);
  });

  it("refuses malformed cursors with 400 on the field", async () => {
    const first = await list(url);
    const cases: [string, string][] = [
      [`after=${encodeURIComponent("not a cursor")}`, "after"],
      [`after=${Buffer.from("[1,2]").toString("base64url")}`, "after"],
      [`after=${Buffer.from('[1,"x","7"]').toString("base64url")}`, "after"],
      [`after=${Buffer.from('[1,"x",99999999999]').toString("base64url")}`, "after"],
      [`before=${Buffer.from("[1,5,7]").toString("base64url")}`, "before"],
      // A cursor taken on page 1 cannot open page 1 again.
      [`page=1&${cursorQuery("after", first.next)}`, "after"],
      [`page=2&${cursorQuery("after", first.next)}&${cursorQuery("before", first.next)}`, "before"],
    ];
    for (const [query, field] of cases) {
      const refused = expectErrorShape(await get(`${url}&${query}`), 400);
      expect(Object.keys(refused.messages!), query).toEqual([field]);
    }
  });
});

describe("lists written by hand use the same paging", () => {
  it("users: cursor pages, short terms match the start of a name or e-mail", async () => {
    for (let index = 0; index < 14; index++) {
      await t.createUser({ firstName: `Qpager${String(index).padStart(2, "0")}` });
    }
    const first = await list("/api/users?search=qpager");
    expect(first).toMatchObject({ total: 14, totalKind: "exact", pageCount: 2 });
    const second = await list(`/api/users?search=qpager&page=2&${cursorQuery("after", first.next)}`);
    expect(second.items.map((item) => (item as unknown as { firstName: string }).firstName)).toEqual([
      "Qpager12",
      "Qpager13",
    ]);
    expect(second.next).toBeNull();
    const back = await list(`/api/users?search=qpager&page=1&${cursorQuery("before", second.previous)}`);
    expect(ids(back)).toEqual(ids(first));
    expect((await list("/api/users?search=q")).total).toBe(14);
    expect((await list("/api/users?search=qp")).total).toBe(14);
    expect((await list("/api/users?search=pa")).total).toBe(0);
  });

  it("roles: cursor pages and meta", async () => {
    for (let index = 0; index < 13; index++) {
      const response = await call(t.app, {
        method: "POST",
        url: "/api/roles",
        headers: admin,
        payload: { name: `Zpager ${String(index).padStart(2, "0")}`, permissions: [] },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const first = await list("/api/roles?search=zpager");
    expect(first).toMatchObject({ total: 13, totalKind: "exact", meta: { total: 13, lastPage: 2 } });
    const second = await list(`/api/roles?search=zpager&page=2&${cursorQuery("after", first.next)}`);
    expect(second.items.map((item) => item.name)).toEqual(["Zpager 12"]);
    expect((await list("/api/roles?search=zp")).total).toBe(13);
  });
});

describe("delete", () => {
  it("answers 204 once and 404 to the other concurrent deletes of one row", async () => {
    const created = await call(t.app, {
      method: "POST",
      url: "/api/countries",
      headers: admin,
      payload: { name: "Deleted Many Times", code: "DMT" },
    });
    const id = created.json().id as number;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(t.app, { method: "DELETE", url: `/api/countries/${id}`, headers: admin })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404, 404, 404, 404]);
  });
});
