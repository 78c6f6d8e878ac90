// Exports at scale: every booking of a 1,000,000-booking database (50,000 on PGlite; BENCH_EXPORT_ROWS overrides)
// exported through the API to CSV, then to Excel, as a job (POST /api/exports, polled until ready). Measured while
// it runs: rows per second, the server's resident memory (VmRSS from /proc, sampled every 200 ms) against its value
// just before the export (the budget is a growth of at most 100 MB), GET /api/bookings answered meanwhile by a
// closed loop of list requests (latencies in ms, against the same loop with no export running), and a second,
// smaller export (one venue's bookings) asked for while the big one runs, which must be ready before it ends. The
// file is then downloaded once through its signed link. The server runs as `npm start` runs it
// (--max-semi-space-size=16) with its default EXPORT_CONCURRENCY (2).
//   BENCH_ONLY=exports npm run bench        (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
//   BENCH_EXPORT_FORMATS=csv (or xlsx) runs one format only.
import { readFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import * as schema from "../apps/api/src/platform/schema.ts";
import { openBookingsBench } from "./support/bookings-data.mjs";
import { benchEnvironment, fmt, SOURCE_URL, summary } from "./support/harness.mjs";

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? (SOURCE_URL ? 1_000_000 : 50_000));
const PORT = 4394;
const MB = 1024 * 1024;
const bench = benchEnvironment(PORT, "exports");

/** The server's resident set, in bytes. */
function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

try {
  const { driver } = await openBookingsBench(bench, ROWS, "bookings", { drizzle, drizzlePglite, schema });
  await driver.close();
  await bench.startServer({ NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? "--max-semi-space-size=16" });
  // Access tokens last 15 minutes and an Excel export of a million rows takes longer: signed in again every 10.
  let signedIn = { at: 0, headers: {} };
  const auth = async () => {
    if (Date.now() - signedIn.at > 10 * 60_000) {
      signedIn = { at: Date.now(), headers: { ...(await bench.signIn()), "content-type": "application/json" } };
    }
    return signedIn.headers;
  };
  const base = `http://127.0.0.1:${PORT}`;
  const pid = bench.serverPid();
  // Warm the list up (statements built, caches filled) before memory is measured.
  for (let index = 0; index < 50; index++)
    await (await fetch(`${base}/api/bookings`, { headers: await auth() })).json();

  // List traffic: one request after the other on two connections, until `until()` says stop.
  const listLoops = (until) => {
    const latencies = [];
    const loop = async () => {
      while (!until()) {
        const started = performance.now();
        const answer = await fetch(`${base}/api/bookings?page=2`, { headers: await auth() });
        await answer.arrayBuffer();
        if (!answer.ok) throw new Error(`GET /api/bookings answered ${answer.status}`);
        latencies.push(performance.now() - started);
      }
    };
    return { latencies, running: Promise.all([loop(), loop()]) };
  };
  const idleStarted = performance.now();
  const idleTraffic = listLoops(() => performance.now() - idleStarted > 8_000);
  await idleTraffic.running;
  const idle = summary(idleTraffic.latencies, (performance.now() - idleStarted) / 1000);
  console.log(`list with no export running: ${JSON.stringify(idle)}`);
  const venueId = (await (await fetch(`${base}/api/bookings?page=1`, { headers: await auth() })).json()).items[0].venue
    .id;

  const waitFor = async (id) => {
    for (;;) {
      const job = await (await fetch(`${base}/api/exports/${id}`, { headers: await auth() })).json();
      if (job.status === "ready" || job.status === "failed") return job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  const results = [];
  // The resident set before any export: memory V8 keeps after the first export is counted against it too.
  const atStart = residentBytes(pid);
  for (const format of (process.env.BENCH_EXPORT_FORMATS ?? "csv,xlsx").split(",")) {
    global.gc?.();
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 200);
    const created = await fetch(`${base}/api/exports`, {
      method: "POST",
      headers: await auth(),
      body: JSON.stringify({ resource: "bookings", format, query: {} }),
    });
    if (created.status !== 202)
      throw new Error(`POST /api/exports answered ${created.status}: ${await created.text()}`);
    const { id } = await created.json();

    // List traffic while the export runs.
    let done = false;
    const started = performance.now();
    const traffic = listLoops(() => done);
    // A failed list request ends the loops; it is reported once the export is over (the server is then stopped).
    let listFailure;
    const listing = traffic.running.catch((error) => {
      done = true;
      listFailure = error;
    });
    let job;
    // A second export, asked for once the first is writing: one venue's bookings, in the same format.
    for (;;) {
      const first = await (await fetch(`${base}/api/exports/${id}`, { headers: await auth() })).json();
      if (first.rows > 0 || first.status === "ready" || first.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const secondStarted = performance.now();
    const second = await fetch(`${base}/api/exports`, {
      method: "POST",
      headers: await auth(),
      body: JSON.stringify({ resource: "bookings", format, query: { venueId: String(venueId) } }),
    });
    if (second.status !== 202) throw new Error(`the second export answered ${second.status}: ${await second.text()}`);
    const secondJob = waitFor((await second.json()).id).then((finished) => ({
      ...finished,
      seconds: (performance.now() - secondStarted) / 1000,
      whileFirstRan: !job,
    }));
    job = await waitFor(id);
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await listing;
    if (listFailure) throw listFailure;
    const secondDone = await secondJob;
    if (secondDone.status !== "ready") throw new Error(`the second ${format} export failed`);
    clearInterval(sampler);
    if (job.status !== "ready") throw new Error(`the ${format} export failed: ${job.error}`);
    const written = (Date.parse(job.finishedAt) - Date.parse(job.createdAt)) / 1000;

    const file = await fetch(`${base}${job.url}`);
    let bytes = 0;
    for await (const chunk of file.body) bytes += chunk.length;
    const list = summary(traffic.latencies, seconds);
    const secondExport = {
      rows: secondDone.rows,
      seconds: secondDone.seconds,
      whileFirstRan: secondDone.whileFirstRan,
    };
    results.push({ format, rows: job.rows, seconds: written, bytes, before, peak, list, secondExport });
    console.log(`${format}: ${JSON.stringify(results.at(-1))}`);
  }

  console.log(
    `\n${"format".padEnd(8)} ${"rows".padStart(10)} ${"seconds".padStart(8)} ${"rows/s".padStart(9)} ${"file MB".padStart(8)} ${"RSS before".padStart(11)} ${"RSS peak".padStart(9)} ${"growth".padStart(7)}   list during export (req/s, p50, p95 ms; p95 ÷ idle)   second export`,
  );
  console.log(`list idle: ${fmt(idle.rps)}/s, p50 ${idle.p50.toFixed(1)} ms, p95 ${idle.p95.toFixed(1)} ms`);
  for (const result of results) {
    console.log(
      `${result.format.padEnd(8)} ${fmt(result.rows).padStart(10)} ${fmt(result.seconds, 1).padStart(8)} ${fmt(result.rows / result.seconds).padStart(9)} ${fmt(result.bytes / MB, 1).padStart(8)} ${`${fmt(result.before / MB)} MB`.padStart(11)} ${`${fmt(result.peak / MB)} MB`.padStart(9)} ${`${fmt((result.peak - result.before) / MB)} MB`.padStart(7)}   ${fmt(result.list.rps)}/s, ${result.list.p50.toFixed(1)}, ${result.list.p95.toFixed(1)}; ×${(result.list.p95 / idle.p95).toFixed(1)}   ${fmt(result.secondExport.rows)} rows in ${fmt(result.secondExport.seconds, 1)} s${result.secondExport.whileFirstRan ? ", ready while the first ran" : ""}`,
    );
    if (!result.secondExport.whileFirstRan) console.log(`  ✗ ${result.format}: the second export waited for the first`);
    if (result.peak - result.before > 100 * MB) console.log(`  ✗ ${result.format}: memory grew past the 100 MB budget`);
  }
  const highest = Math.max(...results.map((result) => result.peak));
  console.log(
    `RSS before the first export ${fmt(atStart / MB)} MB, highest during the exports ${fmt(highest / MB)} MB (+${fmt((highest - atStart) / MB)} MB)`,
  );
  console.log("seconds: from the request to the file being ready; RSS: the server's resident memory (VmRSS)");
} finally {
  await bench.cleanUp();
}
