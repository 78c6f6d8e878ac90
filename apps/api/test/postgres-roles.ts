import type pg from "pg";

/**
 * The two roles the PostgreSQL tests run with, as production should (README, "Production database roles"): the
 * schema owner migrates, the app serves every request with data rights only. Shared by every test database.
 */
export const TEST_OWNER_ROLE = "palco_test_owner";
export const TEST_APP_ROLE = "palco_test_app";
const TEST_ROLE_PASSWORD = "palco-test-role";

/** Creates a login role unless it exists; test files starting in parallel may race to create it. */
export async function ensureLoginRole(admin: pg.Client, role: string, password = TEST_ROLE_PASSWORD): Promise<void> {
  await admin.query(`DO $$
    BEGIN
      CREATE ROLE "${role}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}';
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END
  $$`);
}

/** `base` (TEST_DATABASE_URL) pointed at another database, signing in as another role. */
export function databaseUrlFor(base: string, database: string, role?: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  if (role) {
    url.username = role;
    url.password = TEST_ROLE_PASSWORD;
  }
  return url.toString();
}
