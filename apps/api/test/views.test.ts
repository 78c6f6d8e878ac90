import type { PermissionCode, SavedView } from "@palco/shared";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { REPLACED_SYSTEM_VIEWS, SYSTEM_VIEWS, upgradeSystemViews } from "../src/modules/views/seed.ts";
import { auditLog, rolePermissions, roles, savedViewRoles, savedViews, userRoles } from "../src/platform/schema.ts";
import { bearer, call, expectErrorShape, login, type TestApp, withTestApp } from "./helpers.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, auth) => {
  t = app;
  admin = auth;
});

let sequence = 0;
async function role(...permissions: PermissionCode[]) {
  sequence += 1;
  const [row] = await t.app.db
    .insert(roles)
    .values({ name: `Vistas ${sequence} ${Math.random().toString(36).slice(2, 6)}` })
    .returning({ id: roles.id, name: roles.name });
  if (permissions.length > 0) {
    await t.app.db
      .insert(rolePermissions)
      .values(permissions.map((permissionCode) => ({ roleId: row!.id, permissionCode })));
  }
  return row!;
}

/** A member holding these roles, signed in. */
async function member(...memberRoles: { id: number }[]) {
  const user = await t.createUser();
  if (memberRoles.length > 0) {
    await t.app.db.insert(userRoles).values(memberRoles.map((r) => ({ userId: user.id, roleId: r.id })));
  }
  const { token } = await login(t.app, user.email, user.password);
  return { id: user.id, headers: bearer(token) };
}

type Headers = Record<string, string>;
const list = async (headers: Headers, resource?: string) => {
  const response = await call(t.app, {
    method: "GET",
    url: `/api/views${resource ? `?resource=${resource}` : ""}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedView[]>();
};
const create = (headers: Headers, payload: object) =>
  call(t.app, { method: "POST", url: "/api/views", headers, payload });
const update = (headers: Headers, id: number, payload: object, extra: Headers = {}) =>
  call(t.app, { method: "PUT", url: `/api/views/${id}`, headers: { ...headers, ...extra }, payload });
const remove = (headers: Headers, id: number) => call(t.app, { method: "DELETE", url: `/api/views/${id}`, headers });

async function created(headers: Headers, payload: object): Promise<SavedView> {
  const response = await create(headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SavedView>();
}

const entriesOf = (id: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, "views"), eq(auditLog.recordId, String(id))))
    .orderBy(desc(auditLog.id));

/** A refusal is the error shape and nothing of the view. */
function expectNothingOf(response: LightMyRequestResponse, status: number, view: SavedView) {
  const body = expectErrorShape(response, status);
  expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(["error", "message", "statusCode"]));
  for (const text of [view.name, ...Object.values(view.query)]) expect(response.body).not.toContain(text);
}

let counter = 0;
const uniqueName = (base: string) => `${base} ${++counter}`;

describe("saved views", () => {
  it("ships the system views on first start, seen by super-admins, shared with nobody on a bare start", async () => {
    const views = await list(admin);
    for (const system of SYSTEM_VIEWS) {
      expect(views).toContainEqual(
        expect.objectContaining({
          resource: system.resource,
          name: system.name,
          query: system.query,
          owner: null,
          mine: false,
          roleIds: [],
          roles: [],
        }),
      );
    }
    // A member who reads those lists sees none of them until they are shared with a role of theirs.
    const readers = await role("OWNERS_INDEX", "BOXES_INDEX", "BOOKINGS_INDEX", "EVENTS_INDEX");
    expect((await list((await member(readers)).headers)).filter((view) => view.owner === null)).toEqual([]);
  });

  it("creates, lists, updates and deletes a private view; page and cursors are not kept", async () => {
    const readers = await role("OWNERS_INDEX");
    const owner = await member(readers);
    const colleague = await member(readers);
    const name = uniqueName("Dueños rechazados");
    const view = await created(owner.headers, {
      resource: "owners",
      name: `  ${name}  `,
      query: { status: "returned", search: "garcía", page: "3", after: "abc", before: "def", view: "12", sort: "" },
    });
    expect(view).toMatchObject({
      resource: "owners",
      name,
      query: { status: "returned", search: "garcía" },
      roleIds: [],
      roles: [],
      owner: { id: owner.id },
      mine: true,
    });
    expect(view.createdAt).toMatch(/Z$/);
    expect(await list(owner.headers, "owners")).toContainEqual(view);
    expect(await list(owner.headers, "boxes")).not.toContainEqual(expect.objectContaining({ id: view.id }));
    // Private: nobody else sees it, not even a member of the same role.
    expect(await list(colleague.headers)).not.toContainEqual(expect.objectContaining({ id: view.id }));

    const changed = await update(owner.headers, view.id, {
      resource: "owners",
      name: `${name} (nuevo)`,
      query: { status: "accepted" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: view.id, name: `${name} (nuevo)`, query: { status: "accepted" } });

    // A version that is no longer current is refused.
    const stale = await update(owner.headers, view.id, { resource: "owners", name }, { "if-match": '"stale"' });
    expect(stale.statusCode).toBe(409);

    expect((await remove(owner.headers, view.id)).statusCode).toBe(204);
    expect(await list(owner.headers)).not.toContainEqual(expect.objectContaining({ id: view.id }));
    expect((await remove(owner.headers, view.id)).statusCode).toBe(404);
    // Private views leave no trail.
    expect(await entriesOf(view.id)).toEqual([]);
  });

  it("a view shared with a role is seen by that role's members, not by another role's", async () => {
    const team = await role("OWNERS_INDEX");
    const others = await role("OWNERS_INDEX");
    const owner = await member(team);
    const teammate = await member(team);
    const outsider = await member(others);
    const view = await created(owner.headers, {
      resource: "owners",
      name: uniqueName("Por revisar"),
      query: { status: "waiting", search: "Ramírez" },
      roleIds: [team.id],
    });
    expect(view.roles).toEqual([team]);
    const seen = (await list(teammate.headers)).find((candidate) => candidate.id === view.id);
    expect(seen).toMatchObject({ mine: false, owner: { id: owner.id }, roleIds: [team.id], query: view.query });
    expect(await list(outsider.headers)).not.toContainEqual(expect.objectContaining({ id: view.id }));
  });

  it("a view of a list the member may not read is not listed, even shared with their role", async () => {
    const boxesOnly = await role("BOXES_INDEX");
    const reader = await member(boxesOnly);
    const view = await created(admin, {
      resource: "owners",
      name: uniqueName("Solo dueños"),
      query: { status: "accepted" },
      roleIds: [boxesOnly.id],
    });
    expect(await list(reader.headers)).not.toContainEqual(expect.objectContaining({ id: view.id }));
    expect(await list(reader.headers, "owners")).toEqual([]);
    // Nor may they save one of it.
    expectErrorShape(await create(reader.headers, { resource: "owners", name: "Mía" }), 403);
    // Nor address it.
    expectNothingOf(await update(reader.headers, view.id, { resource: "boxes", name: "x" }), 404, view);
    expectNothingOf(await remove(reader.headers, view.id), 404, view);
    // A member without any list permission has no views at all.
    expect(await list((await member()).headers)).toEqual([]);
  });

  it("only the owner (or a super-admin) changes a view; refusals carry nothing of it", async () => {
    const team = await role("BOXES_INDEX");
    const owner = await member(team);
    const teammate = await member(team);
    const stranger = await member(await role("BOXES_INDEX"));
    const view = await created(owner.headers, {
      resource: "boxes",
      name: uniqueName("Palcos de temporada secretos"),
      query: { seasons: "true", search: "Estadio Azteca" },
      roleIds: [team.id],
    });
    const body = { resource: "boxes", name: "Otro nombre" };
    // Shared with them, not theirs: 403. Not shared with them: 404.
    expectNothingOf(await update(teammate.headers, view.id, body), 403, view);
    expectNothingOf(await remove(teammate.headers, view.id), 403, view);
    expectNothingOf(await update(stranger.headers, view.id, body), 404, view);
    expectNothingOf(await remove(stranger.headers, view.id), 404, view);
    expectErrorShape(await update(stranger.headers, 2147483647, body), 404);
    // A super-admin may.
    const byAdmin = await update(admin, view.id, { ...body, roleIds: [team.id] });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ name: "Otro nombre", owner: { id: owner.id }, mine: false });
  });

  it("system views: only super-admins change them", async () => {
    const readers = await role("EVENTS_INDEX");
    const reader = await member(readers);
    const system = (await list(admin, "events")).find((view) => view.owner === null)!;
    expect(system).toBeDefined();
    const shared = await update(admin, system.id, {
      resource: "events",
      name: system.name,
      query: system.query,
      roleIds: [readers.id],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(await list(reader.headers, "events")).toContainEqual(
      expect.objectContaining({ id: system.id, owner: null }),
    );
    expectNothingOf(await update(reader.headers, system.id, { resource: "events", name: "Mía" }), 403, system);
    expectNothingOf(await remove(reader.headers, system.id), 403, system);
    const [entry] = await entriesOf(system.id);
    expect(entry).toMatchObject({ action: "update", resource: "views" });
  });

  it("validates with a message per field, in the member's language", async () => {
    const readers = await role("OWNERS_INDEX");
    const owner = await member(readers);
    const spanish = { ...owner.headers, "accept-language": "es" };
    const missing = expectErrorShape(await create(owner.headers, { resource: "owners", name: "  " }), 422);
    expect(missing.messages).toEqual({ name: "The view name is required" });
    const missingEs = expectErrorShape(await create(spanish, { resource: "owners", name: "" }), 422);
    expect(missingEs.messages).toEqual({ name: "El nombre de la vista es obligatorio" });
    expect(
      expectErrorShape(await create(owner.headers, { resource: "owners", name: "x".repeat(81) }), 422).messages,
    ).toEqual({ name: "This value is too long" });
    expect(expectErrorShape(await create(owner.headers, { resource: "planets", name: "x" }), 422).messages).toEqual({
      resource: "Choose one of the lists of the app",
    });
    expect(
      expectErrorShape(await create(owner.headers, { resource: "owners", name: "x", query: { status: 3 } }), 422)
        .messages,
    ).toEqual({ query: "The view's filters must be text values with plain names" });
    expect(
      expectErrorShape(
        await create(owner.headers, { resource: "owners", name: "x", query: { search: "a".repeat(501) } }),
        422,
      ).messages,
    ).toEqual({ query: "A filter of the view is too long (at most 500 characters)" });
    const tooMany = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, "v"]));
    expect(
      expectErrorShape(await create(owner.headers, { resource: "owners", name: "x", query: tooMany }), 422).messages,
    ).toEqual({ query: "The view has too many filters (at most 30)" });
    expect(
      expectErrorShape(await create(owner.headers, { resource: "owners", name: "x", roleIds: ["abc"] }), 422).messages,
    ).toEqual({ roleIds: "Choose roles from the list" });
    expect(
      expectErrorShape(await create(owner.headers, { resource: "owners", name: "x", roleIds: [2147483600] }), 422)
        .messages,
    ).toEqual({ roleIds: "One of the chosen roles does not exist" });
    // Sharing: with the roles they hold, not another.
    const notMine = await role("OWNERS_INDEX");
    expect(
      expectErrorShape(await create(spanish, { resource: "owners", name: "x", roleIds: [notMine.id] }), 422).messages,
    ).toEqual({ roleIds: "Solo puedes compartir una vista con roles que tienes" });
    // Holders of ROLES_EDIT share with any role.
    const roleEditor = await member(await role("OWNERS_INDEX", "ROLES_EDIT"));
    await created(roleEditor.headers, { resource: "owners", name: uniqueName("Para otros"), roleIds: [notMine.id] });

    // Unique per owner and list (case aside); another list or another owner may use the name.
    const name = uniqueName("Duplicada");
    await created(owner.headers, { resource: "owners", name });
    expect(
      expectErrorShape(await create(owner.headers, { resource: "owners", name: name.toUpperCase() }), 422).messages,
    ).toEqual({ name: "You already have a view with this name for this list" });
    await created((await member(readers)).headers, { resource: "owners", name });
    const second = await created(owner.headers, { resource: "owners", name: uniqueName("Segunda") });
    expect(
      expectErrorShape(await update(owner.headers, second.id, { resource: "owners", name }), 422).messages,
    ).toEqual({ name: "You already have a view with this name for this list" });
  });

  it("creating, changing and deleting a shared view are audit entries; private changes are not", async () => {
    const team = await role("OWNERS_INDEX");
    const owner = await member(team);
    const view = await created(owner.headers, { resource: "owners", name: uniqueName("Privada"), query: {} });
    expect(await entriesOf(view.id)).toEqual([]);
    // Sharing it is recorded, with the roles it now reaches.
    await update(owner.headers, view.id, { resource: "owners", name: view.name, roleIds: [team.id] });
    let [entry] = await entriesOf(view.id);
    expect(entry).toMatchObject({ action: "update", resource: "views", actorId: owner.id });
    expect(entry!.changes).toMatchObject({ roles: [[], [{ id: team.id, name: team.name }]] });
    expect(entry!.changes).not.toHaveProperty("mine");

    await update(owner.headers, view.id, {
      resource: "owners",
      name: view.name,
      query: { status: "waiting" },
      roleIds: [team.id],
    });
    [entry] = await entriesOf(view.id);
    expect(entry!.changes).toEqual({ query: [{}, { status: "waiting" }] });

    expect((await remove(owner.headers, view.id)).statusCode).toBe(204);
    [entry] = await entriesOf(view.id);
    expect(entry).toMatchObject({ action: "delete", resource: "views", actorId: owner.id });

    const shared = await created(owner.headers, {
      resource: "owners",
      name: uniqueName("Compartida"),
      roleIds: [team.id],
    });
    [entry] = await entriesOf(shared.id);
    expect(entry).toMatchObject({ action: "create", resource: "views" });
    expect(entry!.changes).toMatchObject({ name: [null, shared.name], resource: [null, "owners"] });
  });

  it("answers the roles a member may share with", async () => {
    const team = await role("OWNERS_INDEX");
    const owner = await member(team);
    const mine = await call(t.app, { method: "GET", url: "/api/views/roles", headers: owner.headers });
    expect(mine.json()).toEqual([team]);
    const all = await call(t.app, { method: "GET", url: "/api/views/roles", headers: admin });
    expect(all.json<{ id: number }[]>().map((r) => r.id)).toContain(team.id);
  });
});

describe("shipped views of an earlier release", () => {
  const systemNamed = (resource: string, name: string) =>
    t.app.db
      .select({ id: savedViews.id, query: savedViews.query })
      .from(savedViews)
      .where(and(isNull(savedViews.userId), eq(savedViews.resource, resource), eq(savedViews.name, name)));
  const rolesOf = async (viewId: number) =>
    (await t.app.db.select().from(savedViewRoles).where(eq(savedViewRoles.viewId, viewId))).map((r) => r.roleId);
  async function oldView(resource: string, name: string, query: Record<string, string>, roleId: number) {
    const [row] = await t.app.db
      .insert(savedViews)
      .values({ userId: null, resource, name, query })
      .returning({ id: savedViews.id });
    await t.app.db.insert(savedViewRoles).values({ viewId: row!.id, roleId });
    return row!.id;
  }
  const [bookingsOld, eventsOld] = REPLACED_SYSTEM_VIEWS;
  const successorOf = (old: (typeof REPLACED_SYSTEM_VIEWS)[number]) =>
    SYSTEM_VIEWS.find((view) => view.resource === old.resource && view.name === old.by)!;

  it("ship the owner-payment and this-week views in place of the substitutes", () => {
    expect(successorOf(bookingsOld!)).toEqual({
      resource: "bookings",
      name: "Reservas por pagar al propietario",
      query: { status: "accepted", paymentStatus: "capture", ownerPaymentStatus: "pending" },
    });
    expect(successorOf(eventsOld!)).toEqual({
      resource: "events",
      name: "Eventos de esta semana",
      query: { period: "this-week" },
    });
    for (const old of REPLACED_SYSTEM_VIEWS) {
      expect(SYSTEM_VIEWS.map((view) => view.name)).not.toContain(old.name);
    }
  });

  it("become this release's on start, once: in place as shipped, beside one a super-admin changed", async () => {
    // A database of the earlier release: its two views, shared with a role each, and not yet this release's.
    for (const old of [bookingsOld!, eventsOld!]) {
      for (const row of await systemNamed(old.resource, old.by)) {
        await t.app.db.delete(savedViews).where(eq(savedViews.id, row.id));
      }
    }
    const finance = await role("BOOKINGS_INDEX");
    const events = await role("EVENTS_INDEX");
    const asShipped = await oldView("bookings", bookingsOld!.name, bookingsOld!.query, finance.id);
    // This one a super-admin changed: its filters are theirs now.
    const changed = await oldView("events", eventsOld!.name, { sort: "-startsAt" }, events.id);

    await upgradeSystemViews(t.app.db);
    await upgradeSystemViews(t.app.db);

    // In place: the same id (links with ?view= keep working) and roles, the new name and filters.
    expect(await systemNamed("bookings", bookingsOld!.name)).toEqual([]);
    expect(await systemNamed("bookings", bookingsOld!.by)).toEqual([
      { id: asShipped, query: successorOf(bookingsOld!).query },
    ]);
    expect(await rolesOf(asShipped)).toEqual([finance.id]);
    // Beside the changed one, shared with its roles, once.
    expect(await systemNamed("events", eventsOld!.name)).toEqual([{ id: changed, query: { sort: "-startsAt" } }]);
    const added = await systemNamed("events", eventsOld!.by);
    expect(added).toEqual([{ id: expect.any(Number), query: { period: "this-week" } }]);
    expect(await rolesOf(added[0]!.id)).toEqual([events.id]);

    // A member of the role sees the new views, each opening its list with the new filters.
    const reader = await member(finance, events);
    const seen = await list(reader.headers);
    expect(seen).toContainEqual(
      expect.objectContaining({ id: asShipped, name: bookingsOld!.by, query: successorOf(bookingsOld!).query }),
    );
    expect(seen).toContainEqual(expect.objectContaining({ id: added[0]!.id, name: eventsOld!.by }));

    // An old view as shipped beside its successor (both there) goes; one deleted stays deleted.
    const leftOver = await oldView("bookings", bookingsOld!.name, bookingsOld!.query, finance.id);
    await t.app.db.delete(savedViews).where(eq(savedViews.id, changed));
    await upgradeSystemViews(t.app.db);
    expect(await systemNamed("bookings", bookingsOld!.name)).toEqual([]);
    expect((await systemNamed("bookings", bookingsOld!.by)).map((row) => row.id)).toEqual([asShipped]);
    expect(leftOver).not.toBe(asShipped);
    expect((await systemNamed("events", eventsOld!.by)).map((row) => row.id)).toEqual([added[0]!.id]);
  });
});
