import { city } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { describeCrudContract, nextCityCode, nextCode3, useGeography } from "./geography-suite.ts";
import { call, expectErrorShape } from "./helpers.ts";

const f = useGeography();

describeCrudContract(f, {
  path: "cities",
  entity: city,
  option: city,
  validBody: async (fixtures) => ({
    name: `City ${nextCode3()}`,
    code: nextCityCode(),
    timeZone: "America/Mexico_City",
    state: (await fixtures.createState()).id,
  }),
  create: (fixtures, body) => fixtures.createCity(body),
  codeMessages: { en: "Another city already uses this code", es: "Otra ciudad ya usa este código" },
  nameMissing: { en: "The city name is required", es: "El nombre de la ciudad es obligatorio" },
  codeFormat: { en: "The city code must look like ABC-123", es: "El código de la ciudad debe tener la forma ABC-123" },
  badCodes: ["GDL001", "gdl-001", "GD-001", "GDL-01", "GDL-0001", "GDL_001", "123-GDL"],
  reference: { field: "state", missing: "The state is required" },
});

const list = async (query: string) => {
  const response = await call(f.t.app, { method: "GET", url: `/api/cities?${query}`, headers: f.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: { id: number }[]; total: number };
};

describe("cities: specifics", () => {
  it("nests state and country and filters by state, by country, and with a search", async () => {
    const mexico = await f.createCountry({ name: "Mexico Test" });
    const jalisco = await f.createState({ country: mexico.id, name: "Jalisco" });
    const nuevoLeon = await f.createState({ country: mexico.id, name: "Nuevo León" });
    const other = await f.createState();
    const gdl = await f.createCity({ state: jalisco.id, name: "Guadalajara", timeZone: "America/Mexico_City" });
    const zap = await f.createCity({ state: jalisco.id, name: "Zapopan" });
    const mty = await f.createCity({ state: nuevoLeon.id, name: "Monterrey", timeZone: "America/Monterrey" });
    await f.createCity({ state: other.id, name: "Guadalajara de Buga" });

    expect(gdl).toMatchObject({
      stateId: jalisco.id,
      state: { id: jalisco.id, name: "Jalisco", code: jalisco.code },
      country: { id: mexico.id, name: "Mexico Test", code: mexico.code },
      timeZone: "America/Mexico_City",
    });

    expect((await list(`state=${jalisco.id}`)).items.map((item) => item.id)).toEqual([gdl.id, zap.id]);
    expect((await list(`country=${mexico.id}`)).items.map((item) => item.id)).toEqual([gdl.id, mty.id, zap.id]);
    expect((await list(`country=${mexico.id}&search=guadalajara`)).items.map((item) => item.id)).toEqual([gdl.id]);
    expect((await list(`state=${nuevoLeon.id}&country=${mexico.id}`)).items.map((item) => item.id)).toEqual([mty.id]);
    expect((await list(`state=${other.id}&country=${mexico.id}`)).total).toBe(0);
    expect((await list("state=&country=")).total).toBeGreaterThanOrEqual(4);
    for (const query of ["state=abc", "country=1.5", "state=0"]) {
      const response = await call(f.t.app, { method: "GET", url: `/api/cities?${query}`, headers: f.auth });
      expect(Object.keys(expectErrorShape(response, 400).messages!)).toEqual([query.split("=")[0]]);
    }
  });

  it("validates the time zone against the IANA database", async () => {
    const stateId = (await f.createState()).id;
    for (const timeZone of ["America/Tijuana", "America/Hermosillo", "America/Cancun", "UTC", "Europe/Madrid"]) {
      await f.createCity({ state: stateId, timeZone });
    }
    for (const [timeZone, en] of [
      ["Mars/Olympus", "Choose a valid time zone"],
      ["GMT+5; DROP TABLE", "Choose a valid time zone"],
      ["", "The time zone is required"],
      ["x".repeat(65), "This value is too long"],
    ] as const) {
      const response = await call(f.t.app, {
        method: "POST",
        url: "/api/cities",
        headers: f.auth,
        payload: { name: "Somewhere", code: nextCityCode(), timeZone, state: stateId },
      });
      expect(expectErrorShape(response, 422).messages, timeZone).toEqual({ timeZone: en });
    }
    const spanish = await call(f.t.app, {
      method: "POST",
      url: "/api/cities",
      headers: { ...f.auth, "accept-language": "es" },
      payload: { name: "Somewhere", code: nextCityCode(), timeZone: "Nowhere/Land", state: stateId },
    });
    expect(expectErrorShape(spanish, 422).messages).toEqual({ timeZone: "Elige una zona horaria válida" });
  });

  it("city codes are unique across states", async () => {
    const first = await f.createCity();
    const response = await call(f.t.app, {
      method: "POST",
      url: "/api/cities",
      headers: f.auth,
      payload: { name: "Copy", code: first.code, timeZone: "UTC", state: (await f.createState()).id },
    });
    expect(expectErrorShape(response, 422).messages).toEqual({ code: "Another city already uses this code" });
  });

  it("reports several problems at once: duplicate code and unknown state", async () => {
    const first = await f.createCity();
    const response = await call(f.t.app, {
      method: "POST",
      url: "/api/cities",
      headers: f.auth,
      payload: { name: "Copy", code: first.code, timeZone: "UTC", state: 2147483647 },
    });
    expect(expectErrorShape(response, 422).messages).toEqual({
      state: "The selected item does not exist",
      code: "Another city already uses this code",
    });
  });

  it("takes the state only as a number or a string of digits: true, [id] and numerals are refused (422)", async () => {
    const stateId = (await f.createCity()).state.id;
    for (const state of [true, [stateId], "1e0", { id: stateId }]) {
      const response = await call(f.t.app, {
        method: "POST",
        url: "/api/cities",
        headers: f.auth,
        payload: { name: "Coerced", code: nextCityCode(), timeZone: "UTC", state },
      });
      expect(expectErrorShape(response, 422).messages, JSON.stringify(state)).toEqual({
        state: "This reference must be a whole number greater than zero",
      });
    }
    const response = await call(f.t.app, {
      method: "POST",
      url: "/api/cities",
      headers: f.auth,
      payload: { name: "From a select", code: nextCityCode(), timeZone: "UTC", state: ` ${stateId} ` },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("GET /api/countries/all serves the city form (CITIES_CREATE, CITIES_EDIT)", async () => {
    for (const code of ["CITIES_CREATE", "CITIES_EDIT"] as const) {
      const response = await call(f.t.app, {
        method: "GET",
        url: "/api/countries/all",
        headers: await f.t.userWith(code),
      });
      expect(response.statusCode, `${code}: ${response.body}`).toBe(200);
    }
  });
});
