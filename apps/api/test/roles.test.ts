import { PAGE_SIZE, PERMISSION_CODES, PERMISSIONS, role, roleListResponse, roleOption, translate } from "@palco/shared";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { userRoles } from "../src/platform/schema.ts";
import { bearer, call, expectErrorShape, login, type TestApp, withTestApp } from "./helpers.ts";

type Role = z.infer<typeof role>;

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, header) => {
  t = app;
  admin = header;
});

const request = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  options: { payload?: unknown; language?: "en" | "es"; auth?: { authorization: string } } = {},
) =>
  call(t.app, {
    method,
    url,
    headers: { ...(options.auth ?? admin), ...(options.language ? { "accept-language": options.language } : {}) },
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
  });

let sequence = 0;
async function createRole(body: { name?: string; permissions?: string[] } = {}): Promise<Role> {
  sequence += 1;
  const response = await request("POST", "/api/roles", {
    payload: { name: `Rol ${sequence}`, permissions: [], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return role.parse(response.json());
}

describe("GET /api/roles", () => {
  it("pages 12 at a time with meta page/perPage/total/lastPage, ordered by name, with counts", async () => {
    const marker = `Lista${Date.now().toString(36)}`;
    for (let i = 0; i < 13; i++) {
      await createRole({
        name: `${marker} ${String(i).padStart(2, "0")}`,
        permissions: i === 0 ? ["USERS_INDEX", "USERS_SHOW", "ROLES_INDEX"] : [],
      });
    }
    const first = await request("GET", `/api/roles?search=${marker}`);
    expect(first.statusCode).toBe(200);
    const page1 = roleListResponse.parse(first.json());
    expect(page1).toMatchObject({
      page: 1,
      pageSize: PAGE_SIZE,
      pageCount: 2,
      total: 13,
      meta: { page: 1, perPage: 12, total: 13, lastPage: 2 },
    });
    expect(page1.items).toHaveLength(12);
    expect(page1.items[0]).toEqual({
      id: expect.any(Number),
      name: `${marker} 00`,
      requiresMfa: false,
      userCount: 0,
      permissionCount: 3,
    });
    const names = page1.items.map((item) => item.name);
    expect(names).toEqual([...names].sort());
    const page2 = roleListResponse.parse((await request("GET", `/api/roles?search=${marker}&page=2`)).json());
    expect(page2.items.map((item) => item.name)).toEqual([`${marker} 12`]);
    expect(page2.meta).toEqual({ page: 2, perPage: 12, total: 13, lastPage: 2 });

    const empty = roleListResponse.parse((await request("GET", "/api/roles?search=nothing-like-this")).json());
    expect(empty).toMatchObject({ items: [], total: 0, pageCount: 0, meta: { total: 0, lastPage: 1 } });
    const lower = roleListResponse.parse((await request("GET", `/api/roles?search=${marker.toLowerCase()}`)).json());
    expect(lower.total).toBe(13);
  });

  it("counts the users of each role", async () => {
    const created = await createRole({ permissions: ["USERS_INDEX"] });
    const holder = await t.createUser();
    await request("PUT", `/api/roles/${created.id}`, { payload: { name: created.name, permissions: ["USERS_INDEX"] } });
    await t.app.db.insert(userRoles).values({ userId: holder.id, roleId: created.id });
    const listed = (await request("GET", `/api/roles?search=${encodeURIComponent(created.name)}`)).json();
    expect(listed.items[0]).toMatchObject({ id: created.id, userCount: 1, permissionCount: 1 });
    expect(role.parse((await request("GET", `/api/roles/${created.id}`)).json()).userCount).toBe(1);
  });

  it("treats % and _ literally and refuses bad query strings with 400", async () => {
    const special = await createRole({ name: "Cien_100% soporte" });
    const found = (await request("GET", `/api/roles?search=${encodeURIComponent("_100%")}`)).json();
    expect(found.items.map((item: { id: number }) => item.id)).toEqual([special.id]);
    for (const query of ["page=0", "page=x", "search=%00", `search=${"x".repeat(101)}`]) {
      expectErrorShape(await request("GET", `/api/roles?${query}`), 400);
    }
  });
});

describe("GET /api/roles/all", () => {
  it("answers every role as {id, name}, ordered by name", async () => {
    await createRole({ name: "Zeta final" });
    await createRole({ name: "Alfa inicial" });
    const response = await request("GET", "/api/roles/all");
    expect(response.statusCode).toBe(200);
    const options = roleOption.array().parse(response.json());
    for (const option of response.json()) expect(Object.keys(option).sort()).toEqual(["id", "name"]);
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toEqual(expect.arrayContaining(["Zeta final", "Alfa inicial"]));
  });
});

describe("GET /api/roles/:id", () => {
  it("answers the role with its permissions in catalogue order, described in the request language", async () => {
    const created = await createRole({ permissions: ["ROLES_INDEX", "CITY_DELETE", "USERS_INDEX"] });
    const en = role.parse((await request("GET", `/api/roles/${created.id}`)).json());
    expect(en.permissions).toEqual([
      { code: "USERS_INDEX", group: "users", description: PERMISSIONS.USERS_INDEX.description.en },
      { code: "ROLES_INDEX", group: "roles", description: "List roles" },
      { code: "CITY_DELETE", group: "cities", description: "Delete cities" },
    ]);
    const es = role.parse((await request("GET", `/api/roles/${created.id}`, { language: "es" })).json());
    expect(es.permissions.map((permission) => permission.description)).toEqual([
      "Listar usuarios",
      "Listar roles",
      "Eliminar ciudades",
    ]);
    expect(es).toMatchObject({ id: created.id, name: created.name, userCount: 0 });
    expectErrorShape(await request("GET", "/api/roles/2147483647"), 404);
    for (const id of ["abc", "0", "99999999999"]) expectErrorShape(await request("GET", `/api/roles/${id}`), 400);
  });
});

describe("POST and PUT /api/roles", () => {
  it("creates (201) and replaces name and permissions; duplicate codes count once", async () => {
    const created = await createRole({
      name: "  Operaciones nocturnas  ",
      permissions: ["USERS_INDEX", "USERS_INDEX", "ROLES_SHOW"],
    });
    expect(created.name).toBe("Operaciones nocturnas");
    expect(created.permissions.map((permission) => permission.code)).toEqual(["USERS_INDEX", "ROLES_SHOW"]);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const updated = await request("PUT", `/api/roles/${created.id}`, {
      payload: { name: "Operaciones de noche", permissions: ["CITIES_INDEX"] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(role.parse(updated.json())).toMatchObject({
      id: created.id,
      name: "Operaciones de noche",
      permissions: [{ code: "CITIES_INDEX", group: "cities" }],
    });
    const emptied = await request("PUT", `/api/roles/${created.id}`, { payload: { name: "Sin permisos" } });
    expect(emptied.json().permissions).toEqual([]);
    const all = await createRole({ permissions: [...PERMISSION_CODES] });
    expect(all.permissions).toHaveLength(PERMISSION_CODES.length);
    expectErrorShape(
      await request("PUT", "/api/roles/2147483647", { payload: { name: "Nadie", permissions: [] } }),
      404,
    );
  });

  it("refuses unknown codes, a missing name and bad shapes, in both languages, joined by line breaks", async () => {
    for (const language of ["en", "es"] as const) {
      const both = expectErrorShape(
        await request("POST", "/api/roles", { payload: { name: " ", permissions: ["USERS_INDEX", "NOPE"] }, language }),
        422,
      );
      expect(both.messages).toEqual({
        name: translate(language, "ROLES.VALIDATION.NAME_MISSING"),
        permissions: translate(language, "ROLES.VALIDATION.PERMISSION_UNKNOWN"),
      });
      expect(both.message).toBe(`${both.messages!.name}\n${both.messages!.permissions}`);
    }
    for (const [payload, field, key] of [
      [{}, "name", "ROLES.VALIDATION.NAME_MISSING"],
      [{ name: "x".repeat(101) }, "name", "VALIDATION.TOO_LONG"],
      [{ name: "Nul\u0000" }, "name", "VALIDATION.INVALID_CHARACTERS"],
      [{ name: "Ok", permissions: "USERS_INDEX" }, "permissions", "ROLES.VALIDATION.PERMISSIONS_FORMAT"],
      [{ name: "Ok", permissions: [1, 2] }, "permissions", "ROLES.VALIDATION.PERMISSION_UNKNOWN"],
      [{ name: "Ok", permissions: ["users_index"] }, "permissions", "ROLES.VALIDATION.PERMISSION_UNKNOWN"],
      [{ name: "Ok", permissions: ["ROLES_DELETE"] }, "permissions", "ROLES.VALIDATION.PERMISSION_UNKNOWN"],
    ] as const) {
      const body = expectErrorShape(await request("POST", "/api/roles", { payload }), 422);
      expect(body.messages, JSON.stringify(payload)).toEqual({ [field]: translate("en", key) });
    }
    const created = await createRole();
    const update = expectErrorShape(
      await request("PUT", `/api/roles/${created.id}`, { payload: { name: created.name, permissions: ["NOPE"] } }),
      422,
    );
    expect(update.messages).toEqual({ permissions: "One or more permissions do not exist" });
    expect(role.parse((await request("GET", `/api/roles/${created.id}`)).json()).permissions).toEqual([]);
  });

  it("keeps role names unique, case-insensitively, on create and update", async () => {
    const first = await createRole({ name: "Soporte Técnico" });
    const second = await createRole({ name: "Ventas" });
    for (const language of ["en", "es"] as const) {
      const body = expectErrorShape(
        await request("POST", "/api/roles", { payload: { name: "soporte técnico", permissions: [] }, language }),
        422,
      );
      expect(body.messages).toEqual({ name: translate(language, "ROLES.VALIDATION.NAME_TAKEN") });
    }
    expectErrorShape(
      await request("PUT", `/api/roles/${second.id}`, { payload: { name: "SOPORTE TÉCNICO", permissions: [] } }),
      422,
    );
    // Renaming a role to a different case of its own name is fine.
    const recased = await request("PUT", `/api/roles/${first.id}`, {
      payload: { name: "Soporte técnico", permissions: [] },
    });
    expect(recased.json().name).toBe("Soporte técnico");
  });
});

describe("DELETE /api/roles/:id", () => {
  it("is refused (409) while users have the role, and works once they do not", async () => {
    const created = await createRole({ permissions: ["USERS_INDEX"] });
    const holder = await t.createUser();
    await t.app.db.insert(userRoles).values({ userId: holder.id, roleId: created.id });
    for (const language of ["en", "es"] as const) {
      const refused = expectErrorShape(await request("DELETE", `/api/roles/${created.id}`, { language }), 409);
      expect(refused.message).toBe(translate(language, "ROLES.IN_USE"));
      expect(refused.messages).toEqual({ general: refused.message });
    }
    const removed = await request("DELETE", `/api/users/${holder.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await request("DELETE", `/api/roles/${created.id}`)).statusCode).toBe(204);
    expectErrorShape(await request("GET", `/api/roles/${created.id}`), 404);
    expectErrorShape(await request("DELETE", `/api/roles/${created.id}`), 404);
  });

  it("needs USERS_DELETE (there is no ROLES_DELETE)", async () => {
    const created = await createRole();
    const editor = await t.userWith("ROLES_INDEX", "ROLES_SHOW", "ROLES_EDIT", "ROLES_CREATE");
    expectErrorShape(await request("DELETE", `/api/roles/${created.id}`, { auth: editor }), 403);
    const deleter = await t.userWith("USERS_DELETE");
    expect((await request("DELETE", `/api/roles/${created.id}`, { auth: deleter })).statusCode).toBe(204);
  });
});

describe("role changes act on the holders' next request", () => {
  it("adding and removing a permission takes effect without signing in again", async () => {
    const created = await createRole({ permissions: ["COUNTRIES_INDEX"] });
    const holder = await t.createUser();
    await t.app.db.insert(userRoles).values({ userId: holder.id, roleId: created.id });
    const session = await login(t.app, holder.email, holder.password);
    const auth = bearer(session.token);
    expect((await request("GET", "/api/countries", { auth })).statusCode).toBe(200);
    expectErrorShape(await request("GET", "/api/states", { auth }), 403);

    await request("PUT", `/api/roles/${created.id}`, {
      payload: { name: created.name, permissions: ["STATES_INDEX"] },
    });
    expectErrorShape(await request("GET", "/api/countries", { auth }), 403);
    expect((await request("GET", "/api/states", { auth })).statusCode).toBe(200);
    expect((await request("GET", "/api/auth/me", { auth })).json().permissions).toEqual(["STATES_INDEX"]);
  });
});

describe("no escalation through roles", () => {
  it("a non-super-admin grants only permissions they hold (422), and cannot edit or delete a stronger role (409)", async () => {
    const staff = await t.createUser({ permissions: ["ROLES_CREATE", "ROLES_EDIT", "ROLES_INDEX", "USERS_DELETE"] });
    const auth = bearer((await login(t.app, staff.email, staff.password)).token);

    const refused = expectErrorShape(
      await request("POST", "/api/roles", {
        auth,
        payload: { name: "Escalada", permissions: ["ROLES_INDEX", "USERS_EDIT"] },
      }),
      422,
    );
    expect(refused.messages).toEqual({ permissions: "You cannot grant permissions you do not have" });
    const refusedEs = expectErrorShape(
      await request("POST", "/api/roles", {
        auth,
        language: "es",
        payload: { name: "Escalada", permissions: ["USERS_EDIT"] },
      }),
      422,
    );
    expect(refusedEs.messages).toEqual({ permissions: "No puedes otorgar permisos que tú no tienes" });
    const own = await request("POST", "/api/roles", {
      auth,
      payload: { name: "Propia", permissions: ["ROLES_INDEX", "ROLES_EDIT"] },
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json().id as number;
    const widened = expectErrorShape(
      await request("PUT", `/api/roles/${ownId}`, { auth, payload: { name: "Propia", permissions: ["USERS_EDIT"] } }),
      422,
    );
    expect(widened.messages).toEqual({ permissions: "You cannot grant permissions you do not have" });

    // A role that already grants more than the caller holds is out of reach, even to narrow it.
    const stronger = await createRole({ name: "Más fuerte", permissions: ["ROLES_INDEX", "USERS_EDIT"] });
    const edit = expectErrorShape(
      await request("PUT", `/api/roles/${stronger.id}`, { auth, payload: { name: "Más débil", permissions: [] } }),
      409,
    );
    expect(edit.messages).toEqual({ general: "You cannot change a role that has permissions you do not have" });
    const remove = expectErrorShape(
      await request("DELETE", `/api/roles/${stronger.id}`, { auth, language: "es" }),
      409,
    );
    expect(remove.message).toBe("No puedes modificar un rol que tiene permisos que tú no tienes");
    expect((await request("GET", `/api/roles/${stronger.id}`)).json().name).toBe("Más fuerte");

    expect((await request("DELETE", `/api/roles/${ownId}`, { auth })).statusCode).toBe(204);
    // The super-admin is exempt.
    expect(
      (
        await request("PUT", `/api/roles/${stronger.id}`, {
          payload: { name: "Más fuerte", permissions: PERMISSION_CODES },
        })
      ).statusCode,
    ).toBe(200);
  });
});
