import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { createDatabase } from "../src/platform/db.ts";
import { migrate } from "../src/platform/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with every migration applied (empty when the suite runs on PostgreSQL). */
    pgliteTemplate: string;
  }
}

/**
 * Starting an in-memory PGlite runs initdb inside WebAssembly, seconds per test app on a slow machine; loading a
 * dump of one already migrated takes under one. The dump is made once per run, from the migrations of this tree,
 * so every test app still starts from exactly what `migrate` produces.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return;
  }
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
