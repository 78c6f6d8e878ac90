// `npm test`: every check the project has, in the order a failure is cheapest to find. Every step runs even when
// an earlier one failed, so one run shows everything that is wrong; the last line sums the tests up.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, ".tmp/test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];

function step(name, command, args, { env = {}, count } = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counted = count?.();
  const ok = status === 0;
  // A step that does not report test counts (typecheck, lint, build) counts as one check.
  const passed = counted ? counted.passed : ok ? 1 : 0;
  const failed = counted ? counted.failed + (ok || counted.failed > 0 ? 0 : 1) : ok ? 0 : 1;
  results.push({ name, ok, passed, failed, seconds });
}

function vitestCounts(file) {
  return () => {
    if (!existsSync(file)) return undefined;
    const report = JSON.parse(readFileSync(file, "utf8"));
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  };
}

function playwrightCounts(file) {
  return () => {
    if (!existsSync(file)) return undefined;
    const { stats } = JSON.parse(readFileSync(file, "utf8"));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  };
}

step("Typecheck", "npm", ["run", "--silent", "typecheck"]);
step("Lint", "npx", ["biome", "check", "."]);
step("Lock file", "node", ["scripts/complete-lockfile.mjs", "--check"]);

const pgliteReport = path.join(reports, "vitest-pglite.json");
step(
  "Unit and API tests (PGlite)",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${pgliteReport}`],
  { env: { TEST_DATABASE_URL: "" }, count: vitestCounts(pgliteReport) },
);

if (process.env.TEST_DATABASE_URL) {
  const postgresReport = path.join(reports, "vitest-postgres.json");
  step(
    "API tests (PostgreSQL)",
    "npx",
    [
      "vitest",
      "run",
      "--project",
      "api",
      "--project",
      "api-isolated",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${postgresReport}`,
    ],
    { count: vitestCounts(postgresReport) },
  );
} else {
  console.log("\nTEST_DATABASE_URL is not set: the API tests ran on PGlite only.");
}

console.log("\n━━ Build ━━");
let built = true;
try {
  buildIfStale({ force: true });
} catch {
  built = false;
}
results.push({ name: "Build", ok: built, passed: built ? 1 : 0, failed: built ? 0 : 1, seconds: "-" });
// What the login page and a list page download, against the README's budgets (measured on the build just made).
if (built) step("Bundle budget", "node", ["scripts/bundle-budget.mjs"]);

let browser;
try {
  browser = ensureChromium();
} catch (error) {
  console.error(error.message);
  results.push({ name: "Chromium", ok: false, passed: 0, failed: 1, seconds: "-" });
}
if (browser && built) {
  const e2eReport = path.join(root, "test-results/e2e.json");
  rmSync(e2eReport, { force: true });
  step("Browser tests (Playwright, Chromium)", "npx", ["playwright", "test"], { count: playwrightCounts(e2eReport) });
}

console.log("\n━━ Summary ━━");
for (const { name, ok, passed, failed, seconds } of results) {
  console.log(`${ok ? "✔" : "✘"} ${name}: ${passed} passed, ${failed} failed (${seconds}s)`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const allOk = results.every((r) => r.ok);
console.log(`${passed} passed, ${failed} failed`);
process.exit(allOk && failed === 0 ? 0 : 1);
