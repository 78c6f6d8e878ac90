import { randomInt } from "node:crypto";
import { type PermissionCode, password as passwordPolicy } from "@palco/shared";
import { count, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { seedDemoBookings } from "./demo/bookings.ts";
import { seedDemoCatalogue } from "./demo/catalogue.ts";
import { seedDemoHistory } from "./demo/history.ts";
import { seedDemoSupply } from "./demo/supply.ts";
import type { AuthService } from "./modules/auth/service.ts";
import { recoveryCodeHash } from "./modules/security/recovery-codes.ts";
import { createSecretBox } from "./modules/security/secret-box.ts";
import { seedSystemViews, upgradeSystemViews } from "./modules/views/seed.ts";
import { hashPassword } from "./platform/auth.ts";
import type { Config } from "./platform/config.ts";
import type { Db } from "./platform/db.ts";
import type { DocumentStore } from "./platform/documents.ts";
import type { ImageStore } from "./platform/images.ts";
import {
  auditLog,
  cities,
  countries,
  paymentMethods,
  paymentProviderCountries,
  paymentProviders,
  rolePermissions,
  roles,
  states,
  userRecoveryCodes,
  userRoles,
  users,
  userTotp,
} from "./platform/schema.ts";
import type { Sessions } from "./platform/sessions.ts";
import {
  DEMO_COUNTRIES,
  DEMO_RECOVERY_CODES,
  DEMO_ROLES,
  DEMO_STAFF,
  DEMO_TOTP_MEMBER,
  DEMO_TOTP_SECRET,
  GEOGRAPHY_EDITOR_ROLE,
  PAYMENT_PROVIDERS,
  READ_ONLY_ROLE,
} from "./seed-data.ts";

export interface SeedResult {
  adminCreated: boolean;
  /** Set only when the password was generated in this run (it is printed once). */
  generatedPassword?: string;
  demoLoaded: boolean;
}

/** A password that satisfies the shared policy: 20 characters with at least one lower, upper and digit. */
export function generatePassword(): string {
  const lower = "abcdefghijkmnopqrstuvwxyz";
  const upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const digits = "23456789";
  const all = lower + upper + digits;
  for (;;) {
    const chars = [lower, upper, digits].map((set) => set[randomInt(set.length)]);
    while (chars.length < 20) chars.push(all[randomInt(all.length)]);
    // Fisher-Yates so the guaranteed characters are not always in front.
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const candidate = chars.join("");
    if (passwordPolicy.safeParse(candidate).success) return candidate;
  }
}

const GEOGRAPHY_EDITOR: PermissionCode[] = [
  "COUNTRIES_INDEX",
  "COUNTRIES_CREATE",
  "COUNTRIES_SHOW",
  "COUNTRIES_EDIT",
  "COUNTRIES_ACTIVATE",
  "COUNTRY_DELETE",
  "STATES_INDEX",
  "STATES_CREATE",
  "STATES_SHOW",
  "STATES_EDIT",
  "STATES_ACTIVATE",
  "STATE_DELETE",
  "CITIES_INDEX",
  "CITIES_CREATE",
  "CITIES_SHOW",
  "CITIES_EDIT",
  "CITIES_ACTIVATE",
  "CITY_DELETE",
];
const READ_ONLY: PermissionCode[] = ["COUNTRIES_INDEX", "COUNTRIES_SHOW"];

/**
 * Idempotent. Creates the super-admin when missing and, on a database without countries, the demo data.
 * ADMIN_PASSWORD only matters when the super-admin is created; an existing account is never changed (see
 * `setAdminPassword` for that).
 */
export async function seed(deps: {
  db: Db;
  config: Config;
  auth: AuthService;
  log: FastifyBaseLogger;
  /** Stores the demo catalogue's icons; without it the demo has no catalogue (a seed run without uploads). */
  images?: ImageStore;
  /** Stores the demo owners' and boxes' specimen documents (privately); without it they have none. */
  documents?: DocumentStore;
  /** Where the one-time password line goes (stdout by default). */
  print?: (line: string) => void;
}): Promise<SeedResult> {
  const { db, config } = deps;
  const print = deps.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const result: SeedResult = { adminCreated: false, demoLoaded: false };

  let adminPassword = config.adminPassword;
  const [existingAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, config.adminEmail))
    .limit(1);
  if (!existingAdmin) {
    if (!adminPassword) {
      adminPassword = generatePassword();
      result.generatedPassword = adminPassword;
    }
    const inserted = await db
      .insert(users)
      .values({
        firstName: "Super",
        lastName: "Admin",
        email: config.adminEmail,
        passwordHash: await hashPassword(adminPassword),
        isSuperAdmin: true,
        isActive: true,
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    result.adminCreated = inserted.length > 0;
    if (result.adminCreated && result.generatedPassword) {
      print(
        `Super-admin created: ${config.adminEmail} / password: ${result.generatedPassword} ` +
          "(shown only this once; set ADMIN_PASSWORD to choose it)",
      );
    }
  }

  if (config.seedDemo) result.demoLoaded = await seedDemo(deps, adminPassword);
  // Shared list views on first start (after the demo's roles, which they are shared with).
  if (result.adminCreated || result.demoLoaded) await seedSystemViews(db);
  // On every start: the shipped views an earlier release had become this release's.
  else await upgradeSystemViews(db);
  // Last, so the countries the demo just created are linked too.
  await seedPaymentProviders(db);
  return result;
}

export class AdminPasswordError extends Error {}

/**
 * `npm run admin:password`: gives the super-admin named by ADMIN_EMAIL a new password — ADMIN_PASSWORD when set,
 * otherwise a generated one, printed once — and ends its sessions. For when the password printed at first start
 * was missed; at start-up an existing account is never changed.
 */
export async function setAdminPassword(deps: {
  db: Db;
  config: Config;
  sessions: Pick<Sessions, "change">;
  print?: (line: string) => void;
}): Promise<{ userId: number; generatedPassword?: string }> {
  const { db, config } = deps;
  const print = deps.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const [account] = await db
    .select({ id: users.id, isSuperAdmin: users.isSuperAdmin })
    .from(users)
    .where(eq(sql`lower(${users.email})`, config.adminEmail))
    .limit(1);
  if (!account) {
    throw new AdminPasswordError(`No account ${config.adminEmail}: start Palco Admin once to create it.`);
  }
  if (!account.isSuperAdmin) {
    throw new AdminPasswordError(`${config.adminEmail} is not a super-admin; set ADMIN_EMAIL to the super-admin's.`);
  }
  const generatedPassword = config.adminPassword ? undefined : generatePassword();
  const passwordHash = await hashPassword(config.adminPassword ?? generatedPassword!);
  await deps.sessions.change(async (tx, sessions) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, account.id));
    // Whoever knew the old password may hold a session.
    await sessions.end({ userId: account.id });
  });
  print(
    generatedPassword
      ? `New password of ${config.adminEmail}: ${generatedPassword} (shown only this once)`
      : `The password of ${config.adminEmail} is now ADMIN_PASSWORD`,
  );
  return generatedPassword ? { userId: account.id, generatedPassword } : { userId: account.id };
}

/**
 * Payment providers and methods are integrations written in code, so they exist on every install (SEED_DEMO or
 * not). Idempotent: missing providers, methods and country links are added; existing rows (and whether an admin
 * blocked them) are left alone. Countries are linked by code once they exist, so a country created later is
 * linked on the next start.
 */
/** The demo member's authenticator app and recovery codes, known from the README, so two-step sign-in can be tried. */
async function seedDemoFactor(tx: Db, config: Config, userId: number) {
  const box = createSecretBox({ mfaEncryptionKey: config.mfaEncryptionKey, jwtSecret: config.jwtSecret! });
  await tx.insert(userTotp).values({ userId, secretEncrypted: box.seal(DEMO_TOTP_SECRET), confirmedAt: new Date() });
  await tx
    .insert(userRecoveryCodes)
    .values(DEMO_RECOVERY_CODES.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
}

export async function seedPaymentProviders(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentProviders)
      .values(PAYMENT_PROVIDERS.map(({ code, name }) => ({ code, name })))
      .onConflictDoNothing({ target: paymentProviders.code });
    const providerRows = await tx
      .select({ id: paymentProviders.id, code: paymentProviders.code })
      .from(paymentProviders)
      .where(
        inArray(
          paymentProviders.code,
          PAYMENT_PROVIDERS.map((provider) => provider.code),
        ),
      );
    const providerIds = new Map(providerRows.map((row) => [row.code, row.id]));
    const countryCodes = [...new Set(PAYMENT_PROVIDERS.flatMap((provider) => provider.countries))];
    const countryRows = await tx
      .select({ id: countries.id, code: countries.code })
      .from(countries)
      .where(inArray(countries.code, countryCodes));
    const countryIds = new Map(countryRows.map((row) => [row.code, row.id]));

    const methods = PAYMENT_PROVIDERS.flatMap((provider) =>
      provider.methods.map((method) => ({ providerId: providerIds.get(provider.code)!, method })),
    );
    await tx.insert(paymentMethods).values(methods).onConflictDoNothing();
    const links = PAYMENT_PROVIDERS.flatMap((provider) =>
      provider.countries
        .filter((code) => countryIds.has(code))
        .map((code) => ({ providerId: providerIds.get(provider.code)!, countryId: countryIds.get(code)! })),
    );
    if (links.length > 0) await tx.insert(paymentProviderCountries).values(links).onConflictDoNothing();
  });
}

/** Demo geography, roles and staff, on a database without countries. Returns whether it loaded anything. */
async function seedDemo(
  deps: {
    db: Db;
    config: Config;
    auth: AuthService;
    log: FastifyBaseLogger;
    print?: (line: string) => void;
    images?: ImageStore;
    documents?: DocumentStore;
  },
  adminPassword: string | undefined,
): Promise<boolean> {
  const { db } = deps;
  const print = deps.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(countries);
  if (total > 0) return false;

  // Demo staff share the super-admin's password so whoever set up the instance can try every account. When the
  // super-admin already existed and ADMIN_PASSWORD is unset that password is unknown: generate one and print it.
  let demoPassword = adminPassword;
  if (!demoPassword) {
    demoPassword = generatePassword();
    print(`Demo users created with password: ${demoPassword} (shown only this once)`);
  }
  const demoHash = await hashPassword(demoPassword);

  const pendingUserId = await db.transaction(async (tx) => {
    for (const country of DEMO_COUNTRIES) {
      const [countryRow] = await tx
        .insert(countries)
        .values({ name: country.name, code: country.code })
        .returning({ id: countries.id });
      for (const state of country.states) {
        const [stateRow] = await tx
          .insert(states)
          .values({ name: state.name, code: state.code, countryId: countryRow!.id })
          .returning({ id: states.id });
        if (state.cities.length > 0) {
          await tx
            .insert(cities)
            .values(state.cities.map(([name, code, timeZone]) => ({ name, code, timeZone, stateId: stateRow!.id })));
        }
      }
    }

    const roleIds: Record<string, number> = {};
    for (const [name, codes, requiresMfa] of [
      [GEOGRAPHY_EDITOR_ROLE, GEOGRAPHY_EDITOR, false],
      [READ_ONLY_ROLE, READ_ONLY, false],
      ...DEMO_ROLES.map((role) => [role.name, role.permissions, role.requiresMfa ?? false] as const),
    ] as const) {
      await tx.insert(roles).values({ name, requiresMfa }).onConflictDoNothing();
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
      roleIds[name] = role!.id;
      await tx
        .insert(rolePermissions)
        .values(codes.map((permissionCode) => ({ roleId: role!.id, permissionCode })))
        .onConflictDoNothing();
    }

    const demoUsers = [
      {
        email: "geo.editor@palco.local",
        firstName: "Gabriela",
        lastName: "Editora",
        role: GEOGRAPHY_EDITOR_ROLE,
        verified: true,
      },
      { email: "viewer@palco.local", firstName: "Víctor", lastName: "Lector", role: READ_ONLY_ROLE, verified: true },
      {
        email: "pending.activation@palco.local",
        firstName: "Paula",
        lastName: "Pendiente",
        role: READ_ONLY_ROLE,
        verified: false,
      },
    ];
    let pendingId: number | undefined;
    for (const demo of demoUsers) {
      const [created] = await tx
        .insert(users)
        .values({
          firstName: demo.firstName,
          lastName: demo.lastName,
          email: demo.email,
          phone: "+52 33 1234 5678",
          passwordHash: demoHash,
          isActive: true,
          emailVerifiedAt: demo.verified ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!created) continue;
      await tx.insert(userRoles).values({ userId: created.id, roleId: roleIds[demo.role]! });
      if (!demo.verified) pendingId = created.id;
    }
    for (const staff of DEMO_STAFF) {
      const [created] = await tx
        .insert(users)
        .values({
          firstName: staff.firstName,
          lastName: staff.lastName,
          email: staff.email,
          phone: staff.phone,
          passwordHash: demoHash,
          isActive: staff.isActive ?? true,
          emailVerifiedAt: new Date(),
          language: "es",
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!created) continue;
      await tx.insert(userRoles).values(staff.roles.map((role) => ({ userId: created.id, roleId: roleIds[role]! })));
      if (staff.email === DEMO_TOTP_MEMBER) await seedDemoFactor(tx, deps.config, created.id);
    }
    await seedDemoTrail(tx);
    if (deps.images) {
      await seedDemoCatalogue(tx, deps.images);
      if (deps.documents) {
        await seedDemoSupply(tx, deps.images, deps.documents);
        // Two years of past activity first (the dashboard's), so the bookings list shows the demo's own first.
        const history = await seedDemoHistory(tx, deps.images);
        await seedDemoBookings(tx, { exclude: history });
      }
    }
    return pendingId;
  });

  // After the commit: the outbox then holds a working activation link for the pending account.
  if (pendingUserId !== undefined) {
    try {
      await deps.auth.sendActivationMail(pendingUserId);
    } catch (error) {
      deps.log.error({ err: error }, "could not send the demo activation e-mail");
    }
  }
  deps.log.info("demo data loaded");
  return true;
}

/**
 * A few days of audit trail for the demo staff (a city edited, a country blocked and unblocked, a role's
 * permissions changed, sign-ins and a failed one), so the audit screen and the History sections have something to
 * show and filter on a fresh start. Written once, with the rest of the demo data; addresses from the documentation
 * range (192.0.2.0/24).
 */
async function seedDemoTrail(tx: Db): Promise<void> {
  const person = async (email: string) => {
    const [row] = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    return row && { actorId: row.id, actorName: `${row.firstName} ${row.lastName}`, actorEmail: row.email };
  };
  const editor = await person("geo.editor@palco.local");
  const viewer = await person("viewer@palco.local");
  const [city] = await tx.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.code, "GDL-001"));
  const [country] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.code, "CAN"));
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, READ_ONLY_ROLE));
  if (!editor || !viewer || !city || !country || !role) return;
  const daysAgo = (days: number, hour: number) => {
    const at = new Date(Date.now() - days * 86_400_000);
    at.setUTCHours(hour, 15, 0, 0);
    return at;
  };
  const demo = (index: number) => ({ requestId: `demo-${index}`, ip: `192.0.2.${10 + index}`, userAgent: "Demo data" });
  const entries = [
    { at: daysAgo(4, 15), ...editor, action: "sign-in", resource: "users", recordId: String(editor.actorId) },
    {
      at: daysAgo(4, 16),
      ...editor,
      action: "update",
      resource: "cities",
      recordId: String(city.id),
      changes: { timeZone: ["America/Monterrey", "America/Mexico_City"] },
    },
    {
      at: daysAgo(3, 17),
      ...editor,
      action: "deactivate",
      resource: "countries",
      recordId: String(country.id),
      changes: { isActive: [true, false] },
    },
    {
      at: daysAgo(3, 18),
      ...editor,
      action: "activate",
      resource: "countries",
      recordId: String(country.id),
      changes: { isActive: [false, true] },
    },
    {
      at: daysAgo(2, 14),
      actorId: null,
      actorName: null,
      actorEmail: null,
      action: "sign-in-failed",
      resource: "users",
      recordId: String(viewer.actorId),
      changes: { email: [null, viewer.actorEmail], reason: [null, "wrong-password"] },
    },
    { at: daysAgo(2, 14), ...viewer, action: "sign-in", resource: "users", recordId: String(viewer.actorId) },
    {
      at: daysAgo(1, 19),
      ...editor,
      action: "update",
      resource: "roles",
      recordId: String(role.id),
      changes: { name: ["Lectura", READ_ONLY_ROLE] },
    },
  ];
  await tx.insert(auditLog).values(entries.map((entry, index) => ({ changes: {}, ...entry, ...demo(index) })));
}
