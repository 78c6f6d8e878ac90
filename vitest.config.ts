import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "shared", include: ["packages/shared/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "api",
          include: ["apps/api/test/**/*.test.ts"],
          environment: "node",
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
