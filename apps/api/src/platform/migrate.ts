import { PERMISSIONS, TIME_ZONES } from "@palco/shared";
import { notInArray, sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../paths.ts";
import { createDatabase, type Database, type Db, type Schema } from "./db.ts";
import { permissions } from "./schema.ts";

/**
 * Brings the database up to date before the server uses it, under the start-up lock. With `migrationUrl` (the
 * schema owner, `DATABASE_MIGRATION_URL`) the migrations run on that connection, which then grants the role of
 * `database` (`DATABASE_URL`) data rights only (`grantServerRights`); without it, `database` migrates itself.
 */
export async function migrateDatabase(database: Database, migrationUrl: string | undefined): Promise<void> {
  if (!migrationUrl || database.kind !== "postgres") {
    await database.exclusive(() => migrate(database));
    return;
  }
  const owner = await createDatabase({ url: migrationUrl });
  try {
    const server = await roleOf(database.db);
    const migrator = await roleOf(owner.db);
    if (server.database !== migrator.database) {
      throw new Error(
        `DATABASE_MIGRATION_URL names database "${migrator.database}" and DATABASE_URL "${server.database}": they must be the same database`,
      );
    }
    const overreach =
      server.name === migrator.name ? "the schema owner" : await overreachOf(database.db, server.name, migrator.name);
    if (overreach) {
      throw new Error(
        `DATABASE_URL must connect as a role with data rights only, not ${overreach} ("${server.name}"): see "Production database roles" in the README`,
      );
    }
    // The advisory lock is per database: taken on either connection, it orders this with the other instances' start.
    await owner.exclusive(async () => {
      await migrate(owner);
      await grantServerRights(owner.db, server.name);
    });
  } finally {
    await owner.close();
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What would let the server's role act as more than a data user, or undefined: a superuser, a role that may create
 * roles (on PostgreSQL 15 and older it can grant itself the owner's membership) or bypass row security, a member of
 * the owner's role (`SET ROLE` and the owner's rights follow), or the owner of tables (what a deployment that ran on
 * one role until now has: revoking does not bind an owner, so `REASSIGN OWNED` must hand them over first).
 */
async function overreachOf(db: Db, server: string, migrator: string): Promise<string | undefined> {
  const [row] = rowsOf<{ superuser: boolean; createrole: boolean; bypassrls: boolean; member: boolean; owns: boolean }>(
    await db.execute(
      sql`select rolsuper as superuser, rolcreaterole as createrole, rolbypassrls as bypassrls,
                 pg_has_role(${server}, ${migrator}, 'MEMBER') as member,
                 exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                         where c.relowner = r.oid and n.nspname in ('public', 'drizzle')) as owns
          from pg_roles r where rolname = ${server}`,
    ),
  );
  if (!row) return "an unknown role";
  if (row.superuser) return "a superuser";
  if (row.createrole) return "a role that may create roles";
  if (row.bypassrls) return "a role that bypasses row security";
  if (row.member) return "a member of the schema owner's role";
  if (row.owns) return "the owner of tables (REASSIGN OWNED them to the schema owner)";
  return undefined;
}

async function roleOf(db: Db): Promise<{ name: string; database: string }> {
  const [row] = rowsOf<{ name: string; database: string }>(
    await db.execute(sql`select current_user as name, current_database() as database`),
  );
  if (!row) throw new Error("Could not read the database role of a connection");
  return row;
}

/**
 * Run by the schema owner after every migration, in one transaction (a running instance never sees the rights
 * half-granted): the server's role may read and write rows, draw from sequences (never set them back) and call functions, and nothing more: no
 * DDL, no ALTER, TRUNCATE or DROP (those belong to the owner), and on `audit_log` only INSERT and SELECT, so not even
 * the app's own connection can rewrite or hide its trail (nor disable the append-only triggers: only the owner may). The
 * rollups the report triggers maintain are ordinary tables the role writes; the planner statistics the lists read
 * (`pg_class`) are readable by every role; advisory locks need no grant. Default privileges cover tables a later
 * migration creates, until the next start grants again.
 */
export async function grantServerRights(db: Db, role: string): Promise<void> {
  const server = sql.identifier(role);
  await db.transaction(async (tx) => {
    await tx.execute(sql`revoke all on all tables in schema public from ${server}`);
    await tx.execute(sql`revoke all on all sequences in schema public from ${server}`);
    await tx.execute(sql`revoke create on schema public from ${server}`);
    await tx.execute(sql`grant usage on schema public to ${server}`);
    await tx.execute(sql`grant select, insert, update, delete on all tables in schema public to ${server}`);
    await tx.execute(sql`revoke update, delete on table audit_log from ${server}`);
    await tx.execute(sql`grant usage, select on all sequences in schema public to ${server}`);
    await tx.execute(sql`grant execute on all functions in schema public to ${server}`);
    await tx.execute(
      sql`alter default privileges in schema public grant select, insert, update, delete on tables to ${server}`,
    );
    await tx.execute(sql`alter default privileges in schema public grant usage, select on sequences to ${server}`);
    await tx.execute(sql`alter default privileges in schema public grant execute on functions to ${server}`);
    // PostgreSQL 14 and older let every role create tables in "public" unless the schema's owner revoked it.
    const [creates] = rowsOf<{ schema: boolean; database: boolean }>(
      await tx.execute(
        sql`select has_schema_privilege(${role}, 'public', 'CREATE') as schema,
                   has_database_privilege(${role}, current_database(), 'CREATE') as database`,
      ),
    );
    if (creates?.schema || creates?.database) {
      throw new Error(
        `The role "${role}" of DATABASE_URL may still create ${creates.schema ? 'tables in schema "public"' : "schemas in the database"}: revoke it (README, "Production database roles")`,
      );
    }
  });
}

/** Applies pending SQL migrations, then makes the permissions table equal to the shared catalogue. */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (database.kind === "pglite") await migratePglite(database.db as unknown as PgliteDatabase<Schema>, config);
  else await migrateNodePg(database.db as unknown as NodePgDatabase<Schema>, config);
  await syncPermissions(database.db);
}

/**
 * Idempotent: upserts every catalogue entry (group, both descriptions, order) and removes codes that left the
 * catalogue, since a grant of a code nothing checks any more would only mislead the role screens.
 */
export async function syncPermissions(db: Db): Promise<void> {
  const rows = Object.entries(PERMISSIONS).map(([code, definition], position) => ({
    code,
    group: definition.group,
    descriptionEn: definition.description.en,
    descriptionEs: definition.description.es,
    position,
  }));
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(rows)
      .onConflictDoUpdate({
        target: permissions.code,
        set: {
          group: sql`excluded."group"`,
          descriptionEn: sql`excluded.description_en`,
          descriptionEs: sql`excluded.description_es`,
          position: sql`excluded.position`,
        },
      });
    await tx.delete(permissions).where(
      notInArray(
        permissions.code,
        rows.map((row) => row.code),
      ),
    );
  });
}

/**
 * The zones of the shared list (packages/shared/src/time-zones.ts, checked in the tests against PostgreSQL 15 and
 * PGlite) that this database does not know: a server whose time-zone data is older than the list's would refuse
 * them in SQL. Logged at start, so an operator sees it before a city is given one of them.
 */
export async function missingTimeZones(db: Db, zones: readonly string[] = TIME_ZONES): Promise<string[]> {
  const known = new Set(
    rowsOf<{ name: string }>(await db.execute(sql`select name from pg_timezone_names`)).map((row) => row.name),
  );
  return zones.filter((zone) => !known.has(zone));
}
