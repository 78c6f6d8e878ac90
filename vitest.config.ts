import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/** The API's integration tests: each file builds its own app and database. */
const apiTests = {
  include: ["apps/api/test/**/*.test.ts"],
  environment: "node",
  globalSetup: ["apps/api/test/global-setup.ts"],
  // argon2 and PGlite start-up make the defaults too tight.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // What one process publishes reaches a socket on another through Redis: on a loaded 2-core machine that has taken
  // more than expect.poll's default second. The budget only bounds the wait; a quick delivery passes as soon.
  expect: { poll: { timeout: 15_000 } },
};
/** API test files that replace a module of the app (vi.mock), found by reading them so none is forgotten. */
const API_TEST_FOLDER = "apps/api/test";
const MODULE_REPLACING = readdirSync(path.resolve(import.meta.dirname, API_TEST_FOLDER))
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => `${API_TEST_FOLDER}/${file}`)
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.resolve(import.meta.dirname, file), "utf8")));

export default defineConfig({
  test: {
    // Vitest keeps one core free by default, which on a 2-core machine runs every file one after the other. The API
    // files mostly wait (argon2 threads, PostgreSQL, sockets), so two at a time finish far sooner.
    maxWorkers: 2,
    // Worker processes are reused from file to file (a fresh process per file re-imported everything); each project
    // below says whether its files also share modules.
    isolate: false,
    projects: [
      { test: { name: "shared", include: ["packages/shared/**/*.test.ts"], environment: "node", isolate: true } },
      {
        test: {
          ...apiTests,
          name: "api",
          exclude: MODULE_REPLACING,
          // The files share each worker's modules: importing the app anew for every file was half the suite's time.
          // What a file changes globally (fake clocks) it undoes itself, and isolation-check.ts holds it to that.
          isolate: false,
          setupFiles: ["apps/api/test/isolation-check.ts"],
        },
      },
      // A file that replaces a module (vi.mock) needs modules of its own: in a shared cache the app may already hold
      // the real one.
      { test: { ...apiTests, name: "api-isolated", include: MODULE_REPLACING, isolate: true } },
      {
        test: { name: "web", include: ["apps/web/src/**/*.test.{ts,tsx}"], environment: "node", isolate: true },
        // The same alias the SPA's Vite config uses.
        resolve: { alias: { "@": path.resolve(import.meta.dirname, "apps/web/src") } },
      },
    ],
  },
});
