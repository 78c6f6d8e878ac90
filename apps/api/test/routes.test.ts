import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PERMISSION_CODES, type PermissionCode } from "@palco/shared";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertPermissionDeclared, installGuard, type RoutePermission } from "../src/platform/guard.ts";
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
  venues,
} from "../src/platform/schema.ts";
import { bearer, call, createFakeSpa, createTestApp, expectErrorShape, type TestApp } from "./helpers.ts";
import { insertBox, insertOwner } from "./supply-fixtures.ts";

let t: TestApp;
let spaDir: string;
beforeAll(async () => {
  spaDir = await createFakeSpa();
  t = await createTestApp({ build: { webDist: spaDir } });
});
afterAll(async () => {
  await t?.close();
  await rm(spaDir, { recursive: true, force: true });
});

/** The API routes the SPA calls (plugins' own routes — docs, static files — excluded). */
const apiRoutes = () =>
  t.app.routeTable.filter(
    (route) => route.url.startsWith("/api/") && !route.url.startsWith("/api/docs") && route.method !== "HEAD",
  );

const EXPECTED: Record<string, RoutePermission> = {
  "GET /api/health": "public",
  "GET /api/health/ready": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/refresh": "public",
  "POST /api/auth/logout": "public",
  "POST /api/auth/forgot": "public",
  "POST /api/auth/reset": "public",
  "POST /api/auth/email-verification": "public",
  "POST /api/auth/login/mfa": "public",
  "GET /api/auth/me": null,
  // One's own second factors and step-up (mfa.test.ts).
  "GET /api/auth/mfa": null,
  "POST /api/auth/mfa/totp": null,
  "POST /api/auth/mfa/totp/confirm": null,
  "DELETE /api/auth/mfa/totp": null,
  "POST /api/auth/mfa/recovery-codes": null,
  "POST /api/auth/mfa/passkeys/options": null,
  "POST /api/auth/mfa/passkeys": null,
  "PUT /api/auth/mfa/passkeys/:id": null,
  "DELETE /api/auth/mfa/passkeys/:id": null,
  "POST /api/auth/step-up/options": null,
  "POST /api/auth/step-up": null,
  // One's own sessions: a session of another member answers 404 (staff-sessions.test.ts).
  "GET /api/auth/sessions": null,
  "DELETE /api/auth/sessions": null,
  "DELETE /api/auth/sessions/:id": null,
  "GET /api/permissions": null,
  "GET /api/countries": "COUNTRIES_INDEX",
  "GET /api/countries/all": [
    "COUNTRIES_INDEX",
    "STATES_INDEX",
    "STATES_CREATE",
    "STATES_EDIT",
    "CITIES_INDEX",
    "CITIES_CREATE",
    "CITIES_EDIT",
  ],
  "GET /api/countries/:id": "COUNTRIES_SHOW",
  "POST /api/countries": "COUNTRIES_CREATE",
  "PUT /api/countries/:id": "COUNTRIES_EDIT",
  "DELETE /api/countries/:id": "COUNTRY_DELETE",
  "PUT /api/countries/:id/activate": "COUNTRIES_ACTIVATE",
  "PUT /api/countries/:id/deactivate": "COUNTRIES_ACTIVATE",
  "POST /api/countries/bulk": ["COUNTRIES_ACTIVATE", "COUNTRY_DELETE"],
  "GET /api/countries/ids": "COUNTRIES_INDEX",
  "GET /api/states": "STATES_INDEX",
  "GET /api/states/all": [
    "STATES_INDEX",
    "CITIES_INDEX",
    "CITIES_CREATE",
    "CITIES_EDIT",
    "VENUES_INDEX",
    "VENUES_CREATE",
    "VENUES_EDIT",
    "EVENTS_INDEX",
    "BOXES_INDEX",
  ],
  "GET /api/states/:id": "STATES_SHOW",
  "POST /api/states": "STATES_CREATE",
  "PUT /api/states/:id": "STATES_EDIT",
  "DELETE /api/states/:id": "STATE_DELETE",
  "PUT /api/states/:id/activate": "STATES_ACTIVATE",
  "PUT /api/states/:id/deactivate": "STATES_ACTIVATE",
  "POST /api/states/bulk": ["STATES_ACTIVATE", "STATE_DELETE"],
  "GET /api/states/ids": "STATES_INDEX",
  "GET /api/cities": "CITIES_INDEX",
  "GET /api/cities/all": [
    "CITIES_INDEX",
    "VENUES_INDEX",
    "VENUES_CREATE",
    "VENUES_EDIT",
    "BOXES_INDEX",
    "EVENTS_INDEX",
  ],
  "GET /api/cities/:id": "CITIES_SHOW",
  "POST /api/cities": "CITIES_CREATE",
  "PUT /api/cities/:id": "CITIES_EDIT",
  "DELETE /api/cities/:id": "CITY_DELETE",
  "PUT /api/cities/:id/activate": "CITIES_ACTIVATE",
  "PUT /api/cities/:id/deactivate": "CITIES_ACTIVATE",
  "POST /api/cities/bulk": ["CITIES_ACTIVATE", "CITY_DELETE"],
  "GET /api/cities/ids": "CITIES_INDEX",
  "GET /api/categories": "CATEGORIES_INDEX",
  "GET /api/categories/all": ["CATEGORIES_INDEX", "EVENTS_INDEX", "EVENTS_CREATE", "EVENTS_EDIT"],
  "GET /api/categories/:id": ["CATEGORIES_SHOW", "CATEGORIES_EDIT"],
  "POST /api/categories": "CATEGORIES_CREATE",
  "PUT /api/categories/:id": "CATEGORIES_EDIT",
  "DELETE /api/categories/:id": "CATEGORIES_DELETE",
  "PUT /api/categories/:id/activate": "CATEGORIES_ACTIVATE",
  "PUT /api/categories/:id/deactivate": "CATEGORIES_ACTIVATE",
  "POST /api/categories/bulk": ["CATEGORIES_ACTIVATE", "CATEGORIES_DELETE"],
  "GET /api/categories/ids": "CATEGORIES_INDEX",
  "GET /api/venues": "VENUES_INDEX",
  "GET /api/venues/all": [
    "VENUES_INDEX",
    "EVENTS_INDEX",
    "EVENTS_CREATE",
    "EVENTS_EDIT",
    "BOXES_INDEX",
    "BOOKINGS_INDEX",
  ],
  "GET /api/venues/:id": ["VENUES_SHOW", "VENUES_EDIT"],
  "POST /api/venues": "VENUES_CREATE",
  "PUT /api/venues/:id": "VENUES_EDIT",
  "DELETE /api/venues/:id": "VENUES_DELETE",
  "PUT /api/venues/:id/activate": "VENUE_ACTIVATE",
  "PUT /api/venues/:id/deactivate": "VENUE_ACTIVATE",
  "POST /api/venues/bulk": ["VENUE_ACTIVATE", "VENUES_DELETE"],
  "GET /api/venues/ids": "VENUES_INDEX",
  "GET /api/events": "EVENTS_INDEX",
  "GET /api/events/all": ["EVENTS_INDEX", "BOOKINGS_INDEX"],
  "GET /api/events/:id": ["EVENTS_SHOW", "EVENTS_EDIT"],
  "POST /api/events": "EVENTS_CREATE",
  "PUT /api/events/:id": "EVENTS_EDIT",
  "DELETE /api/events/:id": "EVENTS_DELETE",
  "PUT /api/events/:id/activate": "EVENTS_ACTIVATE",
  "PUT /api/events/:id/deactivate": "EVENTS_ACTIVATE",
  "POST /api/events/bulk": ["EVENTS_ACTIVATE", "EVENTS_DELETE"],
  "GET /api/events/ids": "EVENTS_INDEX",
  "GET /api/owners": "OWNERS_INDEX",
  "GET /api/owners/all": "OWNERS_INDEX",
  "GET /api/owners/:id": "OWNERS_SHOW",
  "PUT /api/owners/:id/activate": "OWNERS_ACTIVATE",
  "PUT /api/owners/:id/deactivate": "OWNERS_ACTIVATE",
  "PUT /api/owners/:id/status": "OWNERS_CHANGE_STATUS",
  "POST /api/owners/bulk": "OWNERS_ACTIVATE",
  "GET /api/owners/ids": "OWNERS_INDEX",
  // Signed links (the signature stands in for the token: an <img> sends none); refusals in supply.test.ts.
  "GET /api/owners/:id/documents/:kind": "public",
  "GET /api/boxes": "BOXES_INDEX",
  "GET /api/boxes/all": "BOXES_INDEX",
  "GET /api/boxes/:id": "BOXES_SHOW",
  "PUT /api/boxes/:id/activate": "BOXES_ACTIVATE",
  "PUT /api/boxes/:id/deactivate": "BOXES_ACTIVATE",
  "PUT /api/boxes/:id/status": "BOXES_CHANGE_STATUS",
  "POST /api/boxes/bulk": "BOXES_ACTIVATE",
  "GET /api/boxes/ids": "BOXES_INDEX",
  "GET /api/boxes/:id/documents/:kind": "public",
  "GET /api/bookings": "BOOKINGS_INDEX",
  "GET /api/bookings/:id": "BOOKINGS_SHOW",
  "PUT /api/bookings/:id": "BOOKINGS_UPDATE",
  "POST /api/bookings/:id/cancel": "BOOKINGS_CANCEL_BOOKING",
  "GET /api/bookings/:id/messages": "BOOKINGS_SHOW",
  "POST /api/bookings/:id/messages": "BOOKINGS_SHOW",
  "GET /api/notifications": "NOTIFICATIONS_INDEX",
  "GET /api/notifications/": "NOTIFICATIONS_INDEX",
  "GET /api/notifications/count": "NOTIFICATIONS_INDEX",
  "GET /api/notifications/:id": "NOTIFICATIONS_INDEX",
  "PUT /api/notifications/:id/read": "NOTIFICATIONS_INDEX",
  "POST /api/notifications/bulk": "NOTIFICATIONS_INDEX",
  "GET /api/notifications/ids": "NOTIFICATIONS_INDEX",
  "GET /api/review-queue": null,
  // Saved views: open to every member; what they may see and change depends on the view's list (views.test.ts).
  "GET /api/views": null,
  "GET /api/views/roles": null,
  "POST /api/views": null,
  "PUT /api/views/:id": null,
  "DELETE /api/views/:id": null,
  "GET /api/search": null,
  "GET /api/services": "SERVICES_INDEX",
  "GET /api/services/all": "SERVICES_INDEX",
  "GET /api/services/:id": ["SERVICES_SHOW", "SERVICES_EDIT"],
  "POST /api/services": "SERVICES_CREATE",
  "PUT /api/services/:id": "SERVICES_EDIT",
  "DELETE /api/services/:id": "SERVICES_DELETE",
  "POST /api/services/bulk": "SERVICES_DELETE",
  "GET /api/services/ids": "SERVICES_INDEX",
  "GET /api/users": "USERS_INDEX",
  "GET /api/users/:id": ["USERS_SHOW", "USERS_EDIT"],
  "POST /api/users": "USERS_CREATE",
  "PUT /api/users/:id": "USERS_EDIT",
  "DELETE /api/users/:id": "USERS_DELETE",
  "PUT /api/users/:id/activate": "USERS_ACTIVATE",
  "PUT /api/users/:id/deactivate": "USERS_ACTIVATE",
  // Bulk actions run the single routes above per id (bulk.test.ts).
  "POST /api/users/bulk": ["USERS_ACTIVATE", "USERS_DELETE"],
  "GET /api/users/ids": "USERS_INDEX",
  "GET /api/users/:id/mfa": "USERS_EDIT",
  "DELETE /api/users/:id/mfa": "USERS_EDIT",
  "GET /api/users/:id/sessions": "USERS_EDIT",
  "DELETE /api/users/:id/sessions": "USERS_EDIT",
  "GET /api/roles": "ROLES_INDEX",
  "GET /api/roles/all": ["ROLES_INDEX", "USERS_INDEX", "USERS_CREATE", "USERS_EDIT"],
  "GET /api/roles/:id": ["ROLES_SHOW", "ROLES_EDIT"],
  "POST /api/roles": "ROLES_CREATE",
  "PUT /api/roles/:id": "ROLES_EDIT",
  "DELETE /api/roles/:id": "USERS_DELETE",
  "POST /api/roles/bulk": "USERS_DELETE",
  "GET /api/roles/ids": "ROLES_INDEX",
  "GET /api/payment-providers": "PAYMENT_PROVIDERS_INDEX",
  "GET /api/payment-providers/:id": "PAYMENT_PROVIDERS_SHOW",
  "PUT /api/payment-providers/:id/activate": "PAYMENT_PROVIDERS_ACTIVATE",
  "PUT /api/payment-providers/:id/deactivate": "PAYMENT_PROVIDERS_ACTIVATE",
  "POST /api/payment-providers/bulk": "PAYMENT_PROVIDERS_ACTIVATE",
  "GET /api/payment-methods": "PAYMENT_METHODS_INDEX",
  "GET /api/payment-methods/:id": "PAYMENT_METHODS_INDEX",
  "PUT /api/payment-methods/:id/activate": "PAYMENT_METHODS_ACTIVATE",
  "PUT /api/payment-methods/:id/deactivate": "PAYMENT_METHODS_ACTIVATE",
  "POST /api/payment-methods/bulk": "PAYMENT_METHODS_ACTIVATE",
  "GET /api/audit-log": "AUDIT_LOG_INDEX",
  "GET /api/audit-log/export": "AUDIT_LOG_INDEX",
  "GET /api/audit-log/actors": "AUDIT_LOG_INDEX",
  "GET /api/audit-log/:id": "AUDIT_LOG_INDEX",
  // Fee settings: the /settings screen's code (spec 02 §6); no fees permission exists.
  "GET /api/settings/fees": "SERVICES_INDEX",
  "PUT /api/settings/fees": "SERVICES_INDEX",
  "GET /api/settings/fees/history": "SERVICES_INDEX",
  // The dashboard's permission is not shown (spec 02 §6): each report is open to whoever lists what it counts.
  "GET /api/reports/income": "BOOKINGS_INDEX",
  "GET /api/reports/boxes": "BOXES_INDEX",
  "GET /api/reports/users/count": ["OWNERS_INDEX", "BOOKINGS_INDEX"],
  "GET /api/reports/users/age": ["OWNERS_INDEX", "BOOKINGS_INDEX"],
  "GET /api/reports/users/active": ["OWNERS_INDEX", "BOOKINGS_INDEX"],
  "GET /api/reports/bookings/future": "BOOKINGS_INDEX",
  // No role can grant it: see simulation.test.ts (409 here, where the server runs without SIMULATION=true).
  "POST /api/simulation": "super-admin",
  // The list's own INDEX permission is checked for the resource the body names (exports.test.ts).
  "POST /api/exports": null,
  "GET /api/exports": null,
  "GET /api/exports/:id": null,
  "GET /api/exports/:id/documents/:kind": "public",
};

/** An id that exists nowhere: calls that get past the guard touch nothing (404 or 422, never 401/403). */
const MISSING_ID = 2147483647;
const concrete = (url: string) => url.replace(":id", String(MISSING_ID)).replace(":kind", "id-front");

let rowSequence = 0;
/** Three capital letters, different on every call (codes of throwaway countries and states). */
function code3(): string {
  rowSequence += 1;
  let n = rowSequence + 26 * 26 * 20;
  let code = "";
  for (let i = 0; i < 3; i++) {
    code = String.fromCharCode(65 + (n % 26)) + code;
    n = Math.floor(n / 26);
  }
  return code;
}

/**
 * A fresh row the call may read, change or delete, so destructive routes only ever hit throwaway rows and a
 * holder's call really reaches the handler. Resources this file does not know (routes added later) get an id
 * that does not exist: still enough to tell the guard's 401/403 from the handler's 404.
 */
const THROWAWAY: Record<string, () => Promise<number>> = {
  users: async () => (await t.createUser()).id,
  roles: async () => {
    const [role] = await t.app.db
      .insert(roles)
      .values({ name: `throwaway-${code3()}` })
      .returning({ id: roles.id });
    return role!.id;
  },
  countries: async () => {
    const [country] = await t.app.db
      .insert(countries)
      .values({ name: `Throwaway ${code3()}`, code: code3() })
      .returning({ id: countries.id });
    return country!.id;
  },
  states: async () => {
    const countryId = await THROWAWAY.countries!();
    const [state] = await t.app.db
      .insert(states)
      .values({ name: `Throwaway ${code3()}`, code: code3(), countryId })
      .returning({ id: states.id });
    return state!.id;
  },
  cities: async () => {
    const stateId = await THROWAWAY.states!();
    const [city] = await t.app.db
      .insert(cities)
      .values({ name: `Throwaway ${code3()}`, code: `${code3()}-001`, timeZone: "UTC", stateId })
      .returning({ id: cities.id });
    return city!.id;
  },
  categories: async () => {
    const [row] = await t.app.db
      .insert(categories)
      .values({ name: `Throwaway ${code3()}`, order: 1 })
      .returning({ id: categories.id });
    return row!.id;
  },
  services: async () => {
    const [row] = await t.app.db
      .insert(services)
      .values({ name: `Throwaway ${code3()}`, order: 1 })
      .returning({ id: services.id });
    return row!.id;
  },
  venues: async () => {
    const cityId = await THROWAWAY.cities!();
    const [row] = await t.app.db
      .insert(venues)
      .values({
        name: `Throwaway ${code3()}`,
        address: "-",
        contact: "3331234567",
        latitude: 20,
        longitude: -103,
        cityId,
      })
      .returning({ id: venues.id });
    return row!.id;
  },
  events: async () => {
    const venueId = await THROWAWAY.venues!();
    const [row] = await t.app.db
      .insert(events)
      .values({ name: `Throwaway ${code3()}`, duration: 2, startsAt: new Date(Date.now() + 10 * 86_400_000), venueId })
      .returning({ id: events.id });
    return row!.id;
  },
  owners: async () => (await insertOwner(t.app.db)).id,
  boxes: async () => {
    const owner = await insertOwner(t.app.db);
    return (await insertBox(t.app.db, owner.id, await THROWAWAY.venues!())).id;
  },
  // Reference data (seeded, never deleted through the API): toggling a real row is harmless here.
  "payment-providers": async () => (await t.app.db.select({ id: paymentProviders.id }).from(paymentProviders))[0]!.id,
  "payment-methods": async () => (await t.app.db.select({ id: paymentMethods.id }).from(paymentMethods))[0]!.id,
};

async function throwawayUrl(url: string): Promise<string> {
  if (!url.includes(":id")) return url;
  const resource = url.split("/")[2]!;
  const make = THROWAWAY[resource];
  return url.replace(":id", String(make ? await make() : MISSING_ID)).replace(":kind", "id-front");
}

/** A call that gets past the guard: JSON bodies are empty forms (422 at worst), ids are throwaway rows. */
/** Logout ends the session of the bearer token it is sent: the loops' shared sessions must not be ended by it. */
const sparingSession = (route: { url: string }, headers: Record<string, string>) =>
  route.url === "/api/auth/logout" ? {} : headers;

async function callThrough(route: { method: string; url: string }, headers: Record<string, string>) {
  const url = await throwawayUrl(route.url);
  return call(t.app, {
    method: route.method as "GET",
    url,
    headers: sparingSession(route, headers),
    ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
  });
}

describe("route permissions", () => {
  it("every route declares a permission, and the API routes are exactly the expected ones", () => {
    for (const route of t.app.routeTable) expect(route.permission, `${route.method} ${route.url}`).not.toBeUndefined();
    const actual = Object.fromEntries(apiRoutes().map((route) => [`${route.method} ${route.url}`, route.permission]));
    expect(actual).toEqual(EXPECTED);
  });

  it("a route without config.permission fails at start-up; unknown codes too", async () => {
    expect(() => assertPermissionDeclared({ method: "GET", url: "/api/x", config: {} })).toThrow(
      "Route GET /api/x does not declare config.permission",
    );
    expect(() =>
      assertPermissionDeclared({
        method: "GET",
        url: "/api/x",
        config: { permission: "NOT_A_CODE" as PermissionCode },
      }),
    ).toThrow(/unknown permission NOT_A_CODE/);
    expect(() => assertPermissionDeclared({ method: "GET", url: "/api/x", config: { permission: [] } })).toThrow(
      /empty permission list/,
    );
    const bare = Fastify();
    installGuard(bare, {
      sessions: t.app.sessions,
      tokens: { sign: async () => ({ token: "", expiresAt: new Date() }), verify: async () => ({ error: "invalid" }) },
      stepUpSeconds: 300,
    });
    expect(() => bare.get("/api/forgotten", async () => "open")).toThrow(
      "Route GET /api/forgotten does not declare config.permission",
    );
    bare.get("/api/declared", { config: { permission: null } }, async () => "closed");
    await bare.ready();
    await bare.close();

    // Resources register their routes inside plugins: those are checked too, and stop the start-up.
    const nested = Fastify();
    installGuard(nested, {
      sessions: t.app.sessions,
      tokens: { sign: async () => ({ token: "", expiresAt: new Date() }), verify: async () => ({ error: "invalid" }) },
      stepUpSeconds: 300,
    });
    nested.register(async (child) => {
      child.put("/api/things/:id/activate", async () => "open");
    });
    await expect(nested.ready()).rejects.toThrow(
      "Route PUT /api/things/:id/activate does not declare config.permission",
    );
    await nested.close();
  });

  it("without a token every protected route answers 401", async () => {
    for (const route of apiRoutes().filter((r) => r.permission !== "public")) {
      const response = await call(t.app, { method: route.method as "GET", url: concrete(route.url) });
      expectErrorShape(response, 401);
    }
  });

  it("a user without the permission gets 403 with the spec's text on every route; with it, gets through", async () => {
    const nobody = await t.userWith();
    const spanishNobody = { ...nobody, "accept-language": "es" };
    for (const route of apiRoutes()) {
      const { permission } = route;
      if (permission === "public" || permission === null) {
        // A document link without its signature is refused (401) by the route itself: see supply.test.ts.
        if (route.url.includes("/documents/")) continue;
        const response = await call(t.app, {
          method: route.method as "GET",
          url: concrete(route.url),
          headers: sparingSession(route, nobody),
        });
        expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
        continue;
      }
      const label = `${route.method} ${route.url}`;
      if (permission === "super-admin") {
        // Refused to everyone else, whatever they hold.
        const everything = await t.userWith(...(EXPECTED_CODES as PermissionCode[]));
        for (const headers of [nobody, everything]) {
          expectErrorShape(
            await call(t.app, { method: route.method as "GET", url: concrete(route.url), headers, payload: {} }),
            403,
          );
        }
        continue;
      }
      const denied = expectErrorShape(
        await call(t.app, {
          method: route.method as "GET",
          url: concrete(route.url),
          headers: nobody,
          payload: route.method === "GET" ? undefined : {},
        }),
        403,
      );
      expect(denied.message, label).toBe("The user account does not have enough permissions to perform this action");
      expect(denied.messages).toEqual({ general: denied.message });
      const deniedEs = expectErrorShape(
        await call(t.app, { method: route.method as "GET", url: concrete(route.url), headers: spanishNobody }),
        403,
      );
      expect(deniedEs.message).toBe("La cuenta de usuario no tiene permisos suficientes para realizar esta acción");

      const codes = (Array.isArray(permission) ? permission : [permission]) as PermissionCode[];
      for (const code of codes) {
        const holder = await t.userWith(code);
        const allowed = await callThrough(route, holder);
        expect([401, 403], `${label} with ${code}`).not.toContain(allowed.statusCode);
      }
      // Holding every other code the API checks is not enough.
      const others = await t.userWith(...(EXPECTED_CODES.filter((code) => !codes.includes(code)) as PermissionCode[]));
      expectErrorShape(
        await call(t.app, { method: route.method as "GET", url: concrete(route.url), headers: others }),
        403,
      );
    }
    // Two sign-ins per route and code: about 20 s alone, far more beside other files on a busy machine.
  }, 120_000);

  it("the super-admin passes every check", async () => {
    const admin = bearer(await t.adminToken());
    for (const route of apiRoutes()) {
      // A document link opens with its signature, never with a bearer token (supply.test.ts).
      if (route.url.includes("/documents/")) continue;
      const response = await callThrough(route, admin);
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
    }
  });
});

const EXPECTED_CODES = [
  ...new Set(
    Object.values(EXPECTED).flatMap((permission) =>
      permission === null || permission === "public" || permission === "super-admin"
        ? []
        : Array.isArray(permission)
          ? permission
          : [permission],
    ),
  ),
];

describe("GET /api/permissions", () => {
  it("lists the whole catalogue with groups and descriptions in the request language", async () => {
    const user = await t.userWith();
    const en = await call(t.app, { method: "GET", url: "/api/permissions", headers: user });
    expect(en.statusCode).toBe(200);
    const { data } = en.json() as { data: { code: string; group: string; description: string }[] };
    expect(data.map((permission) => permission.code)).toEqual(PERMISSION_CODES);
    expect(data.find((permission) => permission.code === "CITY_DELETE")).toEqual({
      code: "CITY_DELETE",
      group: "cities",
      description: "Delete cities",
    });
    const es = (
      await call(t.app, { method: "GET", url: "/api/permissions", headers: { ...user, "accept-language": "es" } })
    ).json();
    expect(es.data.find((permission: { code: string }) => permission.code === "CITY_DELETE").description).toBe(
      "Eliminar ciudades",
    );
  });
});

describe("OpenAPI", () => {
  it("documents every API route with request and response schemas at /api/docs/json", async () => {
    const response = await call(t.app, { method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; responses?: Record<string, unknown>; description?: string }>
      >;
    };
    for (const route of apiRoutes()) {
      const openApiPath = route.url.replace(/:(\w+)/g, "{$1}");
      const operation = document.paths[openApiPath]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!.tags?.length).toBeGreaterThan(0);
      expect(Object.keys(operation!.responses ?? {}).length).toBeGreaterThan(0);
    }
    expect(document.paths["/api/cities"]!.post!.description).toContain("Permission: CITIES_CREATE");
    const ui = await call(t.app, { method: "GET", url: "/api/docs" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("HTTP surface", () => {
  it("GET /api/health is public", async () => {
    const response = await call(t.app, { method: "GET", url: "/api/health" });
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("sends security headers with a CSP that lets the SPA run, on every answer", async () => {
    const answers = [
      await call(t.app, { method: "GET", url: "/api/health" }),
      await call(t.app, { method: "GET", url: "/api/countries", headers: bearer(await t.adminToken()) }),
      await call(t.app, { method: "GET", url: "/" }),
      await call(t.app, { method: "GET", url: "/api/countries" }),
    ];
    for (const response of answers) {
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=/);
    }
  });

  it("serves the SPA with an index.html fallback for client routes, but JSON 404s under /api", async () => {
    const root = await call(t.app, { method: "GET", url: "/" });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain("Palco SPA");
    const deep = await call(t.app, { method: "GET", url: "/cities/12/edit?x=1" });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain("Palco SPA");
    expect(deep.headers["cache-control"]).toBe("no-cache");
    const asset = await call(t.app, { method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");

    const api404 = expectErrorShape(await call(t.app, { method: "GET", url: "/api/nothing-here" }), 404);
    expect(api404.message).toBe("The requested item was not found");
    expectErrorShape(await call(t.app, { method: "POST", url: "/cities" }), 404);
    expectErrorShape(await call(t.app, { method: "GET", url: "/uploads/missing.png" }), 404);
  });

  it("serves stored uploads", async () => {
    await writeFile(path.join(t.dataDir, "uploads", "hello.txt"), "hi");
    const response = await call(t.app, { method: "GET", url: "/uploads/hello.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("hi");
    // Escaping the uploads folder is refused (or normalised into the SPA fallback): the secret never leaks.
    for (const url of ["/uploads/../jwt-secret", "/uploads/..%2fjwt-secret", "/uploads/%2e%2e%2fjwt-secret"]) {
      const attempt = await call(t.app, { method: "GET", url });
      expect(attempt.body).not.toContain(t.app.appConfig.jwtSecret!);
    }
    expect(expectErrorShape(await call(t.app, { method: "GET", url: "/uploads/..%2fjwt-secret" }), 403).message).toBe(
      "The user account does not have enough permissions to perform this action",
    );
  });

  it("never logs tokens: the token query parameter and the Authorization header are censored", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      build: { webDist: spaDir, logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } },
    });
    try {
      const resetToken = "ResetSecret_abc123-XYZ";
      const page = await call(logged.app, { method: "GET", url: `/reset-password?token=${resetToken}&lang=es` });
      expect(page.body).toContain("Palco SPA");
      const access = await logged.adminToken();
      await call(logged.app, {
        method: "GET",
        url: "/api/auth/me?token=ApiSecret_987&page=1",
        headers: bearer(access),
      });
      await call(logged.app, { method: "GET", url: "/activate-account?x=1&TOKEN=UpperSecret_55" });
      const log = lines.join("");
      expect(log).toContain("/reset-password?token=[REDACTED]&lang=es");
      expect(log).toContain("/api/auth/me?token=[REDACTED]&page=1");
      for (const secret of [resetToken, "ApiSecret_987", "UpperSecret_55", access]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });

  it("answers a plain 404 at / when no SPA is built", async () => {
    const bare = await createTestApp({ build: { webDist: path.join(spaDir, "does-not-exist") } });
    try {
      expectErrorShape(await call(bare.app, { method: "GET", url: "/" }), 404);
      expectErrorShape(await call(bare.app, { method: "GET", url: "/cities" }), 404);
    } finally {
      await bare.close();
    }
  });
});
