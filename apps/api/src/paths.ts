import { existsSync } from "node:fs";
import path from "node:path";

// This file lives in apps/api/src; once bundled, its code runs from apps/api/dist/server.js.
// Both folders sit one level under apps/api, so the same relative paths work from source and from the build.
const here = import.meta.dirname;

/** The SQL migrations: dist/drizzle (copied by build.mjs) when present, else apps/api/drizzle. */
export function migrationsFolder(): string {
  const candidates = [path.join(here, "drizzle"), path.resolve(here, "../drizzle")];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

/** The built SPA (apps/web/dist); may not exist, in which case the API serves no front-end. */
export function webDistFolder(): string {
  return path.resolve(here, "../../web/dist");
}
