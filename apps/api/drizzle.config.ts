import { defineConfig } from "drizzle-kit";

// Paths are relative to the repository root: run `npm run db:generate` (or drizzle-kit with --config) from there.
export default defineConfig({
  dialect: "postgresql",
  schema: "./apps/api/src/platform/schema.ts",
  out: "./apps/api/drizzle",
});
