import type { Owner } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { categories, roles, services } from "../src/platform/schema.ts";
import { backend, call, expectErrorShape, type TestApp, withTestApp } from "./helpers.ts";
import { images } from "./images.ts";
import { book, insertBookable, insertBox, insertOwner } from "./supply-fixtures.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, header) => {
  t = app;
  admin = header;
});

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS";
const send = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, {
    method,
    url,
    headers: { ...admin, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const INVALID_CHARACTERS = "This value contains characters that are not allowed";
/** A text with a NUL byte, long enough for every minimum (a review's 10 letters, a reference's 10 characters). */
const WITH_NUL = "abcdefghijkl\u0000mnop";

describe(`dates at the edges (${backend})`, () => {
  it("refuse an event start whose instant the database cannot store, on the field", async () => {
    const bookable = await insertBookable(t.app.db);
    const put = (startsAt: string, duration = 2) =>
      send("PUT", `/api/events/${bookable.event.id}`, {
        name: "Final del milenio",
        duration,
        startsAt,
        venue: bookable.venue.id,
      });
    // The venue is on Mexico City's clock (UTC−6): 23:59:59 on 31 December 9999 there is already year 10000 in UTC.
    for (const [startsAt, duration] of [
      ["9999-12-31 23:59:59", 2],
      ["9999-12-30 12:00:00", 48],
    ] as const) {
      const body = expectErrorShape(await put(startsAt, duration), 422);
      expect(body.messages, startsAt).toEqual({
        startsAt: "This date is outside the range that can be stored (years 1 to 9999)",
      });
    }
    const spanish = expectErrorShape(
      await send(
        "PUT",
        `/api/events/${bookable.event.id}`,
        { name: "Final", duration: 2, startsAt: "9999-12-31 23:00:00", venue: bookable.venue.id },
        { "accept-language": "es" },
      ),
      422,
    );
    expect(spanish.messages?.startsAt).toBe("Esta fecha está fuera del rango que se puede guardar (años 1 a 9999)");
    // The last hours that still fit are taken, and read back as they were typed.
    const saved = await put("9999-12-30 12:00:00", 2);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ startsAt: "9999-12-30T18:00:00.000Z", localStartsAt: "9999-12-30 12:00:00" });
  });

  it("give every date filter the same field message, the notifications' day included", async () => {
    for (const url of [
      "/api/notifications?date=2026-02-30",
      "/api/notifications?date=0000-01-01",
      "/api/audit-log?from=0000-01-01",
      "/api/audit-log?to=2026-02-30",
      "/api/events?startsAt=2026-02-30",
    ]) {
      const body = expectErrorShape(await send("GET", url), 400);
      const field = new URL(url, "http://x").searchParams.keys().next().value!;
      expect(body.messages, url).toEqual({ [field]: "Use a real date as YYYY-MM-DD" });
    }
  });
});

describe(`text fields refuse NUL bytes on the field (${backend})`, () => {
  it("in every write of the marketplace: 422 INVALID_CHARACTERS, never the database's 400", async () => {
    const bookable = await insertBookable(t.app.db);
    const bookingId = await book(t.app.db, bookable);
    const owner = await insertOwner(t.app.db);
    const box = await insertBox(t.app.db, owner.id, bookable.venue.id);
    const [category] = await t.app.db
      .insert(categories)
      .values({ name: "Fútbol NUL", order: 1 })
      .returning({ id: categories.id });
    const [service] = await t.app.db
      .insert(services)
      .values({ name: "Estacionamiento NUL", order: 1 })
      .returning({ id: services.id });
    const [role] = await t.app.db.insert(roles).values({ name: "Rol NUL" }).returning({ id: roles.id });
    const staff = await t.createUser();
    const city = (await send("GET", "/api/cities/all")).json<{ id: number; stateId: number }[]>()[0];

    /** [method, url, a valid body, the text fields to poison one at a time]. */
    const writes: [Method, string, Record<string, unknown>, string[]][] = [
      ["PUT", `/api/owners/${owner.id}/status`, { status: "returned", review: "Falta la identificación" }, ["review"]],
      ["PUT", `/api/boxes/${box.id}/status`, { status: "returned", review: "Faltan las fotografías" }, ["review"]],
      ["PUT", `/api/bookings/${bookingId}`, { ownerPaymentReference: "SPEI-2026-000123" }, ["ownerPaymentReference"]],
      ["POST", `/api/bookings/${bookingId}/messages`, { userId: bookable.guest.id, message: "Hola" }, ["message"]],
      ["POST", "/api/countries", { name: "País", code: "PNL" }, ["name", "code"]],
      ["POST", "/api/states", { name: "Estado", code: "ENL", country: 1 }, ["name", "code"]],
      [
        "POST",
        "/api/cities",
        { name: "Ciudad", code: "CNL-001", timeZone: "UTC", state: city?.stateId ?? 1 },
        ["name", "code", "timeZone"],
      ],
      ["PUT", `/api/categories/${category!.id}`, { name: "Fútbol", order: 1 }, ["name"]],
      ["PUT", `/api/services/${service!.id}`, { name: "Valet", order: 1 }, ["name"]],
      [
        "PUT",
        `/api/venues/${bookable.venue.id}`,
        {
          name: "Estadio",
          address: "Av. 1",
          contact: "3331234567",
          latitude: 20,
          longitude: -103,
          city: bookable.venue.cityId,
        },
        ["name", "address", "contact"],
      ],
      [
        "PUT",
        `/api/events/${bookable.event.id}`,
        { name: "Clásico", duration: 2, startsAt: "2031-05-01 20:00:00", venue: bookable.venue.id },
        ["name", "startsAt"],
      ],
      ["PUT", `/api/roles/${role!.id}`, { name: "Rol", permissions: [] }, ["name"]],
      [
        "PUT",
        `/api/users/${staff.id}`,
        { firstName: "Ana", lastName: "Ruiz", email: "ana@palco.test", phone: "3312345678", password: "Secret2026x" },
        ["firstName", "lastName", "email", "phone", "password"],
      ],
      [
        "POST",
        "/api/users",
        { firstName: "Ana", lastName: "Ruiz", email: "ana2@palco.test", phone: "3312345678", password: "Secret2026x" },
        ["firstName", "lastName", "email", "phone", "password"],
      ],
    ];
    for (const [method, url, valid, fields] of writes) {
      for (const field of fields) {
        const response = await send(method, url, { ...valid, [field]: WITH_NUL });
        const body = expectErrorShape(response, 422);
        expect(body.messages?.[field], `${method} ${url} ${field}`).toBe(INVALID_CHARACTERS);
      }
    }
    // Lists of codes and numbers are refused on their field too, whatever the rule that catches them.
    for (const [method, url, payload, field] of [
      ["PUT", `/api/roles/${role!.id}`, { name: "Rol", permissions: [WITH_NUL] }, "permissions"],
      ["PUT", "/api/settings/fees", { guest: WITH_NUL, host: 5, IVA: 16 }, "guest"],
    ] as const) {
      const body = expectErrorShape(await send(method, url, payload), 422);
      expect(body.messages?.[field], `${url} ${field}`).toEqual(expect.any(String));
    }
    // The record was left as it was.
    const unchanged = (await send("GET", `/api/owners/${owner.id}`)).json<Owner>();
    expect(unchanged).toMatchObject({ status: "pending", review: null });
  });

  it("in the free-text query parameters: 400 INVALID_CHARACTERS on the parameter", async () => {
    for (const url of [
      "/api/bookings?search=a%00b",
      "/api/owners?search=a%00b",
      "/api/notifications?search=a%00b",
      "/api/audit-log?resource=a%00b",
      "/api/audit-log?action=a%00b",
      "/api/audit-log?recordId=a%00b",
      "/api/audit-log/actors?search=a%00b",
    ]) {
      const body = expectErrorShape(await send("GET", url), 400);
      const field = new URL(url, "http://x").searchParams.keys().next().value!;
      expect(body.messages, url).toEqual({ [field]: INVALID_CHARACTERS });
    }
  });
});

describe(`smaller contract edges (${backend})`, () => {
  it("a reference that is not an id is a format error, not a missing field", async () => {
    const bookable = await insertBookable(t.app.db);
    const venue = {
      name: "Estadio Referencia",
      address: "Av. 1",
      contact: "3331234567",
      latitude: 20,
      longitude: -103,
    };
    const bookingId = await book(t.app.db, bookable);
    const cases: [Method, string, Record<string, unknown>, string, string][] = [
      ["PUT", `/api/venues/${bookable.venue.id}`, venue, "city", "The city is required"],
      ["POST", "/api/states", { name: "Estado", code: "ERF" }, "country", "The country is required"],
      ["POST", "/api/cities", { name: "Ciudad", code: "CRF-001", timeZone: "UTC" }, "state", "The state is required"],
      [
        "PUT",
        `/api/events/${bookable.event.id}`,
        { name: "Evento", duration: 2, startsAt: "2031-05-01 20:00:00" },
        "venue",
        "The venue is required",
      ],
      [
        "POST",
        `/api/bookings/${bookingId}/messages`,
        { message: "Hola" },
        "userId",
        "Choose the guest's or the owner's thread",
      ],
    ];
    for (const [method, url, valid, field, missing] of cases) {
      for (const value of [undefined, "", "  ", null]) {
        const body = expectErrorShape(await send(method, url, { ...valid, [field]: value }), 422);
        expect(body.messages?.[field], `${url} ${field}=${JSON.stringify(value)}`).toBe(missing);
      }
      for (const value of ["abc", "0", 0, -3, "1.5", 2.5, "0x10", true]) {
        const body = expectErrorShape(await send(method, url, { ...valid, [field]: value }), 422);
        expect(body.messages?.[field], `${url} ${field}=${JSON.stringify(value)}`).toBe(
          "This reference must be a whole number greater than zero",
        );
      }
      const beyond = expectErrorShape(await send(method, url, { ...valid, [field]: "99999999999" }), 422);
      expect(beyond.messages?.[field]).toBe("The selected item does not exist");
    }
    // Id filters of the lists say the value is not valid (they are never required).
    for (const url of [
      "/api/venues?city=abc",
      "/api/venues?city=0",
      "/api/cities?state=abc",
      "/api/cities?country=0",
      "/api/states?country=x",
      "/api/events?venue=abc",
      "/api/events?city=0",
      "/api/events?state=-1",
      "/api/boxes?venue=abc",
      "/api/boxes?city=0",
      "/api/bookings?venueId=abc",
      "/api/users?role=0",
      "/api/audit-log?actor=abc",
    ]) {
      const body = expectErrorShape(await send("GET", url), 400);
      const field = new URL(url, "http://x").searchParams.keys().next().value!;
      expect(body.messages, url).toEqual({ [field]: "This value is not valid" });
    }
  });

  it("a file under another part name says so", async () => {
    const png = await images.png(1200, 800);
    const category = new FormData();
    category.append("name", "Fútbol rápido");
    category.append("order", "1");
    category.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "icon.png");
    const body = expectErrorShape(await send("POST", "/api/categories", category), 422);
    expect(body.messages?.picture).toBe("The image arrived under another part name: send it in this field");

    const user = new FormData();
    for (const [name, value] of Object.entries({
      firstName: "Ana",
      lastName: "Ruiz",
      email: "ana.part@palco.test",
      phone: "3312345678",
      password: "Secret2026x",
    })) {
      user.append(name, value);
    }
    user.append("avatar", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    const refused = expectErrorShape(await send("POST", "/api/users", user, { "accept-language": "es" }), 422);
    expect(refused.messages).toEqual({ picture: "La imagen llegó con otro nombre de parte: envíala en este campo" });
  });

  it("review decisions carry their instant in UTC with Z, like every other instant", async () => {
    const owner = await insertOwner(t.app.db);
    const decided = await send("PUT", `/api/owners/${owner.id}/status`, {
      status: "returned",
      review: "Falta la identificación oficial",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const detail = (await send("GET", `/api/owners/${owner.id}`)).json<Owner>();
    expect(detail.decisions).toHaveLength(1);
    const at = detail.decisions[0]!.at;
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
    expect(new Date(at).toISOString()).toBe(at);
  });

  it("an unsupported method on an existing path is a 405 naming the allowed ones", async () => {
    const bookable = await insertBookable(t.app.db);
    const bookingId = await book(t.app.db, bookable);
    const patch = await t.app.inject({ method: "PATCH", url: `/api/bookings/${bookingId}`, payload: {} });
    const body = expectErrorShape(patch, 405);
    expect(body).toMatchObject({
      error: "Method Not Allowed",
      message: "This address does not accept this method",
      messages: { general: "This address does not accept this method" },
    });
    expect(patch.headers.allow).toBe("GET, HEAD, PUT");
    expect(patch.headers["cache-control"]).toBe("no-store");

    const spanish = await t.app.inject({
      method: "DELETE",
      url: "/api/auth/login?x=1",
      headers: { "accept-language": "es" },
    });
    expect(expectErrorShape(spanish, 405).message).toBe("Esta dirección no acepta este método");
    expect(spanish.headers.allow).toBe("POST");

    // A path no method serves stays a 404.
    const missing = await t.app.inject({ method: "PATCH", url: "/api/nothing-here/1" });
    expect(expectErrorShape(missing, 404).message).toBe("The requested item was not found");
    expect(missing.headers.allow).toBeUndefined();
  });
});
