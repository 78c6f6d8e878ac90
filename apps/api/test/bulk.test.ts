import { BULK_MAX_IDS, type BulkResponse, type MatchingIds, SELECT_ALL_CAP } from "@palco/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  authSessions,
  countries,
  notificationRecipients,
  notifications,
  roles,
  states,
} from "../src/platform/schema.ts";
import { bearer, call, expectErrorShape, login, sessionIdOf, type TestApp, withTestApp } from "./helpers.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, auth) => {
  t = app;
  admin = auth;
});

let sequence = 0;
/** A name and a three-letter code no other row of this file uses. */
function unique() {
  sequence += 1;
  let n = sequence + 26 * 26 * 7;
  let code = "";
  for (let i = 0; i < 3; i++) {
    code = String.fromCharCode(65 + (n % 26)) + code;
    n = Math.floor(n / 26);
  }
  return { name: `Bulkland ${code}`, code };
}

async function insertCountry(values: { isActive?: boolean } = {}) {
  const [row] = await t.app.db
    .insert(countries)
    .values({ ...unique(), ...values })
    .returning({ id: countries.id, name: countries.name });
  return row!;
}

async function insertState(countryId: number) {
  await t.app.db.insert(states).values({ ...unique(), countryId });
}

const bulk = (resource: string, body: unknown, headers = admin) =>
  call(t.app, { method: "POST", url: `/api/${resource}/bulk`, headers, payload: body as object });

const auditEntries = (resource: string, ids: number[], action: string) =>
  t.app.db
    .select({ recordId: auditLog.recordId, requestId: auditLog.requestId })
    .from(auditLog)
    .where(
      and(eq(auditLog.resource, resource), eq(auditLog.action, action), inArray(auditLog.recordId, ids.map(String))),
    );

describe("POST /api/<resource>/bulk", () => {
  it("answers one outcome per id: done, unknown (404) and refused by the single action's rule (409)", async () => {
    const free = await insertCountry();
    const other = await insertCountry();
    const inUse = await insertCountry();
    await insertState(inUse.id);
    const missing = 2_000_000_000;
    const response = await bulk("countries", { action: "delete", ids: [free.id, missing, inUse.id, other.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkResponse>().results).toEqual([
      { id: free.id, status: 204 },
      { id: missing, status: 404, message: "The requested item was not found" },
      { id: inUse.id, status: 409, message: "This country still has states; delete or move them first" },
      { id: other.id, status: 204 },
    ]);
    // Each success is its own audit entry, exactly as the single delete writes it; the refused one has none.
    const entries = await auditEntries("countries", [free.id, inUse.id, other.id], "delete");
    expect(entries.map((entry) => entry.recordId).sort()).toEqual([String(free.id), String(other.id)].sort());
    expect(new Set(entries.map((entry) => entry.requestId)).size).toBe(2);
    // Nothing half-saved: the refused country is still there, the others are gone.
    const left = await t.app.db
      .select({ id: countries.id })
      .from(countries)
      .where(inArray(countries.id, [free.id, inUse.id, other.id]));
    expect(left).toEqual([{ id: inUse.id }]);
  });

  it("blocks and unblocks, each id audited; messages follow the request's language", async () => {
    const a = await insertCountry();
    const b = await insertCountry();
    const blocked = await bulk("countries", { action: "deactivate", ids: [a.id, b.id] });
    expect(blocked.json<BulkResponse>().results).toEqual([
      { id: a.id, status: 200 },
      { id: b.id, status: 200 },
    ]);
    const rows = await t.app.db
      .select({ isActive: countries.isActive })
      .from(countries)
      .where(inArray(countries.id, [a.id, b.id]));
    expect(rows.every((row) => row.isActive === false)).toBe(true);
    expect(await auditEntries("countries", [a.id, b.id], "deactivate")).toHaveLength(2);
    const spanish = await bulk("countries", { action: "activate", ids: [a.id, 2_000_000_001] }, {
      ...admin,
      "accept-language": "es",
    } as typeof admin);
    expect(spanish.json<BulkResponse>().results).toEqual([
      { id: a.id, status: 200 },
      { id: 2_000_000_001, status: 404, message: "No se encontró el elemento solicitado" },
    ]);
  });

  it("keeps the users' rules: one's own account cannot be blocked, the others are", async () => {
    const me = await t.createUser({ permissions: ["USERS_ACTIVATE", "USERS_INDEX"] });
    const headers = bearer((await login(t.app, me.email, me.password)).token);
    const other = await t.createUser();
    const response = await bulk("users", { action: "deactivate", ids: [other.id, me.id] }, headers);
    const [done, self] = response.json<BulkResponse>().results;
    expect(done).toEqual({ id: other.id, status: 200 });
    // The single route's answer, unchanged (409 with its reason).
    expect(self).toEqual({ id: me.id, status: 409, message: expect.stringMatching(/own account/i) });
    expect(await auditEntries("users", [other.id], "deactivate")).toHaveLength(1);
    expect(await auditEntries("users", [me.id], "deactivate")).toHaveLength(0);
  });

  it("refuses a member without the action's permission as a whole, with no per-id data", async () => {
    const country = await insertCountry();
    const nobody = await t.userWith("COUNTRIES_INDEX");
    const refused = expectErrorShape(await bulk("countries", { action: "delete", ids: [country.id] }, nobody), 403);
    expect(refused).not.toHaveProperty("results");
    // Holding only block/unblock: a delete is refused as a whole too (nothing is deleted).
    const blocker = await t.userWith("COUNTRIES_ACTIVATE");
    const partial = expectErrorShape(await bulk("countries", { action: "delete", ids: [country.id] }, blocker), 403);
    expect(partial.message).toBe("The user account does not have enough permissions to perform this action");
    expect(partial).not.toHaveProperty("results");
    expect((await bulk("countries", { action: "deactivate", ids: [country.id] }, blocker)).statusCode).toBe(200);
    const [row] = await t.app.db.select({ id: countries.id }).from(countries).where(eq(countries.id, country.id));
    expect(row).toBeDefined();
  });

  it("validates the body: 1 to 1,000 distinct ids and an action the list offers", async () => {
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => index + 1);
    const refused = expectErrorShape(await bulk("countries", { action: "delete", ids: tooMany }), 422);
    expect(refused.messages).toEqual({ ids: "At most 1,000 records at a time" });
    const spanish = await bulk("countries", { action: "delete", ids: [] }, {
      ...admin,
      "accept-language": "es",
    } as typeof admin);
    expect(expectErrorShape(spanish, 422).messages).toEqual({ ids: "Selecciona al menos un registro" });
    expect(expectErrorShape(await bulk("countries", { action: "delete", ids: [1, 1] }), 422).messages?.ids).toBe(
      "Each record may appear only once",
    );
    expect(expectErrorShape(await bulk("countries", { action: "delete", ids: [0] }), 422).messages?.ids).toBeDefined();
    expect(expectErrorShape(await bulk("countries", { action: "explode", ids: [1] }), 422).messages?.action).toBe(
      "Choose one of the actions this list offers",
    );
    // Owners are only blocked and unblocked: no delete.
    expect(expectErrorShape(await bulk("owners", { action: "delete", ids: [1] }), 422).messages).toEqual({
      action: "This action is not available for this list",
    });
    // The largest batch is accepted (every id unknown here: one 404 each, nothing written).
    const largest = Array.from({ length: BULK_MAX_IDS }, (_, index) => 2_000_000_000 + index);
    const answered = await bulk("services", { action: "delete", ids: largest });
    expect(answered.statusCode).toBe(200);
    const results = answered.json<BulkResponse>().results;
    expect(results).toHaveLength(BULK_MAX_IDS);
    expect(results.every((result) => result.status === 404)).toBe(true);
  }, 120_000);

  it("marks only the member's own notifications read", async () => {
    const reader = await t.createUser({ permissions: ["NOTIFICATIONS_INDEX"] });
    const someoneElse = await t.createUser({ permissions: ["NOTIFICATIONS_INDEX"] });
    const headers = bearer((await login(t.app, reader.email, reader.password)).token);
    const created = await t.app.db
      .insert(notifications)
      .values(
        [1, 2, 3].map((n) => ({
          kind: "owner-ready",
          notificationType: "owner",
          notificationTypeId: n,
          payload: { name: `Owner ${n}` },
        })),
      )
      .returning({ id: notifications.id });
    const [mine1, mine2, theirs] = created.map((row) => row.id) as [number, number, number];
    await t.app.db.insert(notificationRecipients).values([
      { notificationId: mine1, userId: reader.id },
      { notificationId: mine2, userId: reader.id },
      { notificationId: theirs, userId: someoneElse.id },
    ]);
    const response = await bulk("notifications", { action: "read", ids: [mine1, mine2, theirs] }, headers);
    expect(response.json<BulkResponse>().results).toEqual([
      { id: mine1, status: 200 },
      { id: mine2, status: 200 },
      { id: theirs, status: 404, message: "The requested item was not found" },
    ]);
    const rows = await t.app.db
      .select({ userId: notificationRecipients.userId, readAt: notificationRecipients.readAt })
      .from(notificationRecipients)
      .where(inArray(notificationRecipients.notificationId, [mine1, mine2, theirs]));
    for (const row of rows) {
      if (row.userId === reader.id) expect(row.readAt).not.toBeNull();
      else expect(row.readAt).toBeNull();
    }
    // "Select all" of the notifications list: the reader's own, unread filter applied.
    const unread = await call(t.app, { method: "GET", url: "/api/notifications/ids?unread=true", headers });
    expect(unread.json<MatchingIds>()).toEqual({ ids: [], total: 0, capped: false });
    const all = await call(t.app, { method: "GET", url: "/api/notifications/ids", headers });
    expect(all.json<MatchingIds>()).toEqual({ ids: [mine2, mine1], total: 2, capped: false });
  });
});

describe("POST /api/<resource>/bulk: step-up", () => {
  it("a single action that needs a fresh proof asks for it once, for the whole batch, before writing", async () => {
    const member = await t.createUser({ permissions: ["USERS_DELETE", "ROLES_INDEX"] });
    const session = await login(t.app, member.email, member.password);
    const made = await t.app.db
      .insert(roles)
      .values([{ name: `Bulk role ${unique().code}` }, { name: `Bulk role ${unique().code}` }])
      .returning({ id: roles.id });
    const ids = made.map((row) => row.id);
    // The proof of the sign-in is an hour old (before the session's first request, so nothing cached it fresh).
    await t.app.db
      .update(authSessions)
      .set({ verifiedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(authSessions.id, sessionIdOf(session.token)));
    const refused = await bulk("roles", { action: "delete", ids }, bearer(session.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "STEP_UP_REQUIRED" });
    expect(refused.json()).not.toHaveProperty("results");
    expect(await t.app.db.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids))).toHaveLength(2);
    // A fresh sign-in is a fresh proof: each role is deleted by the single route, each audited.
    const fresh = bearer((await login(t.app, member.email, member.password)).token);
    const done = await bulk("roles", { action: "delete", ids }, fresh);
    expect(done.json<BulkResponse>().results).toEqual(ids.map((id) => ({ id, status: 204 })));
    expect(await auditEntries("roles", ids, "delete")).toHaveLength(2);
  });
});

describe("GET /api/<resource>/ids", () => {
  it("answers the ids the list's search and filters match, in the list's order", async () => {
    const marker = `Idsmark ${Date.now().toString(36)}`;
    const made = [];
    for (const letter of ["C", "A", "B"]) {
      const [row] = await t.app.db
        .insert(countries)
        .values({ name: `${marker} ${letter}`, code: unique().code, isActive: letter !== "B" })
        .returning({ id: countries.id });
      made.push(row!.id);
    }
    const [c, a, b] = made as [number, number, number];
    const ids = async (query: string) =>
      (await call(t.app, { method: "GET", url: `/api/countries/ids?${query}`, headers: admin })).json<MatchingIds>();
    const search = encodeURIComponent(marker);
    expect(await ids(`search=${search}`)).toEqual({ ids: [a, b, c], total: 3, capped: false });
    // The list itself shows the same rows in the same order.
    const list = await call(t.app, { method: "GET", url: `/api/countries?search=${search}`, headers: admin });
    expect(list.json<{ items: { id: number }[] }>().items.map((item) => item.id)).toEqual([a, b, c]);
    // A sort the member chose orders the ids like the list.
    const sorted = await call(t.app, {
      method: "GET",
      url: `/api/countries?search=${search}&sort=-name`,
      headers: admin,
    });
    const sortedIds = sorted.json<{ items: { id: number }[] }>().items.map((item) => item.id);
    expect(sortedIds).toEqual([c, b, a]);
    expect((await ids(`search=${search}&sort=-name`)).ids).toEqual(sortedIds);
    // Paging is ignored: every match, whatever page the list shows.
    expect(await ids(`search=${search}&page=2`)).toEqual({ ids: [a, b, c], total: 3, capped: false });
    // A bad query is refused like the list refuses it.
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/countries/ids?page=0", headers: admin }), 400);
    // Without the list's permission: 403, no ids.
    const nobody = await t.userWith("COUNTRIES_ACTIVATE");
    const refused = expectErrorShape(
      await call(t.app, { method: "GET", url: `/api/countries/ids?search=${search}`, headers: nobody }),
      403,
    );
    expect(refused).not.toHaveProperty("ids");
  });

  it("orders the users' ids by the sort the member chose, both ways, like the list", async () => {
    for (const firstName of ["Idsort Carla", "Idsort Ana", "Idsort Berta"]) await t.createUser({ firstName });
    for (const sort of ["firstName", "-firstName", "-createdAt"]) {
      const query = `search=Idsort&sort=${sort}`;
      const list = (await call(t.app, { method: "GET", url: `/api/users?${query}`, headers: admin })).json<{
        items: { id: number }[];
      }>();
      expect(list.items).toHaveLength(3);
      const ids = (
        await call(t.app, { method: "GET", url: `/api/users/ids?${query}`, headers: admin })
      ).json<MatchingIds>();
      expect(ids).toEqual({ ids: list.items.map((item) => item.id), total: 3, capped: false });
    }
    const names = async (sort: string) =>
      (
        await call(t.app, { method: "GET", url: `/api/users/ids?search=Idsort&sort=${sort}`, headers: admin })
      ).json<MatchingIds>().ids;
    expect(await names("-firstName")).toEqual((await names("firstName")).reverse());
  });

  it("gathers at most 10,000 ids and says when more match", async () => {
    const marker = `Capmark${Date.now().toString(36)}`;
    // Straight SQL: 10,001 countries with one search term, codes from a sequence no other test uses.
    await t.app.db.execute(sql`
      insert into countries (name, code)
      select ${marker} || ' ' || lpad(n::text, 5, '0'),
             chr(97 + (n / 676) % 26) || chr(97 + (n / 26) % 26) || chr(97 + n % 26) || 'x' || n
      from generate_series(1, ${SELECT_ALL_CAP + 1}) as n`);
    const response = await call(t.app, {
      method: "GET",
      url: `/api/countries/ids?search=${encodeURIComponent(marker)}`,
      headers: admin,
    });
    const body = response.json<MatchingIds>();
    expect(body.capped).toBe(true);
    expect(body.total).toBe(SELECT_ALL_CAP);
    expect(body.ids).toHaveLength(SELECT_ALL_CAP);
    expect(new Set(body.ids).size).toBe(SELECT_ALL_CAP);
    // In a descending order the member chose, "the first 10,000" are the first the list shows in that order.
    const search = encodeURIComponent(marker);
    const descending = (
      await call(t.app, { method: "GET", url: `/api/countries/ids?search=${search}&sort=-name`, headers: admin })
    ).json<MatchingIds>();
    expect(descending.capped).toBe(true);
    expect(descending.ids).toHaveLength(SELECT_ALL_CAP);
    const firstShown = (
      await call(t.app, { method: "GET", url: `/api/countries?search=${search}&sort=-name`, headers: admin })
    ).json<{ items: { id: number }[] }>();
    expect(firstShown.items.length).toBeGreaterThan(1);
    expect(descending.ids.slice(0, firstShown.items.length)).toEqual(firstShown.items.map((item) => item.id));
    // The name "… 00001" (the lowest) is the one left out.
    const [lowest] = await t.app.db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.name, `${marker} 00001`));
    expect(descending.ids).not.toContain(lowest!.id);
    expect(body.ids).toContain(lowest!.id);
    await t.app.db.execute(sql`delete from countries where name like ${`${marker}%`}`);
  }, 120_000);
});
