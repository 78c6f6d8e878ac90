import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  cityCode,
  countryCode,
  isPermissionCode,
  isTimeZone,
  PAYMENT_METHOD_KINDS,
  PERMISSION_CODES,
  PHONE_PATTERN,
  stateCode,
  userCreateInput,
} from "@palco/shared";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/platform/config.ts";
import { createDatabase } from "../src/platform/db.ts";
import { migrate } from "../src/platform/migrate.ts";
import { countries, paymentMethods, paymentProviders, permissions, users } from "../src/platform/schema.ts";
import { AdminPasswordError, generatePassword, seed, setAdminPassword } from "../src/seed.ts";
import { DEMO_COUNTRIES, DEMO_ROLES, DEMO_STAFF, PAYMENT_PROVIDERS } from "../src/seed-data.ts";
import {
  ADMIN_PASSWORD,
  backend,
  bearer,
  call,
  createTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  nextIp,
  readOutbox,
  type TestApp,
  tokenFromLink,
} from "./helpers.ts";

describe("demo data (static checks)", () => {
  it("has all 32 Mexican states, each with a city, valid codes and real time zones", () => {
    const mexico = DEMO_COUNTRIES.find((country) => country.code === "MEX")!;
    expect(mexico.states).toHaveLength(32);
    expect(new Set(mexico.states.map((state) => state.code)).size).toBe(32);
    for (const code of ["JAL", "NLE", "CMX", "AGU", "BCN", "BCS", "ROO", "YUC", "ZAC", "MEX"]) {
      expect(
        mexico.states.some((state) => state.code === code),
        code,
      ).toBe(true);
    }
    const cityCodes: string[] = [];
    for (const country of DEMO_COUNTRIES) {
      expect(countryCode.safeParse(country.code).success, country.code).toBe(true);
      for (const state of country.states) {
        expect(stateCode.safeParse(state.code).success, state.code).toBe(true);
        expect(state.cities.length, state.name).toBeGreaterThan(0);
        for (const [name, code, timeZone] of state.cities) {
          expect(cityCode.safeParse(code).success, code).toBe(true);
          expect(isTimeZone(timeZone), `${name} ${timeZone}`).toBe(true);
          cityCodes.push(code);
        }
      }
    }
    expect(new Set(cityCodes).size).toBe(cityCodes.length);
    const byName = new Map(
      DEMO_COUNTRIES.flatMap((c) => c.states.flatMap((s) => s.cities.map((city) => [city[0], city] as const))),
    );
    expect(byName.get("Guadalajara")).toEqual(["Guadalajara", "GDL-001", "America/Mexico_City"]);
    expect(byName.get("Tijuana")![2]).toBe("America/Tijuana");
    expect(byName.get("Hermosillo")![2]).toBe("America/Hermosillo");
    expect(byName.get("Cancún")![2]).toBe("America/Cancun");
    expect(DEMO_COUNTRIES.map((country) => country.code)).toEqual(expect.arrayContaining(["USA", "CAN", "ESP", "COL"]));
  });

  it("has valid payment reference data, demo roles and demo staff", () => {
    const countryCodes = DEMO_COUNTRIES.map((country) => country.code);
    expect(PAYMENT_PROVIDERS.map((provider) => provider.name)).toEqual([
      "Conekta",
      "Openpay",
      "Mercado Pago",
      "Stripe",
    ]);
    for (const provider of PAYMENT_PROVIDERS) {
      expect(provider.countries).toContain("MEX");
      for (const code of provider.countries) expect(countryCodes, `${provider.name} ${code}`).toContain(code);
      for (const method of provider.methods) expect(PAYMENT_METHOD_KINDS).toContain(method);
      expect(new Set(provider.methods).size).toBe(provider.methods.length);
    }
    for (const role of DEMO_ROLES) {
      for (const code of role.permissions) expect(isPermissionCode(code), `${role.name} ${code}`).toBe(true);
    }
    const roleNames = [...DEMO_ROLES.map((role) => role.name), "Editor de geografía", "Solo lectura"];
    for (const staff of DEMO_STAFF) {
      expect(PHONE_PATTERN.test(staff.phone), staff.phone).toBe(true);
      expect(staff.phone.startsWith("+52 ")).toBe(true);
      const parsed = userCreateInput.safeParse({ ...staff, password: ADMIN_PASSWORD, roles: [] });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      for (const role of staff.roles) expect(roleNames).toContain(role);
    }
    expect(new Set(DEMO_STAFF.map((staff) => staff.email)).size).toBe(DEMO_STAFF.length);
  });

  it("names places in Spanish, the one language of the demo data", () => {
    const byCode = new Map(DEMO_COUNTRIES.map((country) => [country.code, country]));
    expect(byCode.get("USA")?.name).toBe("Estados Unidos");
    expect(byCode.get("CAN")?.name).toBe("Canadá");
    const stateName = (country: string, state: string) =>
      byCode.get(country)?.states.find((candidate) => candidate.code === state)?.name;
    expect(stateName("USA", "NYS")).toBe("Nueva York");
    expect(stateName("CAN", "BCO")).toBe("Columbia Británica");
    expect(stateName("MEX", "NLE")).toBe("Nuevo León");
  });

  it("generates passwords that satisfy the policy", () => {
    for (let i = 0; i < 50; i++) expect(generatePassword()).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)\S{20}$/);
  });
});

describe("seeding with demo data", () => {
  let t: TestApp;
  const printed: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: "true" }, build: { print: (line) => printed.push(line) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("loads the geography and demo staff whose access matches their roles", async () => {
    expect(t.app.seedResult).toMatchObject({ adminCreated: true, demoLoaded: true });
    // ADMIN_PASSWORD was given: nothing to print.
    expect(printed).toEqual([]);
    const admin = bearer(await t.adminToken());
    const mexico = (await call(t.app, { method: "GET", url: "/api/countries?search=MEX", headers: admin })).json()
      .items[0];
    expect(mexico.code).toBe("MEX");
    const states = (
      await call(t.app, { method: "GET", url: `/api/states?country=${mexico.id}`, headers: admin })
    ).json();
    expect(states.total).toBe(32);

    const editor = await login(t.app, "geo.editor@palco.local", ADMIN_PASSWORD);
    expect([...editor.user.permissions].sort()).toEqual(
      PERMISSION_CODES.filter((code) => /^(COUNTRIES|STATES|CITIES)_|^(COUNTRY|STATE|CITY)_DELETE$/.test(code)).sort(),
    );
    const viewer = await login(t.app, "viewer@palco.local", ADMIN_PASSWORD);
    expect(viewer.user.permissions).toEqual(["COUNTRIES_INDEX", "COUNTRIES_SHOW"]);
    expect(
      (await call(t.app, { method: "GET", url: "/api/countries", headers: bearer(viewer.token) })).statusCode,
    ).toBe(200);
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/cities", headers: bearer(viewer.token) }), 403);
  });

  it("adds staff with Mexican names and phones, enough for two pages of users, and extra roles", async () => {
    const admin = bearer(await t.adminToken());
    const page1 = (await call(t.app, { method: "GET", url: "/api/users", headers: admin })).json();
    expect(page1.total).toBeGreaterThanOrEqual(14);
    expect(page1.pageCount).toBe(2);
    const everyone = [
      ...page1.items,
      ...(await call(t.app, { method: "GET", url: "/api/users?page=2", headers: admin })).json().items,
    ] as { email: string; phone: string; isActive: boolean; roles: { name: string }[] }[];
    const jose = everyone.find((user) => user.email === "jose.martinez@palco.local")!;
    expect(jose.phone).toBe("+52 81 8340 1192");
    expect(jose.roles.map((role) => role.name)).toEqual(["Finanzas", "Operaciones"]);
    expect(everyone.filter((user) => !user.isActive).map((user) => user.email)).toEqual(["luis.vazquez@palco.local"]);
    const roleNames = (await call(t.app, { method: "GET", url: "/api/roles/all", headers: admin }))
      .json()
      .map((role: { name: string }) => role.name);
    // Demo data is in one language, Spanish (docs/decisions.md).
    expect([...roleNames].sort()).toEqual(
      ["Editor de geografía", "Finanzas", "Operaciones", "Solo lectura", "Soporte"].sort(),
    );
    const support = await login(t.app, "mafer.lopez@palco.local", ADMIN_PASSWORD);
    expect(support.user.permissions).toEqual(expect.arrayContaining(["USERS_EDIT", "USERS_ACTIVATE"]));
  });

  it("links every payment provider to the demo countries it serves", async () => {
    const admin = bearer(await t.adminToken());
    const list = (await call(t.app, { method: "GET", url: "/api/payment-providers", headers: admin })).json();
    const countriesOf = async (name: string) => {
      const id = list.find((provider: { name: string }) => provider.name === name).id;
      const detail = (await call(t.app, { method: "GET", url: `/api/payment-providers/${id}`, headers: admin })).json();
      return detail.countries.map((country: { name: string }) => country.name);
    };
    expect(await countriesOf("Conekta")).toEqual(["México"]);
    expect(await countriesOf("Openpay")).toEqual(["Colombia", "México"]);
    expect(await countriesOf("Mercado Pago")).toEqual(["Colombia", "México"]);
    expect(await countriesOf("Stripe")).toEqual(["Canadá", "España", "Estados Unidos", "México"]);
  });

  it("e-mails a working activation link to the pending account", async () => {
    const signIn = () =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { provider: "email", user: "pending.activation@palco.local", secret: ADMIN_PASSWORD },
      });
    expectErrorShape(await signIn(), 403);
    const mail = (await readOutbox(t.dataDir)).find((message) => message.to === "pending.activation@palco.local");
    expect(mail).toBeDefined();
    expect(mail!.file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-pending\.activation@palco\.local\.eml$/);
    const token = tokenFromLink(mail!, "activate-account");
    const verified = await call(t.app, { method: "POST", url: "/api/auth/email-verification", payload: { token } });
    expect(verified.statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
  });

  it("is idempotent: running migrations and the seed again changes nothing", async () => {
    const before = (
      await call(t.app, { method: "GET", url: "/api/cities", headers: bearer(await t.adminToken()) })
    ).json().total;
    await migrate(t.app.database);
    const again = await seed({ db: t.app.db, config: t.app.appConfig, auth: t.app.auth, log: t.app.log });
    expect(again).toEqual({ adminCreated: false, demoLoaded: false });
    const after = (
      await call(t.app, { method: "GET", url: "/api/cities", headers: bearer(await t.adminToken()) })
    ).json().total;
    expect(after).toBe(before);
    expect(await t.app.db.select().from(users).where(eq(users.email, "geo.editor@palco.local"))).toHaveLength(1);
    expect(await t.app.db.select().from(paymentProviders)).toHaveLength(4);
    expect(await t.app.db.select().from(paymentMethods)).toHaveLength(10);
  });
});

describe("seeding without demo data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: "false" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("still creates the payment providers and methods (reference data), serving no country yet", async () => {
    expect(t.app.seedResult).toMatchObject({ adminCreated: true, demoLoaded: false });
    expect(await t.app.db.select().from(users)).toHaveLength(1);
    const providers = await t.app.db.select().from(paymentProviders);
    expect(providers.map((provider) => provider.code).sort()).toEqual(["conekta", "mercadopago", "openpay", "stripe"]);
    expect(await t.app.db.select().from(paymentMethods)).toHaveLength(10);
    const admin = bearer(await t.adminToken());
    const detail = await call(t.app, {
      method: "GET",
      url: `/api/payment-providers/${providers[0]!.id}`,
      headers: admin,
    });
    expect(detail.json().countries).toEqual([]);
  });
});

describe("seeding without ADMIN_PASSWORD", () => {
  let t: TestApp;
  const printed: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_PASSWORD: "", ADMIN_EMAIL: "root@palco.test" },
      build: { print: (line) => printed.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("generates a strong password and prints it exactly once", async () => {
    expect(printed).toHaveLength(1);
    const password = t.app.seedResult!.generatedPassword!;
    expect(printed[0]).toContain("root@palco.test");
    expect(printed[0]).toContain(password);
    const session = await login(t.app, "root@palco.test", password);
    expect(session.user.isSuperAdmin).toBe(true);
    await seed({
      db: t.app.db,
      config: t.app.appConfig,
      auth: t.app.auth,
      log: t.app.log,
      print: (line) => printed.push(line),
    });
    expect(printed).toHaveLength(1);
  });

  it("sets a new password on request (npm run admin:password), printed once, and ends the old sessions", async () => {
    const oldPassword = t.app.seedResult!.generatedPassword!;
    const before = await login(t.app, "root@palco.test", oldPassword);
    const shown: string[] = [];
    const { generatedPassword } = await setAdminPassword({
      db: t.app.db,
      config: t.app.appConfig,
      sessions: t.app.sessions,
      print: (line) => shown.push(line),
    });
    expect(generatedPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)\S{20}$/);
    expect(shown).toEqual([`New password of root@palco.test: ${generatedPassword} (shown only this once)`]);

    const refused = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { provider: "email", user: "root@palco.test", secret: oldPassword },
      remoteAddress: nextIp(),
    });
    expect(refused.statusCode).toBe(401);
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/countries", headers: bearer(before.token) }), 401);
    expect((await login(t.app, "root@palco.test", generatedPassword!)).user.isSuperAdmin).toBe(true);

    // With ADMIN_PASSWORD set, that one is used and not printed.
    shown.length = 0;
    const chosen = await setAdminPassword({
      db: t.app.db,
      config: { ...t.app.appConfig, adminPassword: "Chosen2026x" },
      sessions: t.app.sessions,
      print: (line) => shown.push(line),
    });
    expect(chosen.generatedPassword).toBeUndefined();
    expect(shown).toEqual(["The password of root@palco.test is now ADMIN_PASSWORD"]);
    await login(t.app, "root@palco.test", "Chosen2026x");
  });

  it("refuses an e-mail that names no account or an account that is not a super-admin", async () => {
    const staff = await t.createUser();
    for (const adminEmail of ["nobody@palco.test", staff.email]) {
      await expect(
        setAdminPassword({
          db: t.app.db,
          config: { ...t.app.appConfig, adminEmail },
          sessions: t.app.sessions,
          print: () => {},
        }),
      ).rejects.toBeInstanceOf(AdminPasswordError);
    }
    await login(t.app, staff.email, staff.password);
  });
});

describe("permission catalogue sync", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("loads every code with group and both descriptions, repairs edits and drops unknown codes", async () => {
    const rows = await t.app.db.select().from(permissions);
    expect(rows.map((row) => row.code).sort()).toEqual([...PERMISSION_CODES].sort());
    const cityDelete = rows.find((row) => row.code === "CITY_DELETE")!;
    expect(cityDelete).toMatchObject({
      group: "cities",
      descriptionEn: "Delete cities",
      descriptionEs: "Eliminar ciudades",
    });

    await t.app.db.update(permissions).set({ descriptionEs: "tampered" }).where(eq(permissions.code, "CITY_DELETE"));
    await t.app.db
      .insert(permissions)
      .values({ code: "OBSOLETE_CODE", group: "x", descriptionEn: "x", descriptionEs: "x" });
    await migrate(t.app.database);
    const synced = await t.app.db.select().from(permissions);
    expect(synced.find((row) => row.code === "CITY_DELETE")!.descriptionEs).toBe("Eliminar ciudades");
    expect(synced.some((row) => row.code === "OBSOLETE_CODE")).toBe(false);
  });
});

describe.skipIf(backend !== "postgres")("concurrent start-up on one PostgreSQL database", () => {
  it("two processes migrate and seed one after the other", async () => {
    const { url, drop } = await createTestDatabase();
    const second = await createDatabase({ url });
    const dataDir = await mkdtemp(path.join(tmpdir(), "palco-race-"));
    const config = () =>
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        // Demo data is off by default against PostgreSQL: ask for it, so the race over seeding it is exercised.
        SEED_DEMO: "true",
        ADMIN_PASSWORD,
        JWT_SECRET: "race-secret-race-secret-race-secret-0123",
      });
    try {
      const apps = await Promise.all(
        [undefined, second].map((database) =>
          buildApp({ config: config(), database: database ?? undefined, logger: false, print: () => {} }),
        ),
      );
      try {
        expect(apps.map((app) => app.seedResult?.demoLoaded).sort()).toEqual([false, true]);
        const [{ total }] = (await apps[0]!.db.select({ total: count() }).from(countries)) as [{ total: number }];
        expect(total).toBe(DEMO_COUNTRIES.length);
      } finally {
        for (const app of apps) await app.close();
      }
    } finally {
      await second.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
