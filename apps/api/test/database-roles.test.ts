import { count, eq, sql, sum } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../src/platform/db.ts";
import { migrateDatabase } from "../src/platform/migrate.ts";
import { auditLog, bookings, reportDailyBookings, reportDailySignUps } from "../src/platform/schema.ts";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  backend,
  bearer,
  call,
  createTestApp,
  databaseUrlFor,
  ensureLoginRole,
  login,
  TEST_APP_ROLE,
  TEST_OWNER_ROLE,
  type TestApp,
} from "./helpers.ts";
import { book, insertBookable } from "./supply-fixtures.ts";

// PostgreSQL only: PGlite has a single user, so there is no second role to split the rights with.
describe.skipIf(backend !== "postgres")("the server's database role (DATABASE_MIGRATION_URL set)", () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await t.adminToken());
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What PostgreSQL answers the app's own connection; undefined when the statement went through. */
  const refusal = async (statement: string) => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
      return undefined;
    } catch (error) {
      return (error as { code?: string }).code;
    } finally {
      await client.end();
    }
  };

  it("connects as the least-privilege role, not as the schema owner", async () => {
    const result = await t.app.db.execute(sql`select current_user as name`);
    const [row] = (result as unknown as { rows: { name: string }[] }).rows;
    expect(row?.name).toBe(TEST_APP_ROLE);
  });

  it("cannot rewrite the audit trail: no DISABLE TRIGGER, UPDATE, DELETE or TRUNCATE on audit_log", async () => {
    await call(t.app, { method: "POST", url: "/api/countries", headers: admin, payload: { name: "Aud", code: "AUD" } });
    const [before] = await t.app.db.select({ total: count() }).from(auditLog);
    expect(before!.total).toBeGreaterThan(0);
    // 42501 insufficient_privilege: refused for want of the right, not stopped by a trigger.
    expect(await refusal("ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change")).toBe("42501");
    expect(await refusal("ALTER TABLE audit_log DISABLE TRIGGER ALL")).toBe("42501");
    expect(await refusal("DELETE FROM audit_log")).toBe("42501");
    expect(await refusal("UPDATE audit_log SET action = 'forged'")).toBe("42501");
    expect(await refusal("TRUNCATE audit_log")).toBe("42501");
    expect(await refusal("DROP TABLE audit_log")).toBe("42501");
    expect(await refusal("ALTER TABLE audit_log OWNER TO CURRENT_USER")).toBe("42501");
    const [after] = await t.app.db.select({ total: count() }).from(auditLog);
    expect(after!.total).toBe(before!.total);
  });

  it("has data rights only: no DDL, ALTER, TRUNCATE or DROP anywhere", async () => {
    expect(await refusal("CREATE TABLE intruder (id int)")).toBe("42501");
    expect(await refusal("CREATE SCHEMA intruder")).toBe("42501");
    expect(await refusal("ALTER TABLE countries ADD COLUMN intruder int")).toBe("42501");
    expect(await refusal("ALTER TABLE bookings DISABLE TRIGGER bookings_report_insert")).toBe("42501");
    expect(await refusal("TRUNCATE countries CASCADE")).toBe("42501");
    expect(await refusal("DROP TABLE countries CASCADE")).toBe("42501");
    expect(
      await refusal(
        "CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$",
      ),
    ).toBe("42501");
  });

  it("serves the normal flows: sign-in, create and update, a booking and its report rollups", async () => {
    expect((await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token).toBeTruthy();
    const created = await call(t.app, {
      method: "POST",
      url: "/api/countries",
      headers: admin,
      payload: { name: "Rolia", code: "ROL" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const updated = await call(t.app, {
      method: "PUT",
      url: `/api/countries/${id}`,
      headers: admin,
      payload: { name: "Rolia Nueva", code: "ROL" },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    // The statement-level triggers keep the daily rollups in each change's own transaction, as the app's role.
    const booked = async () =>
      Number(
        (await t.app.db.select({ total: sum(reportDailyBookings.bookings) }).from(reportDailyBookings))[0]?.total ?? 0,
      );
    const bookable = await insertBookable(t.app.db);
    const [signUps] = await t.app.db.select({ total: sum(reportDailySignUps.members) }).from(reportDailySignUps);
    expect(Number(signUps?.total)).toBeGreaterThan(0);
    const booking = await book(t.app.db, bookable);
    await t.app.db.update(bookings).set({ paymentStatus: "capture" }).where(eq(bookings.id, booking));
    expect(await booked()).toBe(1);
    const canceled = await call(t.app, { method: "POST", url: `/api/bookings/${booking}/cancel`, headers: admin });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await booked()).toBe(0);
    const report = await call(t.app, { method: "GET", url: "/api/reports/income", headers: admin });
    expect(report.statusCode, report.body).toBe(200);
    const list = await call(t.app, { method: "GET", url: "/api/countries?search=rolia", headers: admin });
    expect(list.statusCode, list.body).toBe(200);
  });

  it("refuses to start when DATABASE_URL is the schema owner itself or a superuser", async () => {
    const name = new URL(t.migrationUrl!).pathname.slice(1);
    for (const [url, who] of [
      [t.migrationUrl!, "the schema owner"],
      [databaseUrlFor(process.env.TEST_DATABASE_URL!, name), "a superuser"],
    ] as const) {
      const database = await createDatabase({ url });
      try {
        await expect(migrateDatabase(database, t.migrationUrl)).rejects.toThrow(
          `DATABASE_URL must connect as a role with data rights only, not ${who}`,
        );
      } finally {
        await database.close();
      }
    }
  });

  it("refuses a role that may become the owner, or that still owns tables from a one-role deployment", async () => {
    const name = new URL(t.migrationUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: databaseUrlFor(process.env.TEST_DATABASE_URL!, name) });
    await admin.connect();
    const suffix = `${process.pid}_${Date.now()}`;
    const member = `palco_test_member_${suffix}`;
    const holder = `palco_test_holder_${suffix}`;
    try {
      for (const role of [member, holder]) {
        await ensureLoginRole(admin, role);
        await admin.query(`GRANT CONNECT ON DATABASE "${name}" TO "${role}"`);
      }
      await admin.query(`GRANT "${TEST_OWNER_ROLE}" TO "${member}"`);
      await admin.query(`CREATE TABLE "left_behind_${suffix}" (id int)`);
      await admin.query(`ALTER TABLE "left_behind_${suffix}" OWNER TO "${holder}"`);
      for (const [role, who] of [
        [member, "a member of the schema owner's role"],
        [holder, "the owner of tables"],
      ] as const) {
        const database = await createDatabase({ url: databaseUrlFor(process.env.TEST_DATABASE_URL!, name, role) });
        try {
          await expect(migrateDatabase(database, t.migrationUrl)).rejects.toThrow(
            `DATABASE_URL must connect as a role with data rights only, not ${who}`,
          );
        } finally {
          await database.close();
        }
      }
    } finally {
      await admin.query(`DROP TABLE IF EXISTS "left_behind_${suffix}"`);
      for (const role of [member, holder]) {
        await admin.query(`REVOKE ALL ON DATABASE "${name}" FROM "${role}"`).catch(() => undefined);
        await admin.query(`DROP ROLE IF EXISTS "${role}"`);
      }
      await admin.end();
    }
  });
});
