import { city, cityOption, country, countryOption, PAGE_SIZE, paged, state, stateOption } from "@palco/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { bearer, call, createTestApp, expectErrorShape, type TestApp } from "./helpers.ts";

export type GeoPath = "countries" | "states" | "cities";
type Body = Record<string, unknown>;

let codeSequence = 0;
/** Unique three capital letters per call within a test file. */
export function nextCode3(): string {
  codeSequence += 1;
  let n = codeSequence + 26 * 26; // skip "AAA".."AZZ" so codes never look like fixtures of the seed
  let code = "";
  for (let i = 0; i < 3; i++) {
    code = String.fromCharCode(65 + (n % 26)) + code;
    n = Math.floor(n / 26);
  }
  return code;
}
export const nextCityCode = () => `${nextCode3()}-${String(codeSequence % 1000).padStart(3, "0")}`;

export interface GeoFixtures {
  t: TestApp;
  auth: { authorization: string };
  createCountry(body?: Partial<Body>): Promise<z.infer<typeof country>>;
  createState(body?: Partial<Body>): Promise<z.infer<typeof state>>;
  createCity(body?: Partial<Body>): Promise<z.infer<typeof city>>;
}

/** Builds an app for a test file and helpers that create rows through the API as the super-admin. */
export function useGeography(): GeoFixtures {
  const fixtures = {} as GeoFixtures;
  beforeAll(async () => {
    fixtures.t = await createTestApp();
    fixtures.auth = bearer(await fixtures.t.adminToken());
  });
  afterAll(async () => {
    await fixtures.t?.close();
  });
  const post = async (path: GeoPath, body: Body) => {
    const response = await call(fixtures.t.app, {
      method: "POST",
      url: `/api/${path}`,
      headers: fixtures.auth,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  fixtures.createCountry = async (body = {}) =>
    country.parse(await post("countries", { name: `Country ${nextCode3()}`, code: nextCode3(), ...body }));
  fixtures.createState = async (body = {}) => {
    const countryId = body.country ?? (await fixtures.createCountry()).id;
    return state.parse(
      await post("states", { name: `State ${nextCode3()}`, code: nextCode3(), ...body, country: countryId }),
    );
  };
  fixtures.createCity = async (body = {}) => {
    const stateId = body.state ?? (await fixtures.createState()).id;
    return city.parse(
      await post("cities", {
        name: `City ${nextCode3()}`,
        code: nextCityCode(),
        timeZone: "America/Mexico_City",
        ...body,
        state: stateId,
      }),
    );
  };
  return fixtures;
}

interface Contract {
  path: GeoPath;
  entity: z.ZodType;
  option: z.ZodType;
  /** A valid body with a fresh code (creating parents as needed). */
  validBody(f: GeoFixtures): Promise<Body>;
  create(f: GeoFixtures, body?: Partial<Body>): Promise<{ id: number; name: string; code: string }>;
  codeMessages: { en: string; es: string };
  nameMissing: { en: string; es: string };
  codeFormat: { en: string; es: string };
  /** A code with the right format that the schema still refuses (wrong shape). */
  badCodes: string[];
  /** The reference field (state, country) and its missing message, if any. */
  reference?: { field: string; missing: string };
}

const optionSchemas = { countries: countryOption, states: stateOption, cities: cityOption };

/** The behaviour every geography resource shares: list, lookup, get, create, update, delete, (de)activate. */
export function describeCrudContract(f: GeoFixtures, c: Contract) {
  const url = `/api/${c.path}`;
  const req = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    extra: { payload?: unknown; language?: string } = {},
  ) =>
    call(f.t.app, {
      method,
      url: path,
      headers: { ...f.auth, ...(extra.language ? { "accept-language": extra.language } : {}) },
      ...(extra.payload !== undefined ? { payload: extra.payload as Body } : {}),
    });

  describe(`${c.path}: reads`, () => {
    it("pages 12 at a time with total and pageCount, ordered by name", async () => {
      const marker = `Paging${nextCode3()}`;
      for (let i = 0; i < 14; i++) await c.create(f, { name: `${marker} ${String(i).padStart(2, "0")}` });
      const first = await req("GET", `${url}?search=${marker}`);
      expect(first.statusCode).toBe(200);
      const page1 = paged(c.entity).parse(first.json());
      expect(page1).toMatchObject({ page: 1, pageSize: PAGE_SIZE, total: 14, pageCount: 2 });
      expect(page1.items).toHaveLength(12);
      const names = page1.items.map((item) => (item as { name: string }).name);
      expect(names).toEqual([...names].sort());
      const page2 = (await req("GET", `${url}?search=${marker}&page=2`)).json();
      expect(page2).toMatchObject({ page: 2, total: 14, pageCount: 2 });
      expect(page2.items).toHaveLength(2);
      const page3 = (await req("GET", `${url}?search=${marker}&page=3`)).json();
      expect(page3).toMatchObject({ page: 3, total: 14, items: [] });
      const empty = (await req("GET", `${url}?search=nothing-matches-this`)).json();
      expect(empty).toMatchObject({ items: [], total: 0, pageCount: 0, page: 1, pageSize: 12 });
    });

    it("searches name and code case-insensitively; % and _ are literal", async () => {
      const code = (await c.validBody(f)).code as string;
      const created = await c.create(f, { name: "Zürich_100% Test", code });
      const byName = (await req("GET", `${url}?search=${encodeURIComponent("zürich_100%")}`)).json();
      expect(byName.items.map((item: { id: number }) => item.id)).toEqual([created.id]);
      const byCode = (await req("GET", `${url}?search=${code.toLowerCase()}`)).json();
      expect(byCode.items.map((item: { id: number }) => item.id)).toContain(created.id);
      const contained = (await req("GET", `${url}?search=${encodeURIComponent("0% t")}`)).json();
      expect(contained.items.map((item: { id: number }) => item.id)).toEqual([created.id]);
      // One or two characters match the start of the name or code, still literally.
      const wild = await c.create(f, { name: `%_Wild ${nextCode3()}` });
      const percent = (await req("GET", `${url}?search=${encodeURIComponent("%")}`)).json();
      expect(percent.items.map((item: { id: number }) => item.id)).toEqual([wild.id]);
      const both = (await req("GET", `${url}?search=${encodeURIComponent("%_")}`)).json();
      expect(both.items.map((item: { id: number }) => item.id)).toEqual([wild.id]);
      const underscore = (await req("GET", `${url}?search=_`)).json();
      expect(underscore.items).toEqual([]);
      const start = (await req("GET", `${url}?search=${encodeURIComponent("zü")}`)).json();
      expect(start.items.map((item: { id: number }) => item.id)).toContain(created.id);
      const middle = (await req("GET", `${url}?search=${encodeURIComponent("ri")}`)).json();
      expect(middle.items.map((item: { id: number }) => item.id)).not.toContain(created.id);
      // Blank search means no filter.
      expect((await req("GET", `${url}?search=`)).json().total).toBeGreaterThan(1);
    });

    it("rejects bad query strings with 400 and field messages", async () => {
      for (const [query, field] of [
        ["page=0", "page"],
        ["page=abc", "page"],
        ["page=1.5", "page"],
        ["page=99999999999", "page"],
        ["page=1&page=2", "page"],
        ["search=%00", "search"],
        [`search=${"x".repeat(101)}`, "search"],
        ["search=a&search=b", "search"],
      ] as const) {
        const body = expectErrorShape(await req("GET", `${url}?${query}`), 400);
        expect(Object.keys(body.messages!), query).toEqual([field]);
      }
      const spanish = expectErrorShape(await req("GET", `${url}?search=%00`, { language: "es" }), 400);
      expect(spanish.messages).toEqual({ search: "Este valor contiene caracteres no permitidos" });
      // Unknown query parameters are ignored.
      expect((await req("GET", `${url}?foo=bar`)).statusCode).toBe(200);
    });

    it("GET /all answers every row as options, ordered by name", async () => {
      await c.create(f);
      const response = await req("GET", `${url}/all`);
      expect(response.statusCode).toBe(200);
      const options = optionSchemas[c.path].array().parse(response.json());
      const names = options.map((option) => option.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(options.length).toBe((await req("GET", url)).json().total);
    });

    it("GET /:id answers the entity; 404 for unknown ids; 400 for malformed ids", async () => {
      const created = await c.create(f);
      const response = await req("GET", `${url}/${created.id}`);
      expect(response.statusCode).toBe(200);
      expect(c.entity.parse(response.json())).toMatchObject({ id: created.id, isActive: true });

      const missing = expectErrorShape(await req("GET", `${url}/2147483647`), 404);
      expect(missing.message).toBe("The requested item was not found");
      expect(expectErrorShape(await req("GET", `${url}/2147483647`, { language: "es" }), 404).message).toBe(
        "No se encontró el elemento solicitado",
      );
      for (const id of ["abc", "0", "-1", "1.5", "99999999999", "2147483648", "%00", "1e400", "%20"]) {
        const body = expectErrorShape(await req("GET", `${url}/${id}`), 400);
        expect(body.messages, id).toEqual({ id: "This value is not valid" });
      }
    });
  });

  describe(`${c.path}: writes`, () => {
    it("POST creates (201) and the entity can be read back", async () => {
      const body = await c.validBody(f);
      const response = await req("POST", url, { payload: body });
      expect(response.statusCode).toBe(201);
      const created = c.entity.parse(response.json()) as { id: number; code: string; createdAt: string };
      expect(created.code).toBe(body.code);
      expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
      expect((await req("GET", `${url}/${created.id}`)).json()).toEqual(created);
    });

    it("trims text and lists a message per invalid field, in English and Spanish", async () => {
      const body = await c.validBody(f);
      const trimmed = await req("POST", url, { payload: { ...body, name: "  Spaced  " } });
      expect(trimmed.json().name).toBe("Spaced");

      const empty = expectErrorShape(await req("POST", url, { payload: {} }), 422);
      expect(Object.keys(empty.messages!).sort()).toEqual(Object.keys(body).sort());
      expect(empty.messages!.name).toBe(c.nameMissing.en);
      expect(empty.message.split("\n")).toEqual(Object.values(empty.messages!));
      const emptyEs = expectErrorShape(await req("POST", url, { payload: {}, language: "es" }), 422);
      expect(emptyEs.messages!.name).toBe(c.nameMissing.es);

      for (const code of c.badCodes) {
        const bad = expectErrorShape(await req("POST", url, { payload: { ...body, code } }), 422);
        expect(bad.messages, code).toEqual({ code: c.codeFormat.en });
      }
      const badEs = expectErrorShape(await req("POST", url, { payload: { ...body, code: "x" }, language: "es" }), 422);
      expect(badEs.messages).toEqual({ code: c.codeFormat.es });

      const cases: [Body, string, string][] = [
        [{ name: "   " }, "name", c.nameMissing.en],
        [{ name: "x".repeat(256) }, "name", "This value is too long"],
        [{ name: "bad\u0000name" }, "name", "This value contains characters that are not allowed"],
        [{ name: 42 }, "name", c.nameMissing.en],
        [{ name: null }, "name", c.nameMissing.en],
        [{ code: "x".repeat(5000) }, "code", "This value is too long"],
        [{ code: "A\u0000B" }, "code", "This value contains characters that are not allowed"],
      ];
      for (const [patch, field, message] of cases) {
        const bad = expectErrorShape(await req("POST", url, { payload: { ...body, ...patch } }), 422);
        expect(bad.messages?.[field], JSON.stringify(patch)).toBe(message);
      }
      const tooLongEs = expectErrorShape(
        await req("POST", url, { payload: { ...body, name: "x".repeat(300) }, language: "es" }),
        422,
      );
      expect(tooLongEs.messages).toEqual({ name: "Este valor es demasiado largo" });
    });

    it("refuses bodies that are not objects, malformed JSON and oversized payloads without a 500", async () => {
      const arrayBody = expectErrorShape(await req("POST", url, { payload: [] }), 422);
      expect(arrayBody.messages).toBeDefined();
      expectErrorShape(
        await call(f.t.app, {
          method: "POST",
          url,
          headers: { ...f.auth, "content-type": "application/json" },
          payload: '{"name": "x",',
        }),
        400,
      );
      const huge = await call(f.t.app, {
        method: "POST",
        url,
        headers: { ...f.auth, "content-type": "application/json" },
        payload: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
      });
      expectErrorShape(huge, 413);
      const text = await call(f.t.app, {
        method: "POST",
        url,
        headers: { ...f.auth, "content-type": "text/plain" },
        payload: "name=x",
      });
      expect(expectErrorShape(text, 422).messages).toEqual({ general: "This value is not valid" });
      const xml = await call(f.t.app, {
        method: "POST",
        url,
        headers: { ...f.auth, "content-type": "application/xml" },
        payload: "<name>x</name>",
      });
      expectErrorShape(xml, 415);
    });

    it("refuses a duplicate code with 422 messages.code and writes nothing", async () => {
      const existing = await c.create(f);
      const before = (await req("GET", url)).json().total;
      const body: Body = { ...(await c.validBody(f)), code: existing.code };
      if (c.path === "states") body.country = (await req("GET", `${url}/${existing.id}`)).json().countryId;
      const duplicate = expectErrorShape(await req("POST", url, { payload: body }), 422);
      expect(duplicate.messages).toEqual({ code: c.codeMessages.en });
      expect(duplicate.message).toBe(c.codeMessages.en);
      const spanish = expectErrorShape(await req("POST", url, { payload: body, language: "es" }), 422);
      expect(spanish.messages).toEqual({ code: c.codeMessages.es });
      expect((await req("GET", url)).json().total).toBe(before);
    });

    if (c.reference) {
      const reference = c.reference;
      it(`refuses an unknown ${reference.field} with 422 and writes nothing`, async () => {
        const before = (await req("GET", url)).json().total;
        const body = await c.validBody(f);
        for (const id of [2147483647, 99999999999]) {
          const unknown = expectErrorShape(
            await req("POST", url, { payload: { ...body, [reference.field]: id } }),
            422,
          );
          expect(unknown.messages).toEqual({ [reference.field]: "The selected item does not exist" });
        }
        const spanish = expectErrorShape(
          await req("POST", url, { payload: { ...body, [reference.field]: 2147483647 }, language: "es" }),
          422,
        );
        expect(spanish.messages).toEqual({ [reference.field]: "El elemento seleccionado no existe" });
        for (const value of ["", null]) {
          const bad = expectErrorShape(await req("POST", url, { payload: { ...body, [reference.field]: value } }), 422);
          expect(bad.messages, String(value)).toEqual({ [reference.field]: reference.missing });
        }
        // Given but not an id: a format error, not "required".
        for (const value of ["abc", 0, -3, 1.5]) {
          const bad = expectErrorShape(await req("POST", url, { payload: { ...body, [reference.field]: value } }), 422);
          expect(bad.messages, String(value)).toEqual({
            [reference.field]: "This reference must be a whole number greater than zero",
          });
        }
        // A select sends the id as a string.
        const asString = await req("POST", url, {
          payload: { ...body, [reference.field]: String(body[reference.field]) },
        });
        expect(asString.statusCode).toBe(201);
        expect((await req("GET", url)).json().total).toBe(before + 1);
      });
    }

    it("PUT updates; keeps its own code; 404 for unknown ids; 422 for another row's code, leaving the row intact", async () => {
      const target = await c.create(f);
      const other = await c.create(f);
      const original = (await req("GET", `${url}/${target.id}`)).json();
      const body = await c.validBody(f);
      if (c.path === "states") body.country = original.countryId;
      if (c.path === "cities") body.state = original.stateId;

      const renamed = await req("PUT", `${url}/${target.id}`, {
        payload: { ...body, name: "Renamed", code: original.code },
      });
      expect(renamed.statusCode).toBe(200);
      const updated = c.entity.parse(renamed.json()) as { name: string; updatedAt: string; createdAt: string };
      expect(updated.name).toBe("Renamed");
      expect(updated.createdAt).toBe(original.createdAt);
      expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(original.updatedAt).getTime());

      const otherRow = (await req("GET", `${url}/${other.id}`)).json();
      const clashBody: Body = { ...body, code: other.code };
      if (c.path === "states") clashBody.country = otherRow.countryId;
      const clash = expectErrorShape(await req("PUT", `${url}/${target.id}`, { payload: clashBody }), 422);
      expect(clash.messages).toEqual({ code: c.codeMessages.en });
      expect((await req("GET", `${url}/${target.id}`)).json().name).toBe("Renamed");

      expectErrorShape(await req("PUT", `${url}/2147483647`, { payload: body }), 404);
      expectErrorShape(await req("PUT", `${url}/abc`, { payload: body }), 400);
      expectErrorShape(await req("PUT", `${url}/${target.id}`, { payload: { ...body, name: "" } }), 422);
      expect((await req("GET", `${url}/${target.id}`)).json().name).toBe("Renamed");
    });

    it("PUT /:id/deactivate and /activate answer the updated entity", async () => {
      const target = await c.create(f);
      const off = await req("PUT", `${url}/${target.id}/deactivate`);
      expect(off.statusCode).toBe(200);
      expect(c.entity.parse(off.json())).toMatchObject({ id: target.id, isActive: false });
      expect((await req("GET", `${url}/${target.id}`)).json().isActive).toBe(false);
      const on = await call(f.t.app, {
        method: "PUT",
        url: `${url}/${target.id}/activate`,
        headers: { ...f.auth, "content-type": "application/json" },
        payload: "",
      });
      expect(on.statusCode).toBe(200);
      expect(on.json().isActive).toBe(true);
      expectErrorShape(await req("PUT", `${url}/2147483647/activate`), 404);
      expectErrorShape(await req("PUT", `${url}/x/deactivate`), 400);
    });

    it("DELETE answers 204, then the row is gone; 404 for unknown ids", async () => {
      const target = await c.create(f);
      const deleted = await req("DELETE", `${url}/${target.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe("");
      expectErrorShape(await req("GET", `${url}/${target.id}`), 404);
      expectErrorShape(await req("DELETE", `${url}/${target.id}`), 404);
      expectErrorShape(await req("DELETE", `${url}/0`), 400);
    });
  });
}
