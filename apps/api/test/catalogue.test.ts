import { access } from "node:fs/promises";
import path from "node:path";
import {
  CATALOGUE_IMAGE_MAX_BYTES,
  type Category,
  category,
  event,
  instantToWallTime,
  paged,
  type Service,
  service,
  venue,
  venueInput,
  venueOption,
  wallTimeToInstant,
} from "@palco/shared";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { call, expectErrorShape, type TestApp, withTestApp } from "./helpers.ts";
import { images } from "./images.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, header) => {
  t = app;
  admin = header;
});

type Fields = Record<string, string | string[]>;
type Part = { name?: string; data: Buffer; filename: string; type: string };

function form(fields: Fields, files: Part[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  for (const file of files) {
    data.append(file.name ?? "picture", new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  }
  return data;
}

const png = async (width = 300, height = 200): Promise<Part> => ({
  data: await images.png(width, height),
  filename: "icon.png",
  type: "image/png",
});

const send = (
  method: "POST" | "PUT" | "DELETE" | "GET",
  url: string,
  payload?: FormData | Record<string, unknown>,
  language?: "en" | "es",
) =>
  call(t.app, {
    method,
    url,
    headers: { ...admin, ...(language ? { "accept-language": language } : {}) },
    ...(payload ? { payload } : {}),
  });

async function createCategory(name: string, order: number | string, files: Part[] = []): Promise<Category> {
  const response = await send("POST", "/api/categories", form({ name, order: String(order) }, files));
  expect(response.statusCode, response.body).toBe(201);
  return category.parse(response.json());
}

async function categoryOrder(): Promise<string[]> {
  const response = await send("GET", "/api/categories/all");
  expect(response.statusCode).toBe(200);
  const rows = response.json() as { name: string; order: number }[];
  // Always gapless: 1..n in the order they are listed.
  expect(rows.map((row) => row.order)).toEqual(rows.map((_, index) => index + 1));
  return rows.map((row) => row.name);
}

const exists = (url: string) =>
  access(path.join(t.dataDir, url)).then(
    () => true,
    () => false,
  );

describe("categories", () => {
  it("stores the icon in two variants, served as immutable WebP that is never sniffed", async () => {
    const created = await createCategory("Fútbol", 1, [await png(1200, 900)]);
    expect(created).toMatchObject({ name: "Fútbol", order: 1, isActive: true });
    expect(created.iconUrl).toMatch(/^\/uploads\/categories\/[0-9a-f]{32}\.webp$/);
    expect(created.iconSmallUrl).toMatch(/^\/uploads\/categories\/[0-9a-f]{32}\.webp$/);
    for (const [url, longest] of [
      [created.iconUrl!, 512],
      [created.iconSmallUrl!, 96],
    ] as const) {
      const file = await call(t.app, { method: "GET", url });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const { width, height, format } = await sharp(file.rawPayload).metadata();
      expect(format).toBe("webp");
      expect(Math.max(width, height)).toBe(longest);
    }
    await send("DELETE", `/api/categories/${created.id}`);
  });

  it("keeps the order a gapless 1..n through inserts, moves, clamped orders and deletes", async () => {
    expect(await categoryOrder()).toEqual([]);
    const a = await createCategory("A", 1);
    const b = await createCategory("B", 2);
    const c = await createCategory("C", 3);
    // A new one at 1 pushes the others down.
    const d = await createCategory("D", 1);
    expect(await categoryOrder()).toEqual(["D", "A", "B", "C"]);
    // An order past the end lands at the end (n + 1 on create).
    await createCategory("E", 99);
    expect(await categoryOrder()).toEqual(["D", "A", "B", "C", "E"]);

    const move = async (target: Category, order: number) => {
      const response = await send(
        "PUT",
        `/api/categories/${target.id}`,
        form({ name: target.name, order: `${order}` }),
      );
      expect(response.statusCode, response.body).toBe(200);
      return category.parse(response.json());
    };
    await move(c, 2);
    expect(await categoryOrder()).toEqual(["D", "C", "A", "B", "E"]);
    await move(d, 4);
    expect(await categoryOrder()).toEqual(["C", "A", "B", "D", "E"]);
    expect((await move(a, 42)).order).toBe(5);
    expect(await categoryOrder()).toEqual(["C", "B", "D", "E", "A"]);

    // The paged list follows the same order.
    const list = paged(category).parse((await send("GET", "/api/categories")).json());
    expect(list.items.map((item) => item.name)).toEqual(["C", "B", "D", "E", "A"]);

    expect((await send("DELETE", `/api/categories/${b.id}`)).statusCode).toBe(204);
    expect(await categoryOrder()).toEqual(["C", "D", "E", "A"]);
  });

  it("stays gapless when staff move categories at the same time", async () => {
    const before = await categoryOrder();
    const all = (await send("GET", "/api/categories/all")).json() as Category[];
    const responses = await Promise.all(
      all.flatMap((row, index) => [
        send("PUT", `/api/categories/${row.id}`, { name: row.name, order: ((index * 3) % all.length) + 1 }),
        send("PUT", `/api/categories/${row.id}`, { name: row.name, order: 1 }),
      ]),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const after = await categoryOrder();
    expect([...after].sort()).toEqual([...before].sort());
  });

  it("answers every field's problem at once, in the caller's language", async () => {
    const empty = expectErrorShape(await send("POST", "/api/categories", form({ name: " ", order: "" }), "es"), 422);
    expect(empty.messages).toEqual({
      name: "El nombre de la categoría es obligatorio",
      order: "El orden es obligatorio",
    });
    for (const order of ["abc", "1.5", "0", "-2", "99999999999"]) {
      const response = await send("POST", "/api/categories", form({ name: "X", order }));
      expect(expectErrorShape(response, 422).messages, order).toEqual({
        order: "The order must be a whole number from 1",
      });
    }
  });

  it("judges the image by its bytes: SVG, GIF, text, bombs, two files and oversize bodies are 422 on picture", async () => {
    const cases: [string, Part[], string][] = [
      ["svg", [{ data: images.svg(), filename: "a.svg", type: "image/svg+xml" }], "FORMAT"],
      ["svg named png", [{ data: images.svg(), filename: "a.png", type: "image/png" }], "FORMAT"],
      ["gif", [{ data: await images.gif(), filename: "a.gif", type: "image/gif" }], "FORMAT"],
      ["text", [{ data: images.text(), filename: "a.jpg", type: "image/jpeg" }], "FORMAT"],
      ["bomb", [{ data: images.bombHeader(), filename: "a.png", type: "image/png" }], "DIMENSIONS"],
      ["two", [await png(), { ...(await png()), name: "picture" }], "COUNT"],
      ["other part", [{ ...(await png()), name: "avatar" }], "PART_NAME"],
      [
        "oversize",
        [{ data: Buffer.alloc(CATALOGUE_IMAGE_MAX_BYTES + 1, 7), filename: "a.png", type: "image/png" }],
        "TOO_LARGE",
      ],
    ];
    const texts: Record<string, string> = {
      FORMAT: "The image must be a JPEG, PNG or WebP picture",
      DIMENSIONS: "The image's dimensions are too large (at most 40 megapixels)",
      COUNT: "Only one image is allowed",
      PART_NAME: "The image arrived under another part name: send it in this field",
      TOO_LARGE: "The image must be at most 8 MB",
    };
    const countBefore = (await categoryOrder()).length;
    for (const [label, files, key] of cases) {
      const response = await send("POST", "/api/categories", form({ name: `Bad ${label}`, order: "1" }, files));
      expect(expectErrorShape(response, 422).messages, label).toEqual({ picture: texts[key] });
    }
    // A 60 MB body is read to its end and refused on the field, not with 413 or 500.
    const huge = await send(
      "POST",
      "/api/categories",
      form({ name: "Huge", order: "1" }, [
        { data: Buffer.alloc(60 * 1024 * 1024, 1), filename: "h.png", type: "image/png" },
      ]),
    );
    expect(expectErrorShape(huge, 422).messages).toEqual({ picture: texts.TOO_LARGE });
    // Nothing was half-saved.
    expect((await categoryOrder()).length).toBe(countBefore);
  });

  it("an edit without a picture keeps the icon; a new one replaces it; removePicture clears it; files go with them", async () => {
    const created = await createCategory("Box", 1, [await png()]);
    const kept = category.parse(
      (await send("PUT", `/api/categories/${created.id}`, form({ name: "Box!", order: "1" }))).json(),
    );
    expect(kept).toMatchObject({ name: "Box!", iconUrl: created.iconUrl, iconSmallUrl: created.iconSmallUrl });

    const replacedResponse = await send(
      "PUT",
      `/api/categories/${created.id}`,
      form({ name: "Box", order: "1" }, [await png(640, 640)]),
    );
    expect(replacedResponse.statusCode, replacedResponse.body).toBe(200);
    const replaced = category.parse(replacedResponse.json());
    expect(replaced.iconUrl).not.toBe(created.iconUrl);
    expect(await exists(created.iconUrl!)).toBe(false);
    expect(await exists(created.iconSmallUrl!)).toBe(false);
    expect(await exists(replaced.iconUrl!)).toBe(true);

    const removed = await send(
      "PUT",
      `/api/categories/${created.id}`,
      form({ name: "Box", order: "1", removePicture: "true" }),
    );
    expect(category.parse(removed.json())).toMatchObject({ iconUrl: null, iconSmallUrl: null });
    expect(await exists(replaced.iconUrl!)).toBe(false);
    expect(await exists(replaced.iconSmallUrl!)).toBe(false);

    const again = category.parse(
      (await send("PUT", `/api/categories/${created.id}`, form({ name: "Box", order: "1" }, [await png()]))).json(),
    );
    expect((await send("DELETE", `/api/categories/${created.id}`)).statusCode).toBe(204);
    expect(await exists(again.iconUrl!)).toBe(false);
    expect(await exists(again.iconSmallUrl!)).toBe(false);
  });

  it("blocks and unblocks, and records who changed what in the audit trail", async () => {
    const created = await createCategory("Lucha libre", 1);
    const blocked = await send("PUT", `/api/categories/${created.id}/deactivate`);
    expect(category.parse(blocked.json()).isActive).toBe(false);
    const unblocked = await send("PUT", `/api/categories/${created.id}/activate`);
    expect(category.parse(unblocked.json()).isActive).toBe(true);
    const trail = await send("GET", `/api/audit-log?resource=categories&recordId=${created.id}`);
    expect((trail.json() as { items: { action: string }[] }).items.map((entry) => entry.action)).toEqual([
      "activate",
      "deactivate",
      "create",
    ]);
  });

  it("refuses bad list queries with 400, never 500", async () => {
    for (const query of ["page=0", "page=abc", "search=%00x", `page=${"9".repeat(40)}`]) {
      expectErrorShape(await send("GET", `/api/categories?${query}`), 400);
    }
    expectErrorShape(await send("GET", `/api/categories/${"9".repeat(40)}`), 400);
    expectErrorShape(await send("GET", "/api/categories/999999"), 404);
  });
});

describe("services", () => {
  async function createService(name: string, order: number | string, files: Part[] = []): Promise<Service> {
    const response = await send("POST", "/api/services", form({ name, order: String(order) }, files));
    expect(response.statusCode, response.body).toBe(201);
    return service.parse(response.json());
  }

  it("take a free order (ties list by id), have no active flag and no block/unblock", async () => {
    const valet = await createService("Valet parking", 5, [await png()]);
    const waiter = await createService("Mesero", 5);
    const drinks = await createService("Bebidas", 1);
    expect(valet).not.toHaveProperty("isActive");
    expect(valet.iconSmallUrl).toMatch(/^\/uploads\/services\//);
    const all = (await send("GET", "/api/services/all")).json() as Service[];
    expect(all.map((row) => [row.name, row.order])).toEqual([
      ["Bebidas", 1],
      ["Valet parking", 5],
      ["Mesero", 5],
    ]);
    for (const action of ["activate", "deactivate"]) {
      expect((await send("PUT", `/api/services/${valet.id}/${action}`)).statusCode).toBe(404);
    }
    const updated = await send("PUT", `/api/services/${waiter.id}`, { name: "Mesero privado", order: 2 });
    expect(service.parse(updated.json())).toMatchObject({ name: "Mesero privado", order: 2, iconUrl: null });
    expect((await send("DELETE", `/api/services/${drinks.id}`)).statusCode).toBe(204);
    expectErrorShape(await send("GET", `/api/services/${drinks.id}`), 404);
  });

  it("checks name and order with the services' own texts", async () => {
    const response = await send("POST", "/api/services", form({ name: "", order: "x" }), "es");
    expect(expectErrorShape(response, 422).messages).toEqual({
      name: "El nombre del servicio es obligatorio",
      order: "El orden debe ser un número entero desde 1",
    });
  });
});

describe("venues", () => {
  let cityId: number;
  let otherCityId: number;

  async function createCity(name: string, code: string): Promise<number> {
    const country = await send("POST", "/api/countries", { name: `País ${code}`, code: code.slice(0, 3) });
    expect(country.statusCode, country.body).toBe(201);
    const state = await send("POST", "/api/states", {
      name: `Estado ${code}`,
      code: code.slice(0, 3),
      country: country.json<{ id: number }>().id,
    });
    expect(state.statusCode, state.body).toBe(201);
    const city = await send("POST", "/api/cities", {
      name,
      code: `${code.slice(0, 3)}-001`,
      timeZone: "America/Mexico_City",
      state: state.json<{ id: number }>().id,
    });
    expect(city.statusCode, city.body).toBe(201);
    return city.json<{ id: number }>().id;
  }

  const venueFields = (overrides: Fields = {}): Fields => ({
    name: "Estadio Akron",
    address: "Cto. J.V.C. 2800, El Bajío, Zapopan",
    contact: "+52 333 777 8900",
    city: String(cityId),
    latitude: "20.681842",
    longitude: "-103.462686",
    ...overrides,
  });
  const wide = async (width = 1200, height = 700): Promise<Part> => ({
    data: await images.png(width, height),
    filename: "stadium.png",
    type: "image/png",
  });

  it("measures the picture itself: what the client says about its size is ignored", async () => {
    cityId = await createCity("Zapopan", "ZAP");
    otherCityId = await createCity("Monterrey", "MTY");
    const response = await send(
      "POST",
      "/api/venues",
      form(venueFields({ pictureWidth: "5000", pictureHeight: "9" }), [await wide(1200, 700)]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = venue.parse(response.json());
    expect(created).toMatchObject({
      name: "Estadio Akron",
      pictureWidth: 1200,
      pictureHeight: 700,
      latitude: 20.681842,
      longitude: -103.462686,
      isActive: true,
      events: [],
      boxes: 0,
      city: { id: cityId, name: "Zapopan" },
      state: { name: "Estado ZAP" },
      country: { name: "País ZAP" },
    });
    expect(created.pictureUrl).toMatch(/^\/uploads\/venues\//);
    const small = await call(t.app, { method: "GET", url: created.pictureSmallUrl! });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(480);
  });

  it("refuses a picture narrower than 1000 px on the picture field, whatever the client claims", async () => {
    for (const language of ["en", "es"] as const) {
      const response = await send(
        "POST",
        "/api/venues",
        form(venueFields({ pictureWidth: "2000" }), [await wide(999, 1400)]),
        language,
      );
      expect(expectErrorShape(response, 422).messages).toEqual({
        picture:
          language === "en"
            ? "The picture must be at least 1000 pixels wide"
            : "La imagen debe medir al menos 1000 píxeles de ancho",
      });
    }
    // An EXIF-rotated photo is judged as shown: 1200 × 800 stored sideways is 800 wide.
    const rotated = await send(
      "POST",
      "/api/venues",
      form(venueFields(), [{ data: await images.jpegWithExif(), filename: "r.jpg", type: "image/jpeg" }]),
    );
    expect(expectErrorShape(rotated, 422).messages).toEqual({
      picture: "The picture must be at least 1000 pixels wide",
    });
  });

  it("answers every field's problem at once and saves nothing", async () => {
    const response = await send(
      "POST",
      "/api/venues",
      form({ name: "", address: " ", contact: "12345", city: "", latitude: "91", longitude: "abc" }),
    );
    expect(expectErrorShape(response, 422).messages).toEqual({
      name: "The venue name is required",
      address: "The address is required",
      contact: "Enter a 10-digit phone number (3-3-4), optionally with a +country code",
      city: "The city is required",
      latitude: "Place the pin on the venue's location",
      longitude: "Place the pin on the venue's location",
      picture: "The picture is required",
    });
    const unknownCity = await send("POST", "/api/venues", form(venueFields({ city: "999999" }), [await wide()]));
    expect(expectErrorShape(unknownCity, 422).messages).toEqual({ city: expect.any(String) });
    for (const contact of ["333 777 8900", "(333) 777-8900", "+1 333.777.8900", "3337778900"]) {
      const ok = venueInput.safeParse({ ...venueFields({ contact }), city: 1 });
      expect(ok.success, contact).toBe(true);
    }
  });

  it("edits without a new picture, filters by city, blocks, and keeps a city with venues from deletion", async () => {
    const created = venue.parse(
      (
        await send(
          "POST",
          "/api/venues",
          form(venueFields({ name: "Arena Monterrey", city: String(otherCityId) }), [await wide()]),
        )
      ).json(),
    );
    const edited = await send(
      "PUT",
      `/api/venues/${created.id}`,
      form(venueFields({ name: "Arena Monterrey Norte", city: String(otherCityId), latitude: "25.6795" })),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(venue.parse(edited.json())).toMatchObject({
      name: "Arena Monterrey Norte",
      latitude: 25.6795,
      pictureUrl: created.pictureUrl,
      pictureWidth: created.pictureWidth,
    });
    const inCity = paged(venue).parse((await send("GET", `/api/venues?city=${otherCityId}`)).json());
    expect(inCity.items.map((item) => item.name)).toEqual(["Arena Monterrey Norte"]);
    // The event form's venue select knows the clock of each venue's city (an event's start is read on it).
    await send("PUT", `/api/cities/${otherCityId}`, {
      name: "Monterrey",
      code: "MTY-001",
      timeZone: "America/Monterrey",
      state: (await send("GET", `/api/cities/${otherCityId}`)).json<{ state: { id: number } }>().state.id,
    });
    const options = z.array(venueOption).parse((await send("GET", "/api/venues/all")).json());
    expect(options.find((option) => option.id === created.id)).toEqual({
      id: created.id,
      name: "Arena Monterrey Norte",
      cityId: otherCityId,
      isActive: true,
      timeZone: "America/Monterrey",
    });
    for (const query of ["city=abc", "page=0", "city=1.5", `city=${"9".repeat(40)}`]) {
      expectErrorShape(await send("GET", `/api/venues?${query}`), 400);
    }
    expect(venue.parse((await send("PUT", `/api/venues/${created.id}/deactivate`)).json()).isActive).toBe(false);
    const cityDelete = await send("DELETE", `/api/cities/${otherCityId}`);
    expect(expectErrorShape(cityDelete, 409).message).toBe("This city is still in use; remove what refers to it first");
    expect((await send("DELETE", `/api/venues/${created.id}`)).statusCode).toBe(204);
    expectErrorShape(await send("GET", `/api/venues/${created.id}`), 404);
    // Deleting is soft (its events keep pointing at it): the picture stays with the row.
    expect(await exists(created.pictureUrl!)).toBe(true);
  });
});

describe("events", () => {
  let venueId: number;
  let blockedVenueId: number;
  let cityId: number;
  let stateId: number;
  let football: Category;
  let concerts: Category;
  const ZONE = "America/Mexico_City";
  const DAY = 86_400_000;

  /** A start `ms` from now, as staff type it: the wall time of the venue's city. */
  const startIn = (ms: number) => `${instantToWallTime(new Date(Date.now() + ms), ZONE).slice(0, 17)}00`;

  const picture = async (): Promise<Part> => ({
    data: await images.png(900, 500),
    filename: "e.png",
    type: "image/png",
  });
  const eventFields = (overrides: Fields = {}): Fields => ({
    name: "Chivas vs Atlas",
    duration: "2",
    startsAt: startIn(5 * DAY),
    venue: String(venueId),
    "categories[]": [String(concerts.id), String(football.id)],
    ...overrides,
  });
  const createEvent = async (overrides: Fields = {}) => {
    const response = await send("POST", "/api/events", form(eventFields(overrides), [await picture()]));
    expect(response.statusCode, response.body).toBe(201);
    return event.parse(response.json());
  };

  it("reads the start on the venue city's clocks, joins categories in their order and nests the venue", async () => {
    const country = await send("POST", "/api/countries", { name: "País EVT", code: "EVT" });
    const state = await send("POST", "/api/states", { name: "Jalisco EVT", code: "JEV", country: country.json().id });
    stateId = state.json<{ id: number }>().id;
    const city = await send("POST", "/api/cities", {
      name: "Guadalajara EVT",
      code: "GEV-001",
      timeZone: ZONE,
      state: stateId,
    });
    cityId = city.json<{ id: number }>().id;
    const venueA = await send(
      "POST",
      "/api/venues",
      form(
        {
          name: "Estadio EVT",
          address: "Calle 1",
          contact: "333 123 4567",
          city: String(cityId),
          latitude: "20.7",
          longitude: "-103.3",
        },
        [{ data: await images.png(1100, 600), filename: "v.png", type: "image/png" }],
      ),
    );
    expect(venueA.statusCode, venueA.body).toBe(201);
    venueId = venueA.json<{ id: number }>().id;
    const venueB = await send(
      "POST",
      "/api/venues",
      form(
        {
          name: "Arena EVT",
          address: "Calle 2",
          contact: "333 123 4567",
          city: String(cityId),
          latitude: "20.7",
          longitude: "-103.3",
        },
        [{ data: await images.png(1100, 600), filename: "v.png", type: "image/png" }],
      ),
    );
    blockedVenueId = venueB.json<{ id: number }>().id;
    await send("PUT", `/api/venues/${blockedVenueId}/deactivate`);
    football = await createCategory("Fútbol EVT", 1);
    concerts = await createCategory("Conciertos EVT", 99);

    const startsAt = startIn(6 * DAY);
    const created = await createEvent({ startsAt });
    expect(created).toMatchObject({
      name: "Chivas vs Atlas",
      duration: 2,
      timeZone: ZONE,
      localStartsAt: startsAt,
      isActive: true,
      venue: {
        id: venueId,
        name: "Estadio EVT",
        city: { id: cityId, name: "Guadalajara EVT", state: { name: "Jalisco EVT" } },
        boxes: [],
      },
    });
    expect(created.startsAt).toBe(wallTimeToInstant(startsAt, ZONE).toISOString());
    expect(created.categories.map((category) => category.name)).toEqual(["Fútbol EVT", "Conciertos EVT"]);
    expect(created.pictureSmallUrl).toMatch(/^\/uploads\/events\//);
    const venueDetail = venue.parse((await send("GET", `/api/venues/${venueId}`)).json());
    expect(venueDetail.events).toEqual([{ id: created.id, name: "Chivas vs Atlas" }]);
  });

  it("enforces the 72-hour rule on the server, in the caller's language", async () => {
    for (const [ms, language] of [
      [24 * 3_600_000, "en"],
      [71 * 3_600_000, "es"],
      [-DAY, "en"],
    ] as const) {
      const response = await send(
        "POST",
        "/api/events",
        form(eventFields({ startsAt: startIn(ms) }), [await picture()]),
        language,
      );
      expect(expectErrorShape(response, 422).messages, String(ms)).toEqual({
        startsAt:
          language === "en"
            ? "The event must start at least 72 hours from now"
            : "El evento debe comenzar al menos 72 horas después de ahora",
      });
    }
    await createEvent({ startsAt: startIn(73 * 3_600_000) });
  });

  it("checks duration, start, venue, categories and picture, all at once", async () => {
    const cases: [Fields, Record<string, string>][] = [
      [{ duration: "0" }, { duration: "The duration must be a whole number of hours, at least 1" }],
      [{ duration: "1.5" }, { duration: "The duration must be a whole number of hours, at least 1" }],
      [{ duration: "dos" }, { duration: "The duration must be a whole number of hours, at least 1" }],
      [{ duration: "" }, { duration: "The duration is required" }],
      [{ startsAt: "" }, { startsAt: "The start date and time are required" }],
      [{ startsAt: "2030-02-30 10:00:00" }, { startsAt: "Enter the start as YYYY-MM-DD HH:mm:ss" }],
      [{ startsAt: "2030-01-01T10:00:00Z" }, { startsAt: "Enter the start as YYYY-MM-DD HH:mm:ss" }],
      [{ venue: "" }, { venue: "The venue is required" }],
      [
        { "categories[]": [String(football.id), String(football.id)] },
        { categories: "A category can be chosen only once" },
      ],
      [{ "categories[]": ["abc"] }, { categories: "Choose categories from the list" }],
    ];
    for (const [fields, messages] of cases) {
      const response = await send("POST", "/api/events", form(eventFields(fields), [await picture()]));
      expect(expectErrorShape(response, 422).messages, JSON.stringify(fields)).toEqual(messages);
    }
    const noPicture = await send("POST", "/api/events", form(eventFields()));
    expect(expectErrorShape(noPicture, 422).messages).toEqual({ picture: "The picture is required" });
    const unknownCategory = await send(
      "POST",
      "/api/events",
      form(eventFields({ "categories[]": ["999999"] }), [await picture()]),
    );
    expect(expectErrorShape(unknownCategory, 422).messages).toEqual({ categories: "Choose categories from the list" });
    const unknownVenue = await send("POST", "/api/events", form(eventFields({ venue: "999999" }), [await picture()]));
    expect(Object.keys(expectErrorShape(unknownVenue, 422).messages!)).toEqual(["venue"]);
    const blocked = await send(
      "POST",
      "/api/events",
      form(eventFields({ venue: String(blockedVenueId) }), [await picture()]),
    );
    expect(expectErrorShape(blocked, 422).messages).toEqual({ venue: "This venue is blocked; choose another one" });
  });

  it("filters by the venue's local calendar day, venue, city and state, and refuses bad filters", async () => {
    // 20:30 in Guadalajara is 02:30 the next day in UTC: the day is the venue's.
    const day = instantToWallTime(new Date(Date.now() + 10 * DAY), ZONE).slice(0, 10);
    const late = await createEvent({ name: "Noche EVT", startsAt: `${day} 20:30:00` });
    const ids = async (query: string) =>
      paged(event)
        .parse((await send("GET", `/api/events?${query}`)).json())
        .items.map((item) => item.id);
    expect(await ids(`startsAt=${day}`)).toEqual([late.id]);
    const next = new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    expect(await ids(`startsAt=${next}`)).not.toContain(late.id);
    expect(await ids(`startsAt=${day}&venue=${venueId}&city=${cityId}&state=${stateId}&search=noche`)).toEqual([
      late.id,
    ]);
    expect(await ids(`venue=${blockedVenueId}`)).toEqual([]);
    for (const query of [
      "startsAt=not-a-date",
      "startsAt=2026-02-30",
      "city=abc",
      "state=1.5",
      "venue=0",
      "page=0",
      "search=a%00b",
      `venue=${"9".repeat(40)}`,
    ]) {
      expectErrorShape(await send("GET", `/api/events?${query}`), 400);
    }
  });

  it("edits keep the picture, may fix a started event without moving it, and categories follow their deletion", async () => {
    const created = await createEvent({ name: "Editable EVT" });
    const edited = await send(
      "PUT",
      `/api/events/${created.id}`,
      form(
        eventFields({ name: "Editado EVT", startsAt: created.localStartsAt, "categories[]": [String(football.id)] }),
      ),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(event.parse(edited.json())).toMatchObject({
      name: "Editado EVT",
      pictureUrl: created.pictureUrl,
      categories: [{ id: football.id, name: "Fútbol EVT" }],
    });
    // An event already inside the 72 hours: its name can be corrected as long as its start stays.
    await t.app.db.execute(
      sql`update events set starts_at = date_trunc('second', now()) + interval '1 hour' where id = ${created.id}`,
    );
    const started = event.parse((await send("GET", `/api/events/${created.id}`)).json());
    const fixed = await send(
      "PUT",
      `/api/events/${created.id}`,
      form(eventFields({ name: "Corregido EVT", startsAt: started.localStartsAt })),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const moved = await send(
      "PUT",
      `/api/events/${created.id}`,
      form(eventFields({ startsAt: startIn(3_600_000 * 2) })),
    );
    expect(expectErrorShape(moved, 422).messages).toEqual({
      startsAt: "The event must start at least 72 hours from now",
    });

    expect((await send("DELETE", `/api/categories/${football.id}`)).statusCode).toBe(204);
    expect(event.parse((await send("GET", `/api/events/${created.id}`)).json()).categories).toEqual([
      { id: concerts.id, name: "Conciertos EVT" },
    ]);
    expect(event.parse((await send("PUT", `/api/events/${created.id}/deactivate`)).json()).isActive).toBe(false);
  });

  it("a deleted venue takes its events out of every list and detail, and keeps its city in use", async () => {
    const inVenue = await createEvent({ name: "Último EVT", "categories[]": [String(concerts.id)] });
    expect((await send("DELETE", `/api/venues/${venueId}`)).statusCode).toBe(204);
    expectErrorShape(await send("GET", `/api/venues/${venueId}`), 404);
    expectErrorShape(await send("GET", `/api/events/${inVenue.id}`), 404);
    const list = paged(event).parse((await send("GET", "/api/events?search=evt")).json());
    expect(list.items.filter((item) => item.venue.id === venueId)).toEqual([]);
    const all = (await send("GET", "/api/events/all")).json() as { id: number }[];
    expect(all.map((row) => row.id)).not.toContain(inVenue.id);
    expect(((await send("GET", "/api/venues/all")).json() as { id: number }[]).map((row) => row.id)).not.toContain(
      venueId,
    );
    const valid = { name: "x", address: "y", contact: "333 123 4567", city: cityId, latitude: 20, longitude: -103 };
    expectErrorShape(await send("PUT", `/api/venues/${venueId}`, valid), 404);
    expectErrorShape(await send("PUT", `/api/venues/${venueId}/activate`), 404);
    expectErrorShape(await send("DELETE", `/api/venues/${venueId}`), 404);
    expectErrorShape(await send("DELETE", `/api/cities/${cityId}`), 409);
    const refused = await send(
      "POST",
      "/api/events",
      form(eventFields({ "categories[]": [String(concerts.id)] }), [await picture()]),
    );
    expect(Object.keys(expectErrorShape(refused, 422).messages!)).toEqual(["venue"]);
  });
});
