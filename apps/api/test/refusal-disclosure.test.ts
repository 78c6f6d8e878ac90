import { type AuditResource, instantToWallTime, type PermissionCode } from "@palco/shared";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../src/platform/audit.ts";
import {
  categories,
  cities,
  countries,
  events,
  paymentMethods,
  paymentProviders,
  roles,
  services,
  states,
  userRoles,
  users,
} from "../src/platform/schema.ts";
import { bearer, call, createTestApp, type TestApp } from "./helpers.ts";
import { book, insertBookable, insertBox, insertOwner, insertVenue } from "./supply-fixtures.ts";

/**
 * A refused write tells the member what happened and nothing more: a member whose role holds only a route's write
 * permission must find no field of the record (nor who changed it, from where) in any refusal; the stale-version
 * 409 carries the record (`current`) only to who may read it and the others' changes (`changes`) only to holders
 * of AUDIT_LOG_INDEX. Every write route of the app is walked, so a new one must say here how to reach it.
 */

// Built before the tests are collected: the walk is one test per route the app registers.
const t: TestApp = await createTestApp();
let admin: { authorization: string };
beforeAll(async () => {
  admin = bearer(await t.adminToken());
});
afterAll(async () => {
  await t?.close();
});

/** Somebody else's earlier change of the record, in the trail: their e-mail and address must not leak. */
const OTHER = { id: 1, name: "Otra Persona Auditada", email: "otra.persona.auditada@palco.test" };
const OTHER_IP = "203.0.113.45";
const MISSING_ID = 2147483647;
const STALE = { "if-match": '"stale"' };

let sequence = 0;
/** Letters only, different on every call (unique codes and names). */
function tag(length = 3): string {
  sequence += 1;
  let n = sequence + 26 * 26 * 31;
  let text = "";
  for (let i = 0; i < length; i++) {
    text = String.fromCharCode(65 + (n % 26)) + text;
    n = Math.floor(n / 26);
  }
  return text;
}

const insertCountry = async () => {
  const [row] = await t.app.db
    .insert(countries)
    .values({ name: `País Reservado ${tag()}`, code: tag() })
    .returning({ id: countries.id });
  return row!.id;
};
const insertState = async (countryId?: number) => {
  const [row] = await t.app.db
    .insert(states)
    .values({ name: `Estado Reservado ${tag()}`, code: tag(), countryId: countryId ?? (await insertCountry()) })
    .returning({ id: states.id });
  return row!.id;
};
const insertCity = async () => {
  const [row] = await t.app.db
    .insert(cities)
    .values({
      name: `Ciudad Reservada ${tag()}`,
      code: `${tag()}-${String(sequence % 1000).padStart(3, "0")}`,
      timeZone: "America/Mexico_City",
      stateId: await insertState(),
    })
    .returning({ id: cities.id });
  return row!.id;
};
const insertNamed = (table: typeof categories | typeof services) => async () => {
  const [row] = await t.app.db
    .insert(table)
    .values({ name: `Catálogo Reservado ${tag()}`, order: 1 })
    .returning({ id: table.id });
  return row!.id;
};
const insertEventRow = async () => {
  const venue = await insertVenue(t.app.db, `Estadio Reservado ${tag()}`);
  const [row] = await t.app.db
    .insert(events)
    .values({
      name: `Partido Reservado ${tag()}`,
      duration: 2,
      startsAt: new Date(Date.now() + 10 * 86_400_000),
      venueId: venue.id,
    })
    .returning({ id: events.id });
  return row!.id;
};
const insertStaff = async () => {
  const user = await t.createUser({ firstName: `Reservada${tag()}`, permissions: ["CITIES_INDEX"] });
  await t.app.db.update(users).set({ phone: "+52 33 9876 5432" }).where(eq(users.id, user.id));
  return user.id;
};
const insertRole = async () => {
  const [row] = await t.app.db
    .insert(roles)
    .values({ name: `Rol Reservado ${tag()}` })
    .returning({ id: roles.id });
  return row!.id;
};
const firstId = async (table: typeof paymentProviders | typeof paymentMethods) =>
  (await t.app.db.select({ id: table.id }).from(table).limit(1))[0]!.id;
const insertBoxRow = async () => {
  const owner = await insertOwner(t.app.db);
  return (await insertBox(t.app.db, owner.id, (await insertVenue(t.app.db)).id)).id;
};
const insertBooking = async () => book(t.app.db, await insertBookable(t.app.db));

type Request = { method: string; url: string; payload?: object; headers?: Record<string, string> };

interface Resource {
  /** The permission that reads one record (the detail route's). */
  read: PermissionCode;
  /** Seeds a record the write may change: its id (undefined for a one-record resource such as the fees). */
  seed(): Promise<number | undefined>;
  /** The detail route of a record. */
  readUrl(id: number | undefined): string;
  /** The audit trail's name of the record (resource and id). */
  trail?(id: number | undefined): { resource: AuditResource; recordId: string };
  /** Personal data the seeded record shows (supply-fixtures.ts): the texts looked for must include them. */
  personal?: string[];
}

const byId = (path: AuditResource, read: PermissionCode, seed: () => Promise<number>): Resource => ({
  read,
  seed,
  readUrl: (id) => `/api/${path}/${id}`,
  trail: (id) => ({ resource: path, recordId: String(id) }),
});

const RESOURCES: Record<string, Resource> = {
  countries: byId("countries", "COUNTRIES_SHOW", insertCountry),
  states: byId("states", "STATES_SHOW", () => insertState()),
  cities: byId("cities", "CITIES_SHOW", insertCity),
  categories: byId("categories", "CATEGORIES_SHOW", insertNamed(categories)),
  services: byId("services", "SERVICES_SHOW", insertNamed(services)),
  venues: byId("venues", "VENUES_SHOW", async () => (await insertVenue(t.app.db, `Recinto Reservado ${tag()}`)).id),
  events: byId("events", "EVENTS_SHOW", insertEventRow),
  users: { ...byId("users", "USERS_SHOW", insertStaff), personal: ["+52 33 9876 5432"] },
  roles: byId("roles", "ROLES_SHOW", insertRole),
  owners: {
    ...byId("owners", "OWNERS_SHOW", async () => (await insertOwner(t.app.db)).id),
    // Phone, RFC, CLABE, address.
    personal: ["3312345678", "HERL880412AB1", "002010077777777771", "Av. Chapultepec 120, Guadalajara"],
  },
  boxes: byId("boxes", "BOXES_SHOW", insertBoxRow),
  // The guest's phone, the owner's.
  bookings: { ...byId("bookings", "BOOKINGS_SHOW", insertBooking), personal: ["8112345678", "3312345678"] },
  // Reference data, never created through the API: the first row serves (the walk changes nothing of it).
  "payment-providers": byId("payment-providers", "PAYMENT_PROVIDERS_SHOW", () => firstId(paymentProviders)),
  // The spec guards the method's detail with the list's code.
  "payment-methods": byId("payment-methods", "PAYMENT_METHODS_INDEX", () => firstId(paymentMethods)),
  // Notifications are each reader's own: a member reaches only theirs, so there is nothing of another's to seed.
  notifications: {
    read: "NOTIFICATIONS_INDEX",
    seed: async () => MISSING_ID,
    readUrl: (id) => `/api/notifications/${id}`,
  },
  settings: {
    read: "SERVICES_INDEX",
    seed: async () => undefined,
    readUrl: () => "/api/settings/fees",
    trail: () => ({ resource: "settings", recordId: "fees" }),
  },
};

/**
 * A body each write accepts, so a call gets as far as the version check (and a refusal is about the record, not
 * the form). Writes without a body (block, unblock, delete, cancel) are not listed.
 */
const BODIES: Record<string, () => Promise<object>> = {
  "PUT /api/countries/:id": async () => ({ name: `País ${tag()}`, code: tag() }),
  "PUT /api/states/:id": async () => ({ name: `Estado ${tag()}`, code: tag(), country: await insertCountry() }),
  "PUT /api/cities/:id": async () => ({
    name: `Ciudad ${tag()}`,
    code: `${tag()}-001`,
    timeZone: "America/Mexico_City",
    state: await insertState(),
  }),
  "PUT /api/categories/:id": async () => ({ name: `Categoría ${tag()}`, order: 1 }),
  "PUT /api/services/:id": async () => ({ name: `Servicio ${tag()}`, order: 1 }),
  "PUT /api/venues/:id": async () => ({
    name: `Recinto ${tag()}`,
    address: "Av. Siempre Viva 742",
    contact: "333 123 4567",
    city: await insertCity(),
    latitude: 20.68,
    longitude: -103.38,
  }),
  "PUT /api/events/:id": async () => ({
    name: `Evento ${tag()}`,
    duration: 3,
    startsAt: instantToWallTime(new Date(Date.now() + 8 * 86_400_000), "America/Mexico_City"),
    venue: (await insertVenue(t.app.db)).id,
  }),
  "PUT /api/users/:id": async () => ({
    firstName: "Beto",
    lastName: "Cambiado",
    email: `cambiado.${tag().toLowerCase()}@palco.test`,
    phone: "+52 33 8765 4321",
    roles: [],
  }),
  "PUT /api/roles/:id": async () => ({ name: `Rol ${tag()}`, permissions: ["STATES_INDEX"] }),
  "PUT /api/owners/:id/status": async () => ({ status: "accepted" }),
  "PUT /api/boxes/:id/status": async () => ({ status: "accepted" }),
  "PUT /api/bookings/:id": async () => ({ ownerPaymentReference: "SPEI0001234567BBVA" }),
  "POST /api/bookings/:id/messages": async () => ({ userId: 1, message: "Hola" }),
  "PUT /api/settings/fees": async () => ({ guest: 7.5, host: 5, IVA: 16 }),
};

/**
 * Refusals a route gives besides a stale version, an unknown id and an empty form: state changes the record's
 * state refuses (409), set up as the super-admin, then asked by the member under test.
 */
const STATE_REFUSALS: Record<string, (id: number) => Promise<Request[]>> = {
  "POST /api/bookings/:id/cancel": async (id) => {
    await call(t.app, { method: "POST", url: `/api/bookings/${id}/cancel`, headers: admin });
    return [{ method: "POST", url: `/api/bookings/${id}/cancel` }];
  },
  // Delivered before sent; and the owner paid twice.
  "PUT /api/bookings/:id": async (id) => {
    await call(t.app, {
      method: "PUT",
      url: `/api/bookings/${id}`,
      headers: admin,
      payload: { ownerPaymentReference: "SPEI0009999999BBVA" },
    });
    return [
      { method: "PUT", url: `/api/bookings/${id}`, payload: { ticketsDeliveredAt: new Date().toISOString() } },
      { method: "PUT", url: `/api/bookings/${id}`, payload: { ownerPaymentReference: "SPEI0001234567BBVA" } },
    ];
  },
  "PUT /api/owners/:id/status": async (id) => {
    await call(t.app, {
      method: "PUT",
      url: `/api/owners/${id}/status`,
      headers: admin,
      payload: { status: "accepted" },
    });
    return [
      { method: "PUT", url: `/api/owners/${id}/status`, payload: { status: "accepted" } },
      { method: "PUT", url: `/api/owners/${id}/status`, payload: { status: "returned", review: "corto" } },
    ];
  },
  "PUT /api/boxes/:id/status": async (id) => {
    await call(t.app, {
      method: "PUT",
      url: `/api/boxes/${id}/status`,
      headers: admin,
      payload: { status: "accepted" },
    });
    return [{ method: "PUT", url: `/api/boxes/${id}/status`, payload: { status: "accepted" } }];
  },
  // Only a super-admin changes a super-admin.
  "DELETE /api/users/:id": async (id) => {
    await t.app.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, id));
    return [{ method: "DELETE", url: `/api/users/${id}` }];
  },
  // Nor ends a super-admin's sessions.
  "DELETE /api/users/:id/sessions": async (id) => {
    await t.app.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, id));
    return [{ method: "DELETE", url: `/api/users/${id}/sessions` }];
  },
  // Nor resets a super-admin's factors.
  "DELETE /api/users/:id/mfa": async (id) => {
    await t.app.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, id));
    return [{ method: "DELETE", url: `/api/users/${id}/mfa` }];
  },
  // A role somebody holds cannot be deleted.
  "DELETE /api/roles/:id": async (id) => {
    const holder = await t.createUser();
    await t.app.db.insert(userRoles).values({ userId: holder.id, roleId: id });
    return [{ method: "DELETE", url: `/api/roles/${id}` }];
  },
  // A country with a state cannot be deleted.
  "DELETE /api/countries/:id": async (id) => {
    await insertState(id);
    return [{ method: "DELETE", url: `/api/countries/${id}` }];
  },
};

/**
 * Write routes walked by other tests and not here, and why: they have no record of anybody to disclose or no
 * role can grant them.
 */
const NOT_WALKED: Record<string, string> = {
  "POST /api/auth/login": "public: the session's own account",
  "POST /api/auth/refresh": "public: the session's own tokens",
  "POST /api/auth/logout": "public: the session's own tokens",
  "POST /api/auth/forgot": "public: answers alike whatever it is given",
  "POST /api/auth/reset": "public: a token's own account",
  "POST /api/auth/email-verification": "public: a token's own account",
  "POST /api/simulation": "super-admins only",
  "POST /api/auth/login/mfa": "public: a sign-in challenge's own account",
  "POST /api/auth/mfa/totp": "the member's own factors",
  "POST /api/auth/mfa/totp/confirm": "the member's own factors",
  "DELETE /api/auth/mfa/totp": "the member's own factors",
  "POST /api/auth/mfa/recovery-codes": "the member's own factors",
  "POST /api/auth/mfa/passkeys/options": "the member's own factors",
  "POST /api/auth/mfa/passkeys": "the member's own factors",
  "PUT /api/auth/mfa/passkeys/:id": "the member's own factors (another's passkey answers 404 alike: mfa.test.ts)",
  "DELETE /api/auth/mfa/passkeys/:id": "the member's own factors (another's passkey answers 404 alike: mfa.test.ts)",
  "POST /api/auth/step-up/options": "the member's own session",
  "POST /api/auth/step-up": "the member's own session",
  "DELETE /api/auth/sessions": "the member's own sessions (staff-sessions.test.ts: another's answer 404 alike)",
  "DELETE /api/auth/sessions/:id": "the member's own sessions (staff-sessions.test.ts: another's answer 404 alike)",
  // Any member's own views: another's answers 404 (not shared with them) or 403 (shared), bare (views.test.ts).
  "POST /api/views": "the member's own saved views (views.test.ts)",
  "PUT /api/views/:id": "the member's own saved views (views.test.ts)",
  "DELETE /api/views/:id": "the member's own saved views (views.test.ts)",
  // No record: a job of the member's own; refusals carry no rows (exports.test.ts), a finished file only its asker.
  "POST /api/exports": "the member's own export jobs (exports.test.ts)",
};

/** `POST /api/<resource>/bulk`: each id runs a single route walked above; its outcomes are walked below. */
const isBulk = (route: { method: string; url: string }) => route.method === "POST" && route.url.endsWith("/bulk");

/**
 * Writes with a record that take no If-Match: a message is appended to a thread, a read mark is the reader's own,
 * ending sessions changes nothing of the record.
 * Every other write of one record answers a stale version with 409.
 */
const UNVERSIONED = new Set([
  "POST /api/bookings/:id/messages",
  "PUT /api/notifications/:id/read",
  // A passkey's name is the member's own, not a shared record; resetting factors changes nothing staff edit.
  "PUT /api/auth/mfa/passkeys/:id",
  "DELETE /api/auth/mfa/passkeys/:id",
  "DELETE /api/users/:id/mfa",
  // Ends the member's sessions, whatever version of the record the caller saw: nothing of the record changes.
  "DELETE /api/users/:id/sessions",
  "DELETE /api/auth/sessions/:id",
  // A member's own saved views: they do take If-Match, tested with their owner in views.test.ts (not walked here).
  "PUT /api/views/:id",
  "DELETE /api/views/:id",
]);

const writeRoutes = () =>
  t.app.routeTable
    .filter((route) => route.url.startsWith("/api/") && ["POST", "PUT", "PATCH", "DELETE"].includes(route.method))
    .filter((route) => !isBulk(route))
    .map((route) => ({ key: `${route.method} ${route.url}`, ...route }));

/** Members by the permissions they hold: one sign-in per set. */
const members = new Map<string, Promise<{ authorization: string }>>();
function member(...codes: PermissionCode[]) {
  const key = [...new Set(codes)].sort().join(",");
  if (!members.has(key)) members.set(key, t.userWith(...(key.split(",") as PermissionCode[])));
  return members.get(key)!;
}

/** What a record discloses: every text of its detail that is not an enumerated state (those are in messages). */
function recordTexts(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (value.length >= 5 && !/^[a-z]+(?:-[a-z]+)*$/.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) recordTexts(item, into);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) recordTexts(item, into);
  }
  return into;
}

function expectNothingOf(response: LightMyRequestResponse, texts: Iterable<string>, label: string) {
  for (const text of texts)
    expect(response.body, `${label}: ${response.statusCode} discloses "${text}"`).not.toContain(text);
}

/** The error shape and nothing beside it (a stale version's `code` names the refusal, not the record). */
function expectBareError(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
  const body = response.json<{ code?: unknown }>();
  expect(
    Object.keys(body).filter((key) => !["error", "message", "messages", "statusCode", "code"].includes(key)),
    label,
  ).toEqual([]);
  if (body.code !== undefined) expect(body.code, label).toBe("STALE_VERSION");
}

const send = (request: Request, headers: Record<string, string>) =>
  call(t.app, {
    method: request.method as "PUT",
    url: request.url,
    headers: { ...headers, ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });

const isStale = (response: LightMyRequestResponse) =>
  response.statusCode === 409 && response.json<{ code?: string }>().code === "STALE_VERSION";

const versioned = new Set<string>();

describe("refused writes disclose nothing the member may not read", () => {
  it("walks every write route (a new one must say how to reach it)", () => {
    const walked = writeRoutes().filter((route) => !(route.key in NOT_WALKED));
    for (const route of walked) {
      expect(RESOURCES[route.url.split("/")[2]!], `${route.key}: no resource here`).toBeDefined();
      expect(typeof route.permission, `${route.key}: one write permission`).toBe("string");
    }
    expect(
      writeRoutes()
        .map((route) => route.key)
        .filter((key) => key in NOT_WALKED)
        .sort(),
    ).toEqual(Object.keys(NOT_WALKED).sort());
  });

  it.each(
    writeRoutes()
      .filter((route) => !(route.key in NOT_WALKED))
      .map((route) => [route.key, route] as const),
  )(
    "%s",
    async (key, route) => {
      const resource = RESOURCES[route.url.split("/")[2]!]!;
      const write = route.permission as PermissionCode;
      // A create has no record of its own: one of the resource's records must not show in its refusals either.
      const id = await resource.seed();
      const url = route.url.replace(":id", String(id));
      // Somebody else changed it before: their e-mail and address are in the trail.
      if (resource.trail) {
        await recordAudit(
          t.app.db,
          { actor: OTHER, requestId: "earlier", ip: OTHER_IP, userAgent: "test" },
          { action: "update", ...resource.trail(id), changes: { note: ["antes", "después"] }, version: '"earlier"' },
        );
      }
      const detail = await call(t.app, { method: "GET", url: resource.readUrl(id), headers: admin });
      const texts = detail.statusCode === 200 ? recordTexts(detail.json()) : new Set<string>();
      if (id !== undefined && id !== MISSING_ID)
        expect(texts.size, `${key}: the record has texts to look for`).toBeGreaterThan(0);
      for (const value of resource.personal ?? []) expect([...texts], key).toContain(value);
      const trail = [OTHER.email, OTHER_IP, OTHER.name];

      const writer = await member(write);
      // Holding the write permission may be enough to read the record (an edit form reads what it edits).
      const writerReads =
        (await call(t.app, { method: "GET", url: resource.readUrl(id), headers: writer })).statusCode === 200;
      const body = BODIES[key] ? await BODIES[key]() : undefined;
      const refusals: Request[] = [
        { method: route.method, url, payload: body, headers: STALE },
        { method: route.method, url: route.url.replace(":id", String(MISSING_ID)), payload: body, headers: STALE },
        ...(body || route.method === "POST" ? [{ method: route.method, url, payload: {}, headers: STALE }] : []),
      ];
      const stateRefusals = id !== undefined && STATE_REFUSALS[key] ? await STATE_REFUSALS[key](id) : [];
      refusals.push(...stateRefusals);
      const forbidden = writerReads ? trail : [...texts, ...trail];
      const answers: LightMyRequestResponse[] = [];
      for (const request of refusals) {
        const response = await send(request, writer);
        answers.push(response);
        if (stateRefusals.includes(request)) expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        const label = `${key} as ${write} (${request.method} ${request.url} ${JSON.stringify(request.payload ?? "")})`;
        if (response.statusCode < 400) continue;
        expectNothingOf(response, forbidden, label);
        if (!writerReads) expectBareError(response, label);
      }

      // The stale version: the record and its changes for who may read them, as before.
      const stale = refusals[0]!;
      if (!isStale(answers[0]!)) return;
      versioned.add(key);
      const reader = await send(stale, await member(write, resource.read));
      expect(reader.json(), key).toMatchObject({ current: expect.anything() });
      expect(reader.json(), key).not.toHaveProperty("changes");
      const auditor = await send(stale, await member(write, "AUDIT_LOG_INDEX"));
      expect(
        auditor.json<{ changes: { actor: { email: string } }[] }>().changes.map((entry) => entry.actor.email),
      ).toContain(OTHER.email);
      if (!writerReads) expect(auditor.json(), key).not.toHaveProperty("current");
      const both = await send(stale, await member(write, resource.read, "AUDIT_LOG_INDEX"));
      expect(both.json(), key).toMatchObject({ current: expect.anything(), changes: expect.any(Array) });
      // The super-admin reads everything.
      expect((await send(stale, admin)).json(), key).toMatchObject({
        current: expect.anything(),
        changes: expect.any(Array),
      });
    },
    30_000,
  );

  it("walked the stale version of every write of one record", () => {
    const ofOneRecord = writeRoutes()
      .filter((route) => route.url.includes(":id") && !UNVERSIONED.has(route.key))
      .map((route) => route.key);
    expect(ofOneRecord.filter((key) => !versioned.has(key))).toEqual([]);
  });
});

describe("bulk outcomes disclose nothing the member may not read", () => {
  const bulkRoutes = () =>
    t.app.routeTable.filter((route) => route.url.startsWith("/api/") && isBulk(route)).map((route) => route);

  it("every bulk route's resource is walked", () => {
    expect(bulkRoutes().length).toBeGreaterThan(0);
    for (const route of bulkRoutes()) {
      const name = route.url.split("/")[2]!;
      expect(RESOURCES[name], route.url).toBeDefined();
    }
  });

  it.each(
    bulkRoutes()
      .filter((route) => RESOURCES[route.url.split("/")[2]!])
      .map((route) => [route.url, route] as const),
  )(
    "POST %s",
    async (url, route) => {
      const resource = RESOURCES[url.split("/")[2]!]!;
      const permission = route.permission as PermissionCode | PermissionCode[];
      for (const write of Array.isArray(permission) ? permission : [permission]) {
        const id = (await resource.seed())!;
        if (resource.trail) {
          await recordAudit(
            t.app.db,
            { actor: OTHER, requestId: "earlier", ip: OTHER_IP, userAgent: "test" },
            { action: "update", ...resource.trail(id), changes: { note: ["antes", "después"] }, version: '"earlier"' },
          );
        }
        const detail = await call(t.app, { method: "GET", url: resource.readUrl(id), headers: admin });
        const texts = recordTexts(detail.json());
        expect(texts.size, `${url}: the record has texts to look for`).toBeGreaterThan(0);
        const writer = await member(write);
        const writerReads =
          (await call(t.app, { method: "GET", url: resource.readUrl(id), headers: writer })).statusCode === 200;
        const forbidden = writerReads ? [OTHER.email, OTHER_IP, OTHER.name] : [...texts, OTHER.email, OTHER_IP];
        // Every action, the member's own or not: refused as a whole, or one outcome per id, and nothing of the record.
        for (const action of ["deactivate", "activate", "delete", "read"]) {
          const response = await send(
            { method: "POST", url, payload: { action, ids: [id, MISSING_ID] }, headers: {} },
            writer,
          );
          const label = `${url} ${action} as ${write}`;
          expectNothingOf(response, forbidden, label);
          if (response.statusCode >= 400) expectBareError(response, label);
          else {
            for (const outcome of response.json<{ results: Record<string, unknown>[] }>().results) {
              expect(
                Object.keys(outcome).every((key) => ["id", "status", "message"].includes(key)),
                label,
              ).toBe(true);
            }
          }
        }
      }
    },
    60_000,
  );
});
