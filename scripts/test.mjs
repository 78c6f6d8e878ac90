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
  results.push({ name, ok, passed, failed, seconds, failures: counted?.failures ?? [] });
}

/** The first line of a failure's message, without the terminal's colour codes: enough to tell failures apart. */
function firstLine(message = "") {
  return message
    .replace(/\u001b\[[0-9;]*m/g, "")
    .trim()
    .split("\n")[0]
    .slice(0, 200);
}

function vitestCounts(file) {
  return () => {
    if (!existsSync(file)) return undefined;
    const report = JSON.parse(readFileSync(file, "utf8"));
    const failures = report.testResults.flatMap((suite) => {
      const where = path.relative(root, suite.name);
      const tests = suite.assertionResults.filter((test) => test.status === "failed");
      // A file that failed before any test ran (an import or a hook) has a message and no failed test.
      if (tests.length === 0 && suite.status === "failed") return [`${where}: ${firstLine(suite.message)}`];
      return tests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    });
    return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
  };
}

function playwrightCounts(file) {
  return () => {
    if (!existsSync(file)) return undefined;
    const { stats, suites } = JSON.parse(readFileSync(file, "utf8"));
    const failures = [];
    const visit = (suite) => {
      for (const spec of suite.specs ?? []) {
        if (spec.ok) continue;
        const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
        failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error?.message)}`);
      }
      for (const child of suite.suites ?? []) visit(child);
    };
    for (const suite of suites) visit(suite);
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, failures };
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
// The failed tests by name, so that the end of the output alone says what to look at.
for (const { name, ok, passed, failed, seconds, failures = [] } of results) {
  console.log(`${ok ? "✔" : "✘"} ${name}: ${passed} passed, ${failed} failed (${seconds}s)`);
  for (const failure of failures) console.log(`    ✘ ${failure}`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const allOk = results.every((r) => r.ok);
console.log(`${passed} passed, ${failed} failed`);
process.exit(allOk && failed === 0 ? 0 : 1);
