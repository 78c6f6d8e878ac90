// Lighthouse 12 on the built app with the demo data, as issue 24 measures it: every page a first visit with an
// empty HTTP cache, the signed-in ones with the session already in storage (a member opening a bookmark), under the
// mobile preset (simulated slow 4G, 4× CPU) and the desktop one. Each page is measured LIGHTHOUSE_RUNS times (3 by
// default) and the run with the median performance score is printed, with the metrics behind it and the goal.
// The baseline of the same run is a page with nothing of the app: one heading in the smallest HTML document, served
// from this process over the same loopback (what the simulated network and the browser cost before any of our
// bytes). The median runs' full reports go to .tmp/lighthouse/.
//   BENCH_ONLY=lighthouse npm run bench     (BENCH_DATABASE_URL=postgres://… serves the demo from PostgreSQL)
// LIGHTHOUSE_PAGES=<regular expression> measures only the pages whose label matches (the baseline always runs), and
// LIGHTHOUSE_PRESETS=mobile (or desktop) only that preset.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { desktopConfig, startFlow } from "lighthouse";
import puppeteer from "puppeteer-core";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { CHROMIUM_ARGS, chromiumExecutable } from "../scripts/chromium.mjs";
import { benchEnvironment } from "./support/harness.mjs";

const PORT = 4398;
const BASELINE_PORT = 4399;
const BASELINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport"
content="width=device-width, initial-scale=1"><meta name="description" content="Baseline"><link rel="icon" href="data:,"><title>Palco Admin</title>
</head><body><main><h1>Palco Admin</h1></main></body></html>`;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const base = `http://127.0.0.1:${PORT}`;
const bench = benchEnvironment(PORT, "lighthouse");
const REPORTS = path.resolve(import.meta.dirname, "../.tmp/lighthouse");

/** Issue 24's goals for the mobile preset's performance score; accessibility and best practices stay 100. */
const MOBILE_GOALS = { "/login": 95, "/countries": 90, "/bookings": 90, "/bookings/:id": 90, "/": 80 };

/** One Lighthouse navigation of `url` in a browser context of its own: an empty HTTP cache, `stored` as the session. */
async function measure(browser, url, { preset, stored }) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    if (stored) {
      await page.evaluateOnNewDocument(
        (value, origin) => {
          if (location.origin === origin) localStorage.setItem("palco.session", value);
        },
        stored,
        base,
      );
    }
    const flow = await startFlow(page, {
      config: preset === "desktop" ? desktopConfig : undefined,
      // Lighthouse would clear the storage with the cache: the context's cache is empty, the session must stay.
      flags: { onlyCategories: ["performance", "accessibility", "best-practices"], disableStorageReset: true },
    });
    await flow.navigate(url);
    const { lhr } = (await flow.createFlowResult()).steps[0];
    const audit = (id) => lhr.audits[id];
    if (lhr.categories.performance.score === null) {
      // A run Lighthouse could not score (it counts as 0 in the range): say why, so it is not read as a slow page.
      const failed = Object.values(lhr.audits).filter((each) => each.errorMessage);
      console.error(
        `${url}: no performance score (${lhr.runtimeError?.message ?? failed.map((each) => `${each.id}: ${each.errorMessage}`).join("; ")})`,
      );
    }
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
      fcp: audit("first-contentful-paint").numericValue,
      lcp: audit("largest-contentful-paint").numericValue,
      tbt: audit("total-blocking-time").numericValue,
      cls: audit("cumulative-layout-shift").numericValue,
      bytes: audit("total-byte-weight").numericValue,
      lhr,
    };
  } finally {
    await context.close();
  }
}

/** A metric Lighthouse could not take on a page prints as "—". */
const shown = (value, format) => (typeof value === "number" && Number.isFinite(value) ? format(value) : "—");
const seconds = (ms) => shown(ms, (value) => `${(value / 1000).toFixed(1)} s`);

const baseline = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
  response.end(BASELINE_PAGE);
});
await new Promise((resolve) => baseline.listen(BASELINE_PORT, "127.0.0.1", resolve));

try {
  buildIfStale();
  await bench.prepare();
  await bench.startServer({ SEED_DEMO: "true" });
  const stored = JSON.stringify(await bench.session());
  const bookings = await (
    await fetch(`${base}/api/bookings`, { headers: { authorization: `Bearer ${JSON.parse(stored).token}` } })
  ).json();
  const bookingId = (bookings.data ?? bookings).items[0]?.id;
  if (!bookingId) throw new Error("the demo data has no booking");

  const pages = [
    { label: "baseline: a heading, no app", url: `http://127.0.0.1:${BASELINE_PORT}/`, goal: null },
    { label: "/login", url: `${base}/login`, goal: "/login" },
    { label: "/countries", url: `${base}/countries`, signedIn: true, goal: "/countries" },
    { label: "/bookings", url: `${base}/bookings`, signedIn: true, goal: "/bookings" },
    { label: "/bookings/:id", url: `${base}/bookings/${bookingId}`, signedIn: true, goal: "/bookings/:id" },
    { label: "/ (dashboard)", url: `${base}/`, signedIn: true, goal: "/" },
  ];
  const only = process.env.LIGHTHOUSE_PAGES ? new RegExp(process.env.LIGHTHOUSE_PAGES) : null;
  const chosen = pages.filter((item) => !item.goal || !only || only.test(item.label));
  const presets = (process.env.LIGHTHOUSE_PRESETS ?? "mobile,desktop").split(",");
  mkdirSync(REPORTS, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: chromiumExecutable(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const rows = [];
  try {
    for (const preset of presets) {
      for (const item of chosen) {
        const runs = [];
        for (let run = 0; run < RUNS; run++) {
          runs.push(await measure(browser, item.url, { preset, stored: item.signedIn ? stored : undefined }));
        }
        runs.sort((a, b) => a.performance - b.performance);
        const median = runs[Math.floor(runs.length / 2)];
        const goal = preset === "mobile" && item.goal ? MOBILE_GOALS[item.goal] : null;
        rows.push({ preset, item, median, range: [runs[0].performance, runs.at(-1).performance], goal });
        const report = path.join(REPORTS, `${preset}-${item.label.replace(/\W+/g, "-")}.json`);
        writeFileSync(report, JSON.stringify(median.lhr));
      }
    }
  } finally {
    await browser.close();
  }

  console.log(`Lighthouse 12, ${RUNS} runs per page (the median by performance shown, the range beside it)`);
  console.log(
    "preset   page                            perf (range)   goal   a11y  b.p.    FCP     LCP      TBT    CLS   KiB",
  );
  for (const { preset, item, median, range, goal } of rows) {
    const verdict = goal === null ? "    —" : `${median.performance >= goal ? "✔" : "✘"} ≥${goal}`;
    console.log(
      [
        preset.padEnd(8),
        item.label.padEnd(31),
        `${String(median.performance).padStart(4)} (${range[0]}–${range[1]})`.padEnd(14),
        verdict.padStart(6),
        String(median.accessibility).padStart(5),
        String(median.bestPractices).padStart(5),
        seconds(median.fcp).padStart(6),
        seconds(median.lcp).padStart(7),
        shown(median.tbt, (value) => `${Math.round(value)} ms`).padStart(8),
        shown(median.cls, (value) => value.toFixed(3)).padStart(6),
        shown(median.bytes, (value) => String(Math.round(value / 1024))).padStart(5),
      ].join(" "),
    );
  }
} finally {
  baseline.close();
  await bench.cleanUp();
}
