import { PERMISSIONS } from "@palco/shared";
import { notInArray, sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../paths.ts";
import type { Database, Db, Schema } from "./db.ts";
import { permissions } from "./schema.ts";

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
