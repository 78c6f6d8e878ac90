import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase } from "../src/platform/db.ts";
import { migrate, migrateDatabase } from "../src/platform/migrate.ts";
import { databaseUrlFor, ensureLoginRole, TEST_APP_ROLE, TEST_OWNER_ROLE } from "./postgres-roles.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with every migration applied (empty when the suite runs on PostgreSQL). */
    pgliteTemplate: string;
    /** A PostgreSQL database with every migration applied, copied for each test app (empty on PGlite). */
    postgresTemplate: string;
  }
}

/**
 * Starting an in-memory PGlite runs initdb inside WebAssembly, seconds per test app on a slow machine; loading a
 * dump of one already migrated takes under one. The dump is made once per run, from the migrations of this tree,
 * so every test app still starts from exactly what `migrate` produces.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    project.provide("pgliteTemplate", "");
    return postgresTemplate(project, adminUrl);
  }
  project.provide("postgresTemplate", "");
  const folder = await mkdtemp(path.join(tmpdir(), "palco-pglite-template-"));
  const file = path.join(folder, "migrated.tar");
  const database = await createDatabase({ inMemory: true });
  try {
    await migrate(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplate", file);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}

/**
 * The same on PostgreSQL: a database migrated once per run as the schema owner, with the app role's data rights
 * granted, as the server's start does it (migrateDatabase). Each test app's database is a copy (CREATE DATABASE …
 * TEMPLATE), a fraction of a second where running every migration took seconds.
 */
async function postgresTemplate(project: TestProject, adminUrl: string) {
  // One per project of vitest.config.ts (each runs this setup), so neither drops the other's.
  const name = `palco_test_template_${process.pid}_${project.name.replace(/\W/g, "_")}`;
  /** Work on the server as the superuser of TEST_DATABASE_URL, on a connection of its own. */
  const asSuperuser = async (work: (client: pg.Client) => Promise<unknown>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  await asSuperuser(async (client) => {
    await ensureLoginRole(client, TEST_OWNER_ROLE);
    await ensureLoginRole(client, TEST_APP_ROLE);
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}" OWNER "${TEST_OWNER_ROLE}"`);
  });
  const database = await createDatabase({ url: databaseUrlFor(adminUrl, name, TEST_APP_ROLE) });
  try {
    await migrateDatabase(database, databaseUrlFor(adminUrl, name, TEST_OWNER_ROLE));
  } finally {
    // A template may not be copied while anyone is connected to it.
    await database.close();
  }
  project.provide("postgresTemplate", name);
  return () => asSuperuser((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
