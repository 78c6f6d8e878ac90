import { defineConfig } from "@playwright/test";
import { E2E_ENV, E2E_PORT } from "./e2e/environment.ts";
import { CHROMIUM_ARGS, chromiumExecutable } from "./scripts/chromium.mjs";

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  // One API process with an embedded database: two workers keep the suite fast without contention.
  workers: 2,
  retries: 0,
  // Budgets for a slow, shared machine (the suite must pass while other jobs use the cores): a budget only bounds
  // how long a test waits for its condition, so a generous one costs nothing when the machine is fast. Flows
  // that hash passwords or decode images on the server share these two cores with the browser and the server.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A failed test keeps its trace: each step's DOM, the network and the console. Not the screencast: recording
    // every frame of every test (kept only on failure) was a quarter of the browser stage's CPU; the screenshot
    // below shows the page as the test failed.
    trace: { mode: "retain-on-failure", screenshots: false },
    // As a person who asked their system for less motion: the SPA honours it (theme.ts), so no click waits for a
    // modal's or menu's transition to settle. a11y.spec.ts also checks the default motion.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Sign-ins that a later spec needs to be old (e2e/step-up.setup.ts): made first, so no worker idles for them.
    { name: "sign-ins ahead", testMatch: /\.setup\.ts$/ },
    { name: "chromium", testMatch: /\.spec\.ts$/, dependencies: ["sign-ins ahead"] },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    // A fresh clone builds the SPA and the API first, which on a busy machine takes minutes.
    timeout: 300_000,
    env: E2E_ENV,
    stdout: "pipe",
  },
});
