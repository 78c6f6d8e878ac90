import { type AuditEntry, instantToWallTime } from "@palco/shared";
import { gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, paymentMethods, paymentProviders } from "../src/platform/schema.ts";
import { securityCases, securityNotRecorded } from "./audit-security-cases.ts";
import { sessionCases } from "./audit-sessions-cases.ts";
import type { WalkCase } from "./audit-walk.ts";
import { bearer, call, createTestApp, login, readOutbox, type TestApp, tokenFromLink } from "./helpers.ts";
import { images } from "./images.ts";
import { book, insertBookable, insertBox, insertOwner, insertVenue } from "./supply-fixtures.ts";

let t: TestApp;
let admin: { authorization: string };
let adminId: number;
let viewer: { authorization: string };
/** Every secret the flows below handle: none may appear in any entry. */
const secrets = new Set<string>();

beforeAll(async () => {
  // The simulator is on, so its route is walked too.
  t = await createTestApp({ env: { SIMULATION: "true" } });
  const token = await t.adminToken();
  secrets.add(token);
  admin = bearer(token);
  const me = await call(t.app, { method: "GET", url: "/api/auth/me", headers: admin });
  adminId = me.json<{ id: number }>().id;
  // Holds every permission but AUDIT_LOG_INDEX's resources' writes: used for refused calls.
  viewer = await t.userWith("COUNTRIES_INDEX");
});
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
const code = () => {
  sequence += 1;
  return String.fromCharCode(65 + (sequence % 26), 65 + (Math.floor(sequence / 26) % 26), 65 + ((sequence * 7) % 26));
};

async function lastEntryId(): Promise<number> {
  const [row] = await t.app.db
    .select({ max: sql<number>`coalesce(max(${auditLog.id}), 0)`.mapWith(Number) })
    .from(auditLog);
  return row!.max;
}

async function entriesAfter(id: number) {
  return t.app.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);
}

const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown, headers = admin) =>
  call(t.app, { method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createCountry() {
  const response = await send("POST", "/api/countries", { name: `País ${code()}`, code: code() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; name: string }>();
}
async function createState() {
  const country = await createCountry();
  const response = await send("POST", "/api/states", { name: `Estado ${code()}`, code: code(), country: country.id });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}
async function createCity() {
  const state = await createState();
  const response = await send("POST", "/api/cities", {
    name: `Ciudad ${code()}`,
    code: `${code()}-${String(sequence).padStart(3, "0").slice(-3)}`,
    timeZone: "America/Mexico_City",
    state: state.id,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; name: string }>();
}
/** A category or a service (JSON bodies: the multipart routes accept them without an image). */
const catalogueCreator = (resource: "categories" | "services") => async () => {
  const response = await send("POST", `/api/${resource}`, { name: `Catálogo ${code()}`, order: 1 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
};
const createCategory = catalogueCreator("categories");
/** A venue form with its picture (required on create, accepted on update). */
async function venueBody() {
  const form = new FormData();
  const fields = {
    name: `Recinto ${code()}`,
    address: "Av. Siempre Viva 742",
    contact: "333 123 4567",
    city: String((await createCity()).id),
    latitude: "20.68",
    longitude: "-103.38",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("picture", new Blob([new Uint8Array(await images.png(1000, 600))], { type: "image/png" }), "v.png");
  return form;
}
/** An event form with its picture, five days ahead on the venue's clocks (Mexico City's, as createCity sets). */
async function eventBody() {
  const form = new FormData();
  const startsAt = instantToWallTime(new Date(Date.now() + 5 * 86_400_000), "America/Mexico_City");
  const fields = { name: `Evento ${code()}`, duration: "3", startsAt, venue: String((await createVenue()).id) };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("picture", new Blob([new Uint8Array(await images.png(800, 450))], { type: "image/png" }), "e.png");
  return form;
}
async function createEvent() {
  const response = await send("POST", "/api/events", await eventBody());
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}
async function createVenue() {
  const response = await send("POST", "/api/venues", await venueBody());
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}
const createService = catalogueCreator("services");

async function stateOf(cityId: number): Promise<number> {
  const response = await call(t.app, { method: "GET", url: `/api/cities/${cityId}`, headers: admin });
  return response.json<{ stateId: number }>().stateId;
}
const USER_PASSWORD = "Audit2026secret";
async function createStaff() {
  const email = `staff.${code().toLowerCase()}${sequence}@palco.test`;
  const response = await send("POST", "/api/users", {
    firstName: "Ana",
    lastName: "Auditada",
    email,
    phone: "+52 33 1234 5678",
    password: USER_PASSWORD,
    roles: [],
  });
  expect(response.statusCode, response.body).toBe(201);
  secrets.add(USER_PASSWORD);
  return { ...response.json<{ id: number }>(), email };
}
async function createRole() {
  const response = await send("POST", "/api/roles", {
    name: `Rol ${code()}${sequence}`,
    permissions: ["CITIES_INDEX"],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}
async function firstId(table: typeof paymentProviders | typeof paymentMethods) {
  const [row] = await t.app.db.select({ id: table.id }).from(table).limit(1);
  return row!.id;
}
async function mailedToken(email: string, page: "reset-password" | "activate-account") {
  await t.app.background.flush();
  const message = (await readOutbox(t.dataDir))
    .filter((mail) => mail.to === email && mail.text.includes(`/${page}?token=`))
    .at(-1);
  const token = tokenFromLink(message!, page);
  secrets.add(token);
  return token;
}

const crudCases = (
  resource: string,
  create: () => Promise<{ id: number }>,
  body: () => Promise<object>,
  { blockable = true } = {},
) => ({
  [`POST /api/${resource}`]: {
    async succeed() {
      const response = await send("POST", `/api/${resource}`, await body());
      return { response, expected: { action: "create", resource, recordId: null, actorId: adminId } };
    },
    refuse: async () => () => send("POST", `/api/${resource}`, {}),
  },
  [`PUT /api/${resource}/:id`]: {
    async succeed() {
      const { id } = await create();
      const response = await send("PUT", `/api/${resource}/${id}`, await body());
      return { response, expected: { action: "update", resource, recordId: id, actorId: adminId } };
    },
    async refuse() {
      const { id } = await create();
      const payload = await body();
      return () => send("PUT", `/api/${resource}/${id}`, payload, viewer);
    },
  },
  [`DELETE /api/${resource}/:id`]: {
    async succeed() {
      const { id } = await create();
      const response = await send("DELETE", `/api/${resource}/${id}`);
      return { response, expected: { action: "delete", resource, recordId: id, actorId: adminId } };
    },
    refuse: async () => () => send("DELETE", `/api/${resource}/2000000000`),
  },
  ...(blockable ? activationCases(resource, create) : {}),
});

const activationCases = (resource: string, create: () => Promise<{ id: number }>) => ({
  [`PUT /api/${resource}/:id/deactivate`]: {
    async succeed() {
      const { id } = await create();
      const response = await send("PUT", `/api/${resource}/${id}/deactivate`);
      return { response, expected: { action: "deactivate", resource, recordId: id, actorId: adminId } };
    },
    refuse: async () => () => send("PUT", `/api/${resource}/2000000000/deactivate`),
  },
  [`PUT /api/${resource}/:id/activate`]: {
    async succeed() {
      const { id } = await create();
      const response = await send("PUT", `/api/${resource}/${id}/activate`);
      return { response, expected: { action: "activate", resource, recordId: id, actorId: adminId } };
    },
    async refuse() {
      const { id } = await create();
      return () => send("PUT", `/api/${resource}/${id}/activate`, undefined, viewer);
    },
  },
});

/** PUT …/status: accept (a reject is the same route: see supply.test.ts); refused without a review to return it. */
const reviewCases = (resource: string, create: () => Promise<{ id: number }>) => ({
  [`PUT /api/${resource}/:id/status`]: {
    async succeed() {
      const { id } = await create();
      const response = await send("PUT", `/api/${resource}/${id}/status`, { status: "accepted" });
      return { response, expected: { action: "accept", resource, recordId: id, actorId: adminId } };
    },
    async refuse() {
      const { id } = await create();
      return () => send("PUT", `/api/${resource}/${id}/status`, { status: "returned", review: "" });
    },
  },
});

async function createBox() {
  const owner = await insertOwner(t.app.db);
  const venue = await insertVenue(t.app.db);
  return insertBox(t.app.db, owner.id, venue.id);
}

/** A fresh booking of a fresh box (supply-fixtures.ts). */
const createBooking = async () => ({ id: await book(t.app.db, await insertBookable(t.app.db)) });

/** The booking actions: a change of PUT /bookings/{id} (the owner paid) and the cancellation. */
const bookingCases = {
  "PUT /api/bookings/:id": {
    async succeed() {
      const { id } = await createBooking();
      const response = await send("PUT", `/api/bookings/${id}`, { ownerPaymentReference: "SPEI0001234567BBVA" });
      return { response, expected: { action: "owner-paid", resource: "bookings", recordId: id, actorId: adminId } };
    },
    async refuse() {
      const { id } = await createBooking();
      // Delivered before sent: the state machine refuses it.
      return () => send("PUT", `/api/bookings/${id}`, { ticketsDeliveredAt: new Date().toISOString() });
    },
  },
  "POST /api/bookings/:id/cancel": {
    async succeed() {
      const { id } = await createBooking();
      const response = await send("POST", `/api/bookings/${id}/cancel`);
      return { response, expected: { action: "cancel", resource: "bookings", recordId: id, actorId: adminId } };
    },
    async refuse() {
      const { id } = await createBooking();
      return () => send("POST", `/api/bookings/${id}/cancel`, undefined, viewer);
    },
  },
};

const countryBody = () => ({ name: `País ${code()}`, code: code() });

/** A list view shared with a new role, saved by the super-admin. */
async function createSharedView() {
  const role = await createRole();
  const response = await send("POST", "/api/views", {
    resource: "cities",
    name: `Vista ${code()}${sequence}`,
    query: { search: "Guadalajara" },
    roleIds: [role.id],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; name: string; roleIds: number[] }>();
}

function savedViewCases(): Record<string, WalkCase> {
  return {
    "POST /api/views": {
      async succeed() {
        const role = await createRole();
        const response = await send("POST", "/api/views", {
          resource: "cities",
          name: `Vista ${code()}${sequence}`,
          roleIds: [role.id],
        });
        return { response, expected: { action: "create", resource: "views", recordId: null, actorId: adminId } };
      },
      refuse: async () => () => send("POST", "/api/views", { resource: "cities", name: "", roleIds: [] }),
    },
    "PUT /api/views/:id": {
      async succeed() {
        const view = await createSharedView();
        const response = await send("PUT", `/api/views/${view.id}`, {
          resource: "cities",
          name: `${view.name} bis`,
          roleIds: view.roleIds,
        });
        return { response, expected: { action: "update", resource: "views", recordId: view.id, actorId: adminId } };
      },
      async refuse() {
        const view = await createSharedView();
        return () => send("PUT", `/api/views/${view.id}`, { resource: "cities", name: "" });
      },
    },
    "DELETE /api/views/:id": {
      async succeed() {
        const view = await createSharedView();
        const response = await send("DELETE", `/api/views/${view.id}`);
        return { response, expected: { action: "delete", resource: "views", recordId: view.id, actorId: adminId } };
      },
      async refuse() {
        const view = await createSharedView();
        return () => send("DELETE", `/api/views/${view.id}`, undefined, viewer);
      },
    },
  };
}

const WALK: Record<string, WalkCase> = {
  ...crudCases("countries", createCountry, async () => countryBody()),
  ...crudCases("states", createState, async () => ({
    name: `Estado ${code()}`,
    code: code(),
    country: (await createCountry()).id,
  })),
  ...crudCases("cities", createCity, async () => ({
    name: `Ciudad ${code()}`,
    code: `${code()}-${String(sequence % 1000).padStart(3, "0")}`,
    timeZone: "America/Mexico_City",
    state: (await createState()).id,
  })),
  ...crudCases("categories", createCategory, async () => ({ name: `Categoría ${code()}`, order: 1 })),
  ...crudCases("services", createService, async () => ({ name: `Servicio ${code()}`, order: 2 }), {
    blockable: false,
  }),
  ...crudCases("venues", createVenue, venueBody),
  ...crudCases("events", createEvent, eventBody),
  ...crudCases("users", createStaff, async () => ({
    firstName: "Beto",
    lastName: "Cambiado",
    email: `changed.${code().toLowerCase()}${sequence}@palco.test`,
    phone: "+52 33 8765 4321",
    password: USER_PASSWORD,
    roles: [],
  })),
  ...crudCases("roles", createRole, async () => ({ name: `Rol ${code()}${sequence}`, permissions: ["STATES_INDEX"] }), {
    blockable: false,
  }),
  ...activationCases("owners", () => insertOwner(t.app.db)),
  ...reviewCases("owners", () => insertOwner(t.app.db)),
  ...activationCases("boxes", createBox),
  ...reviewCases("boxes", createBox),
  ...bookingCases,
  // The fees are one record of the trail ("settings", "fees"): a save is an update, a refused value writes nothing.
  "PUT /api/settings/fees": {
    async succeed() {
      const response = await send("PUT", "/api/settings/fees", { guest: 7.5, host: 5, IVA: 16 });
      return { response, expected: { action: "update", resource: "settings", recordId: "fees", actorId: adminId } };
    },
    refuse: async () => () => send("PUT", "/api/settings/fees", { guest: -1, host: 5, IVA: 16 }),
  },
  // One entry for the run, by who started it; what the run makes is the marketplace's doing (not staff changes).
  "POST /api/simulation": {
    async succeed() {
      const response = await send("POST", "/api/simulation", { count: 1, intervalMs: 0 });
      return { response, expected: { action: "simulate", resource: "simulation", recordId: null, actorId: adminId } };
    },
    refuse: async () => () => send("POST", "/api/simulation", { count: 0 }),
  },
  // Saved views: a shared one is recorded (a private one is its owner's business: views.test.ts).
  ...savedViewCases(),
  ...securityCases(() => ({ t, admin, adminId, viewer, secrets })),
  ...sessionCases(() => ({ t, admin, adminId, secrets })),
  ...activationCases("payment-providers", () => firstId(paymentProviders).then((id) => ({ id }))),
  ...activationCases("payment-methods", () => firstId(paymentMethods).then((id) => ({ id }))),
  "POST /api/auth/login": {
    async succeed() {
      const staff = await createStaff();
      await send("POST", "/api/auth/email-verification", { token: await mailedToken(staff.email, "activate-account") });
      const response = await call(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { provider: "email", user: staff.email, secret: USER_PASSWORD },
        remoteAddress: "10.200.0.1",
      });
      secrets.add(response.json<{ data: { token: string } }>().data.token);
      secrets.add(response.json<{ data: { refreshToken: string } }>().data.refreshToken);
      return { response, expected: { action: "sign-in", resource: "users", recordId: staff.id, actorId: staff.id } };
    },
    // A malformed body is refused before anything happens (a wrong password is recorded: see below).
    refuse: async () => () => call(t.app, { method: "POST", url: "/api/auth/login", payload: { provider: "email" } }),
  },
  "POST /api/auth/logout": {
    async succeed() {
      const staff = await createStaff();
      await send("POST", "/api/auth/email-verification", { token: await mailedToken(staff.email, "activate-account") });
      const session = await login(t.app, staff.email, USER_PASSWORD);
      secrets.add(session.token).add(session.refreshToken);
      const response = await call(t.app, {
        method: "POST",
        url: "/api/auth/logout",
        headers: bearer(session.token),
        payload: { refreshToken: session.refreshToken },
      });
      return { response, expected: { action: "sign-out", resource: "users", recordId: staff.id, actorId: staff.id } };
    },
    refuse: async () => () =>
      call(t.app, { method: "POST", url: "/api/auth/logout", payload: { refreshToken: "unknown" } }),
  },
  "POST /api/auth/forgot": {
    async succeed() {
      const staff = await createStaff();
      const response = await call(t.app, { method: "POST", url: "/api/auth/forgot", payload: { email: staff.email } });
      await t.app.background.flush();
      return {
        response,
        expected: { action: "password-reset-request", resource: "users", recordId: staff.id, actorId: null },
      };
    },
    refuse: async () => async () => {
      const response = await call(t.app, {
        method: "POST",
        url: "/api/auth/forgot",
        payload: { email: "nobody.here@palco.test" },
      });
      await t.app.background.flush();
      return response;
    },
  },
  "POST /api/auth/reset": {
    async succeed() {
      const staff = await createStaff();
      await call(t.app, { method: "POST", url: "/api/auth/forgot", payload: { email: staff.email } });
      const token = await mailedToken(staff.email, "reset-password");
      const response = await call(t.app, {
        method: "POST",
        url: "/api/auth/reset",
        payload: { token, password: "Reset2026secret" },
      });
      secrets.add("Reset2026secret");
      return {
        response,
        expected: { action: "password-reset", resource: "users", recordId: staff.id, actorId: staff.id },
      };
    },
    refuse: async () => () =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/reset",
        payload: { token: "x".repeat(43), password: "Reset2026x" },
      }),
  },
  "POST /api/auth/email-verification": {
    async succeed() {
      const staff = await createStaff();
      const token = await mailedToken(staff.email, "activate-account");
      const response = await call(t.app, { method: "POST", url: "/api/auth/email-verification", payload: { token } });
      return {
        response,
        expected: { action: "account-activation", resource: "users", recordId: staff.id, actorId: staff.id },
      };
    },
    refuse: async () => () =>
      call(t.app, { method: "POST", url: "/api/auth/email-verification", payload: { token: "y".repeat(43) } }),
  },
};

/**
 * Mutating routes that write no entry, and why. Refreshing rotates a token every 15 minutes per signed-in tab and
 * changes nothing anybody edits; a reused (leaked) refresh token is recorded as `session-end` (tested below).
 */
const NOT_RECORDED: Record<string, string> = {
  "POST /api/auth/refresh": "token rotation",
  // A staff reply is its own record, append-only: who wrote it and when are in the thread itself.
  "POST /api/bookings/:id/messages": "the thread records it",
  // One reader's own mark (read state is per staff member), not a change of anything shared.
  "PUT /api/notifications/:id/read": "a reader's own read mark",
  // The export is recorded when its job ends (rows written, filters, ready or failed): exports.test.ts.
  "POST /api/exports": "recorded by its job",
  ...securityNotRecorded,
};

/**
 * `POST /api/<resource>/bulk` runs each id through its single route (`platform/bulk.ts`): one entry per id, each its
 * own request, as that route writes it (bulk.test.ts). The walk covers the single routes.
 */
const isBulkRoute = (route: string) => route.startsWith("POST /api/") && route.endsWith("/bulk");

const mutatingRoutes = () =>
  t.app.routeTable
    .filter((route) => route.url.startsWith("/api/") && ["POST", "PUT", "PATCH", "DELETE"].includes(route.method))
    .map((route) => `${route.method} ${route.url}`);

describe("the audit walk: every mutating route", () => {
  it("has a case here (a new route must say what it records)", () => {
    const walked = mutatingRoutes().filter((route) => !isBulkRoute(route));
    expect(walked.sort()).toEqual([...Object.keys(WALK), ...Object.keys(NOT_RECORDED)].sort());
  });

  it.each(Object.keys(WALK))(
    "%s: a success leaves exactly one entry; a refused or failing call none",
    async (route) => {
      const walkCase = WALK[route]!;
      const before = await lastEntryId();
      const { response, expected } = await walkCase.succeed();
      expect(response.statusCode, response.body).toBeLessThan(300);
      // Set-up calls (creating the record) write their own entries: the call under test wrote the last one.
      const written = await entriesAfter(before);
      const entry = written.at(-1)!;
      expect(entry).toMatchObject({ action: expected.action, resource: expected.resource, actorId: expected.actorId });
      if (expected.recordId !== null) expect(entry.recordId).toBe(String(expected.recordId));
      else if (expected.action === "create") expect(entry.recordId).toBe(String(response.json<{ id: number }>().id));
      expect(entry.ip).toBeTruthy();
      expect(entry.requestId).toBeTruthy();
      const sameRequest = written.filter((row) => row.requestId === entry.requestId);
      expect(
        sameRequest.map((row) => row.action),
        "one entry per request",
      ).toEqual([...(expected.before ?? []), expected.action]);
      if (expected.action === "create") {
        expect(Object.values(entry.changes as Record<string, unknown[]>).every((pair) => pair[0] === null)).toBe(true);
      }
      if (expected.action === "delete") {
        expect(Object.values(entry.changes as Record<string, unknown[]>).every((pair) => pair[1] === null)).toBe(true);
        expect(Object.keys(entry.changes as object).length).toBeGreaterThan(1);
      }

      const refusedCall = await walkCase.refuse();
      const beforeRefusal = await lastEntryId();
      const refused = await refusedCall();
      // forgot and logout answer alike whatever they are given (and write nothing): the others are refused outright.
      if (!["POST /api/auth/forgot", "POST /api/auth/logout"].includes(route)) {
        expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
      }
      expect(await entriesAfter(beforeRefusal)).toHaveLength(0);
    },
  );

  it("records what changed, before and after, and a password only as changed", async () => {
    const city = await createCity();
    const before = await lastEntryId();
    await send("PUT", `/api/cities/${city.id}`, {
      name: "Zapopan Centro",
      code: `ZAP-${String(city.id % 1000).padStart(3, "0")}`,
      timeZone: "America/Mexico_City",
      state: await stateOf(city.id),
    });
    const [entry] = await entriesAfter(before);
    expect((entry!.changes as Record<string, unknown[]>).name).toEqual([city.name, "Zapopan Centro"]);
    expect(entry!.actorName).toBeTruthy();
    expect(entry!.actorEmail).toContain("@");

    const staff = await createStaff();
    const mark = await lastEntryId();
    await send("PUT", `/api/users/${staff.id}`, {
      firstName: "Ana",
      lastName: "Auditada",
      email: staff.email,
      phone: "+52 33 1234 5678",
      password: "Another2026pass",
      roles: [],
    });
    secrets.add("Another2026pass");
    const [userEntry] = await entriesAfter(mark);
    expect((userEntry!.changes as Record<string, unknown>).password).toEqual(["[redacted]", "[redacted]"]);
  });

  it("records failed sign-ins without the password, and a reused refresh token as a session end", async () => {
    const staff = await createStaff();
    await send("POST", "/api/auth/email-verification", { token: await mailedToken(staff.email, "activate-account") });
    const mark = await lastEntryId();
    const wrong = await call(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { provider: "email", user: staff.email, secret: "Wrong2026guess" },
      remoteAddress: "10.201.0.1",
    });
    secrets.add("Wrong2026guess");
    expect(wrong.statusCode).toBe(401);
    const [failed] = await entriesAfter(mark);
    expect(failed).toMatchObject({
      action: "sign-in-failed",
      resource: "users",
      recordId: String(staff.id),
      actorId: null,
    });

    const session = await login(t.app, staff.email, USER_PASSWORD);
    secrets.add(session.refreshToken).add(session.token);
    const refresh = (refreshToken: string) =>
      call(t.app, { method: "POST", url: "/api/auth/refresh", payload: { refreshToken } });
    const rotated = await refresh(session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    secrets.add(rotated.json<{ data: { refreshToken: string; token: string } }>().data.refreshToken);
    const reuseMark = await lastEntryId();
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    const [ended] = await entriesAfter(reuseMark);
    expect(ended).toMatchObject({ action: "session-end", recordId: String(staff.id) });
  });

  it("keeps no secret anywhere: no hash, password, token or link", async () => {
    const rows = await t.app.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(40);
    const text = JSON.stringify(rows);
    expect(text).not.toContain("$argon2");
    expect(text).not.toMatch(/reset-password\?token|activate-account\?token/);
    for (const secret of secrets) expect(text, "a secret reached the trail").not.toContain(secret);
  });
});

describe("the audit table is append-only in the database", () => {
  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    await createCountry();
    const count = await lastEntryId();
    expect(count).toBeGreaterThan(0);
    const refusedByDatabase = async (statement: ReturnType<typeof sql>) => {
      // As the schema owner: the server's own role may not even try (database-roles.test.ts).
      const error = await t.asOwner(statement).then(
        () => undefined,
        (failure: Error & { cause?: Error }) => failure,
      );
      expect(error, "the statement went through").toBeDefined();
      expect(String(error?.cause?.message ?? error?.message)).toMatch(/audit_log is append-only/);
    };
    await refusedByDatabase(sql`update audit_log set action = 'forged'`);
    await refusedByDatabase(sql`delete from audit_log`);
    await refusedByDatabase(sql`truncate audit_log`);
    expect(await lastEntryId()).toBe(count);
    const [forged] = await t.app.db.select().from(auditLog).where(sql`${auditLog.action} = 'forged'`);
    expect(forged).toBeUndefined();
  });
});

describe("versions: If-Match and 409", () => {
  it("a second editor with the version they saw gets 409 with the first one's change", async () => {
    const city = await createCity();
    // Reads the city and the trail: the 409 shows both (refusal-disclosure.test.ts: only to such a member).
    const other = await t.userWith("CITIES_SHOW", "CITIES_EDIT", "CITIES_ACTIVATE", "CITY_DELETE", "AUDIT_LOG_INDEX");
    const read = (headers: { authorization: string }) =>
      call(t.app, { method: "GET", url: `/api/cities/${city.id}`, headers });
    const first = await read(admin);
    const second = await read(other);
    const seen = first.headers.etag as string;
    expect(seen).toMatch(/^"[\w-]+"$/);
    expect(second.headers.etag).toBe(seen);
    expect((await read(admin)).headers.etag, "an unchanged record keeps its version").toBe(seen);
    // The signed-in user is a session, not a record anyone writes back: no version to compute on every page load.
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", headers: admin });
    expect(me.statusCode).toBe(200);
    expect(me.headers.etag).toBeUndefined();

    const body = (name: string) => ({
      name,
      code: first.json<{ code: string }>().code,
      timeZone: "America/Mexico_City",
      state: first.json<{ stateId: number }>().stateId,
    });
    const saved = await call(t.app, {
      method: "PUT",
      url: `/api/cities/${city.id}`,
      headers: { ...admin, "if-match": seen },
      payload: body("Primera versión"),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).not.toBe(seen);

    const stale = await call(t.app, {
      method: "PUT",
      url: `/api/cities/${city.id}`,
      headers: { ...other, "if-match": seen, "accept-language": "es" },
      payload: body("Segunda versión"),
    });
    expect(stale.statusCode).toBe(409);
    const conflict = stale.json<{ message: string; current: { name: string }; changes: AuditEntry[] }>();
    expect(conflict.message).toBe("Alguien más cambió este registro después de que lo abriste");
    expect(conflict.current.name).toBe("Primera versión");
    expect(conflict.changes).toHaveLength(1);
    expect(conflict.changes[0]).toMatchObject({ action: "update", actor: { id: adminId } });
    expect(conflict.changes[0]!.changes.name).toEqual([city.name, "Primera versión"]);
    expect((await read(admin)).json<{ name: string }>().name).toBe("Primera versión");

    for (const [method, url] of [
      ["DELETE", `/api/cities/${city.id}`],
      ["PUT", `/api/cities/${city.id}/deactivate`],
    ] as const) {
      const refused = await call(t.app, { method, url, headers: { ...other, "if-match": seen } });
      expect(refused.statusCode, `${method} ${url}`).toBe(409);
    }
    expect((await read(admin)).json<{ isActive: boolean }>().isActive).toBe(true);

    const anyVersion = await call(t.app, {
      method: "PUT",
      url: `/api/cities/${city.id}`,
      headers: { ...other, "if-match": "*" },
      payload: body("Cualquier versión"),
    });
    expect(anyVersion.statusCode).toBe(200);
    const unconditional = await send("PUT", `/api/cities/${city.id}`, body("Sin condición"), other);
    expect(unconditional.statusCode).toBe(200);
    const current = await read(other);
    const fresh = await call(t.app, {
      method: "PUT",
      url: `/api/cities/${city.id}/deactivate`,
      headers: { ...other, "if-match": current.headers.etag as string },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("a stale write leaves no entry", async () => {
    const country = await createCountry();
    const mark = await lastEntryId();
    const stale = await call(t.app, {
      method: "PUT",
      url: `/api/countries/${country.id}`,
      headers: { ...admin, "if-match": '"not-the-version"' },
      payload: countryBody(),
    });
    expect(stale.statusCode).toBe(409);
    expect(await entriesAfter(mark)).toHaveLength(0);
  });
});

describe("reading the trail", () => {
  type Page = { items: AuditEntry[]; next: string | null; previous: string | null; total: number; totalKind: string };
  const list = (query: string, headers = admin) =>
    call(t.app, { method: "GET", url: `/api/audit-log${query}`, headers });

  it("lists newest first with filters by resource, record, actor, action and dates, and pages by cursor", async () => {
    const city = await createCity();
    for (const name of ["Uno", "Dos", "Tres"]) {
      await send("PUT", `/api/cities/${city.id}`, {
        name,
        code: `HIS-${String(city.id % 1000).padStart(3, "0")}`,
        timeZone: "America/Mexico_City",
        state: await stateOf(city.id),
      });
    }
    const history = await list(`?resource=cities&recordId=${city.id}`);
    expect(history.statusCode, history.body).toBe(200);
    const entries = history.json<Page>().items;
    expect(entries.map((entry) => entry.action)).toEqual(["update", "update", "update", "create"]);
    expect(entries[0]!.changes.name).toEqual(["Dos", "Tres"]);
    expect(entries[0]!.actor).toMatchObject({ id: adminId, email: expect.stringContaining("@") });

    const byActorToday = await list(`?actor=${adminId}&action=update&from=2000-01-01&to=2999-12-31&tz=UTC`);
    expect(
      byActorToday.json<Page>().items.every((entry) => entry.actor.id === adminId && entry.action === "update"),
    ).toBe(true);
    expect((await list("?from=2000-01-01&to=2000-01-02")).json<Page>().items).toEqual([]);

    // Cursor paging: page 2 through `next` continues page 1 without overlap, `previous` goes back.
    const first = (await list("")).json<Page>();
    expect(first.items).toHaveLength(12);
    const second = (await list(`?page=2&after=${first.next}`)).json<Page>();
    expect(second.items[0]!.id).toBeLessThan(first.items.at(-1)!.id);
    const back = (await list(`?page=1&before=${second.previous}`)).json<Page>();
    expect(back.items.map((entry) => entry.id)).toEqual(first.items.map((entry) => entry.id));

    const detail = await call(t.app, { method: "GET", url: `/api/audit-log/${entries[0]!.id}`, headers: admin });
    expect(detail.json()).toMatchObject({
      id: entries[0]!.id,
      userAgent: expect.any(String),
      requestId: expect.any(String),
    });
    expect((await call(t.app, { method: "GET", url: "/api/audit-log/999999999", headers: admin })).statusCode).toBe(
      404,
    );
  });

  it("refuses staff without AUDIT_LOG_INDEX and bad filters", async () => {
    expect((await list("", viewer)).statusCode).toBe(403);
    expect((await list("/actors", viewer)).statusCode).toBe(403);
    expect((await list("/export", viewer)).statusCode).toBe(403);
    const bad = await list("?from=2026-02-30&actor=abc&tz=Mars/Olympus", {
      ...admin,
      "accept-language": "es",
    } as never);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ messages: object }>().messages).sort()).toEqual(["actor", "from", "tz"]);
    expect((await list("?from=2026-03-02&to=2026-03-01")).statusCode).toBe(400);
    expect((await list("?after=not-a-cursor")).statusCode).toBe(400);
  });

  it("finds staff for the actor filter and exports the filtered trail as CSV", async () => {
    const actors = await list("/actors?search=auditada");
    expect(actors.json<{ email: string }[]>().length).toBeGreaterThan(0);
    const staff = await createStaff();
    await send("PUT", `/api/users/${staff.id}/deactivate`);
    const csv = await list(`/export?resource=users&recordId=${staff.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    // A byte-order mark first, so spreadsheet programs read the file as UTF-8 (the decoded body drops it).
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("at,actor_name,actor_email,action,resource,record_id,changes,ip");
    expect(lines.slice(1).map((line) => line.split(",")[3])).toEqual(["deactivate", "create"]);
    const everything = await list("/export");
    const total = await t.app.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog);
    expect(everything.body.trim().split("\r\n")).toHaveLength(total[0]!.n + 1);
  });
});
