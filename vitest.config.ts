import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest keeps one core free by default, which on a 2-core machine runs every file one after the other. The API
    // files mostly wait (argon2 threads, PostgreSQL, sockets), so two at a time finish far sooner.
    maxWorkers: 2,
    projects: [
      { test: { name: "shared", include: ["packages/shared/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "api",
          include: ["apps/api/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/api/test/global-setup.ts"],
          // Each file builds its own app and database; argon2 and PGlite start-up make the defaults too tight.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: "web", include: ["apps/web/src/**/*.test.{ts,tsx}"], environment: "node" },
        // The same alias the SPA's Vite config uses.
        resolve: { alias: { "@": path.resolve(import.meta.dirname, "apps/web/src") } },
      },
    ],
  },
});
