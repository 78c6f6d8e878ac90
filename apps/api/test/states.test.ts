import { state } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { describeCrudContract, nextCode3, useGeography } from "./geography-suite.ts";
import { call, expectErrorShape } from "./helpers.ts";

const f = useGeography();

describeCrudContract(f, {
  path: "states",
  entity: state,
  option: state,
  validBody: async (fixtures) => ({
    name: `State ${nextCode3()}`,
    code: nextCode3(),
    country: (await fixtures.createCountry()).id,
  }),
  create: (fixtures, body) => fixtures.createState(body),
  codeMessages: { en: "Another state already uses this code", es: "Otro estado ya usa este código" },
  nameMissing: { en: "The state name is required", es: "El nombre del estado es obligatorio" },
  codeFormat: {
    en: "The state code must be exactly three capital letters",
    es: "El código del estado debe ser exactamente tres letras mayúsculas",
  },
  badCodes: ["jal", "JA", "JALI", "J4L"],
  reference: { field: "country", missing: "The country is required" },
});

const list = async (query: string) => {
  const response = await call(f.t.app, { method: "GET", url: `/api/states?${query}`, headers: f.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: { id: number; country: { id: number; name: string; code: string } }[];
    total: number;
  };
};

describe("states: specifics", () => {
  it("nests the country and filters by it, alone or with a search", async () => {
    const mexico = await f.createCountry({ name: "Filterland" });
    const other = await f.createCountry();
    const jalisco = await f.createState({ country: mexico.id, name: "Jalisco Test" });
    const nuevo = await f.createState({ country: mexico.id, name: "Nuevo León Test" });
    await f.createState({ country: other.id, name: "Jalisco Elsewhere" });

    expect(jalisco.country).toEqual({ id: mexico.id, name: "Filterland", code: mexico.code });
    expect(jalisco.countryId).toBe(mexico.id);

    const byCountry = await list(`country=${mexico.id}`);
    expect(byCountry.items.map((item) => item.id)).toEqual([jalisco.id, nuevo.id]);
    expect(byCountry.total).toBe(2);
    const combined = await list(`country=${mexico.id}&search=jalisco`);
    expect(combined.items.map((item) => item.id)).toEqual([jalisco.id]);
    expect((await list("country=2147483647")).total).toBe(0);
    // An empty filter (a cleared select) means no filter.
    expect((await list("country=")).total).toBeGreaterThanOrEqual(3);
    for (const bad of ["abc", "0", "-1", "99999999999"]) {
      expect(
        expectErrorShape(
          await call(f.t.app, { method: "GET", url: `/api/states?country=${bad}`, headers: f.auth }),
          400,
        ).messages,
      ).toEqual({
        country: "This value is not valid",
      });
    }
  });

  it("codes are unique within a country only", async () => {
    const a = await f.createCountry();
    const b = await f.createCountry();
    const code = nextCode3();
    await f.createState({ country: a.id, code });
    const elsewhere = await f.createState({ country: b.id, code });
    expect(elsewhere.code).toBe(code);
    // Moving it into a country that already has the code is refused.
    const moved = await call(f.t.app, {
      method: "PUT",
      url: `/api/states/${elsewhere.id}`,
      headers: f.auth,
      payload: { name: elsewhere.name, code, country: a.id },
    });
    expect(expectErrorShape(moved, 422).messages).toEqual({ code: "Another state already uses this code" });
  });

  it("PUT with an unknown country is refused and leaves the state unchanged", async () => {
    const target = await f.createState();
    const response = await call(f.t.app, {
      method: "PUT",
      url: `/api/states/${target.id}`,
      headers: f.auth,
      payload: { name: "Changed", code: target.code, country: 2147483647 },
    });
    expect(expectErrorShape(response, 422).messages).toEqual({ country: "The selected item does not exist" });
    const after = (await call(f.t.app, { method: "GET", url: `/api/states/${target.id}`, headers: f.auth })).json();
    expect(after).toEqual(target);
  });

  it("refuses to delete a state that still has cities (409 HAS_CITIES)", async () => {
    const city = await f.createCity();
    const refused = expectErrorShape(
      await call(f.t.app, { method: "DELETE", url: `/api/states/${city.stateId}`, headers: f.auth }),
      409,
    );
    expect(refused.message).toBe("This state still has cities; delete or move them first");
    expect(refused.messages).toEqual({ general: refused.message });
    const spanish = await call(f.t.app, {
      method: "DELETE",
      url: `/api/states/${city.stateId}`,
      headers: { ...f.auth, "accept-language": "es" },
    });
    expect(expectErrorShape(spanish, 409).message).toBe(
      "Este estado aún tiene ciudades; elimínalas o muévelas primero",
    );
    expect((await call(f.t.app, { method: "DELETE", url: `/api/cities/${city.id}`, headers: f.auth })).statusCode).toBe(
      204,
    );
    expect(
      (await call(f.t.app, { method: "DELETE", url: `/api/states/${city.stateId}`, headers: f.auth })).statusCode,
    ).toBe(204);
  });
});
