// List endpoints at scale, measured with a load generator that saturates the server (autocannon), each against the
// same SQL run straight through the driver at the same concurrency for the same time, in the same run:
//   npm run bench                                  PGlite, 100,000 cities
//   BENCH_DATABASE_URL=postgres://… npm run bench   PostgreSQL, 1,000,000 cities in a throwaway database
// (DATABASE_URL works too). BENCH_ROWS, BENCH_DURATION (seconds per case) and BENCH_CONNECTIONS override the sizes.
// The SQL comes from the kit's own query builder (crudListQueries), and runs as the API runs it (runList): the
// page, then the total when the page does not tell it, from the catalogue estimate first when the list is
// unfiltered.
// Runs under tsx (scripts/bench.mjs) so it can import the API's TypeScript sources.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { cityResource } from "../apps/api/src/modules/cities/routes.ts";
import { crudListQueries } from "../apps/api/src/platform/crud.ts";
import { encodeCursor, listStatements, runList } from "../apps/api/src/platform/list-query.ts";
import * as schema from "../apps/api/src/platform/schema.ts";

const PORT = 4390;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "Bench2026x";
const SOURCE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const ROWS = Number(process.env.BENCH_ROWS ?? (SOURCE_URL ? 1_000_000 : 100_000));
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = 2;
const STATES = 1_000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "palco-bench-"));
let databaseUrl;
let adminUrl;
let databaseName;
if (SOURCE_URL) {
  databaseName = `palco_bench_${process.pid}`;
  const url = new URL(SOURCE_URL);
  url.pathname = "/postgres";
  adminUrl = url.toString();
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}

async function admin(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// ── the server ──────────────────────────────────────────────────────────────────────────────────────────────────
let server;
async function startServer() {
  server = spawn(process.execPath, ["apps/api/dist/server.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl ?? "",
      REDIS_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((_, reject) =>
    server.once("exit", (code) => reject(new Error(`the server exited (${code})`))),
  );
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {}
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 200)), exited]);
  }
  throw new Error("the server did not start");
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

// ── the data ────────────────────────────────────────────────────────────────────────────────────────────────────
// Names built from 64 syllables picked by a hash of the row number: every first letter occurs, one name in ten
// starts with "San " (they sit together in name order), a full name is nearly unique.
const SYLLABLES = ["ma", "ri", "to", "gua", "da", "la", "ja", "ra", "mon", "te", "rey", "pe", "dro", "lu", "is", "po"]
  .concat(["si", "ca", "ba", "le", "ro", "na", "tla", "xi", "co", "che", "hua", "pan", "tze", "mi", "yo", "ve"])
  .concat(["al", "bu", "ce", "di", "em", "fe", "go", "hi", "in", "ju", "ke", "lo", "mu", "ni", "ol", "pi"])
  .concat(["que", "sa", "tu", "ur", "vi", "za", "zo", "tlan", "cal", "ix", "tec", "ya", "ne", "or", "an", "es"])
  .map((syllable) => `'${syllable}'`)
  .join(",");

const GENERATE = [
  `insert into countries (name, code) select 'Bench country ' || g, 'Q' || g from generate_series(1, 20) g`,
  `insert into states (name, code, country_id)
     select 'Bench state ' || g, 'S' || g, (select min(id) from countries where code like 'Q%') + g % 20
     from generate_series(1, ${STATES}) g`,
  `insert into cities (name, code, time_zone, state_id)
     select case when g % 10 = 0 then 'San ' else '' end
            || initcap(s[1 + h % 64] || s[1 + h / 64 % 64] || s[1 + h / 4096 % 64])
            || ' ' || initcap(s[1 + h / 262144 % 64] || s[1 + h / 16777216 % 64]),
            'CT' || g, 'America/Mexico_City', (select min(id) from states where code like 'S%') + g % ${STATES}
     from generate_series(1, ${ROWS}) g,
          lateral (select abs(hashint4(g)) as h) hashed,
          (select array[${SYLLABLES}] as s) syllables`,
  "vacuum analyze countries",
  "vacuum analyze states",
  "vacuum analyze cities",
];

// ── measuring ───────────────────────────────────────────────────────────────────────────────────────────────────
function summary(latencies, seconds) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** `task` as fast as CONNECTIONS concurrent callers can run it, for `seconds`. */
async function closedLoop(task, seconds) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await task();
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return summary(latencies, (performance.now() - started) / 1000);
}

async function http(url, headers) {
  const run = (seconds, record) =>
    new Promise((resolve, reject) => {
      const instance = autocannon(
        { url: `${BASE}${url}`, connections: CONNECTIONS, duration: seconds, headers },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      if (record) instance.on("response", (_client, _status, _bytes, time) => record.push(time));
    });
  await run(WARMUP);
  const latencies = [];
  const result = await run(DURATION, latencies);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return summary(latencies, result.duration);
}

// ── run ─────────────────────────────────────────────────────────────────────────────────────────────────────────
const builder = drizzle.mock({ schema });
const fmt = (value, digits = 0) => value.toLocaleString("en-US", { maximumFractionDigits: digits });

try {
  if (SOURCE_URL) await admin(`create database ${databaseName}`);
  // First start: migrations and the super-admin. The data and the driver baseline run with the server stopped
  // (PGlite's data folder has one owner at a time), then the server serves the same data.
  await startServer();
  await stopServer();

  let pool;
  let pglite;
  let query;
  if (SOURCE_URL) {
    pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
    query = async (text, params = []) => (await pool.query(text, params)).rows;
  } else {
    pglite = await PGlite.create({ dataDir: path.join(dataDir, "db"), extensions: { pg_trgm } });
    query = async (text, params = []) => (await pglite.query(text, params)).rows;
  }

  const generating = performance.now();
  for (const statement of GENERATE) await query(statement);
  if (pglite) {
    // Measure on a freshly opened database, as the server will find it, not on the instance that loaded the rows.
    await pglite.close();
    pglite = await PGlite.create({ dataDir: path.join(dataDir, "db"), extensions: { pg_trgm } });
  }
  console.log(
    `${SOURCE_URL ? "PostgreSQL" : "PGlite"}: ${fmt(ROWS)} cities generated in ${fmt((performance.now() - generating) / 1000, 1)} s; ` +
      `${CONNECTIONS} connections, ${DURATION} s per measurement after ${WARMUP} s of warm-up`,
  );

  const [{ state, country }] = await query(
    "select s.id as state, s.country_id as country from states s where s.code = 'S500'",
  );
  const [middle] = await query("select name from cities where code = $1", [`CT${Math.floor(ROWS / 2) + 1}`]);
  // A cursor half-way through the list: the row a walk of next, next, next… would have reached.
  const depth = Math.floor(ROWS / 2 / 12);
  const [deepRow] = await query(`select name, id from cities order by name, id offset ${depth * 12 - 1} limit 1`);
  const deepCursor = encodeCursor({ page: depth, key: [deepRow.name, deepRow.id] });
  const cases = [
    { name: "page 1", query: {} },
    { name: `deep page (${fmt(depth + 1)}, cursor)`, query: { page: depth + 1, after: deepCursor } },
    { name: "broad search (mon, spread out)", query: { search: "mon" } },
    // Matches that sit together in name order ("San …"): the page walks every name sorted before them.
    { name: "broad search (san, clustered)", query: { search: "san" } },
    { name: `narrow search (${middle.name.toLowerCase()})`, query: { search: middle.name.toLowerCase() } },
    { name: "two-letter search (gu)", query: { search: "gu" } },
    { name: "filtered (country, state)", query: { country: country, state: state } },
  ];

  for (const item of cases) {
    const { window, queries, values } = crudListQueries(builder, cityResource, { page: 1, ...item.query });
    const statements = listStatements(queries, values);
    const rows = (statement) => query(statement.sql, statement.params);
    // What the handler does (runList): the page, then the total when the page does not tell it.
    item.raw = () =>
      runList(window, {
        items: () => rows(statements.items),
        count: async () => Number((await rows(statements.count))[0].total),
        estimate: statements.estimate ? async () => Number((await rows(statements.estimate))[0].estimate) : null,
      });
    const url = new URLSearchParams(Object.entries(item.query).map(([key, value]) => [key, String(value)]));
    item.url = `/api/cities${url.size > 0 ? `?${url}` : ""}`;
    await closedLoop(item.raw, WARMUP);
    item.baseline = await closedLoop(item.raw, DURATION);
  }
  await pool?.end();
  await pglite?.close();

  await startServer();
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider: "email", user: "admin@palco.local", secret: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
  const { data } = await login.json();
  const headers = { authorization: `Bearer ${data.token}` };
  for (const item of cases) {
    const answer = await (await fetch(`${BASE}${item.url}`, { headers })).json();
    item.shape = `${answer.items.length} rows, total ${answer.totalKind === "capped" ? "> " : answer.totalKind === "estimated" ? "≈ " : ""}${fmt(answer.total)}`;
  }

  const health = await http("/api/health", {});
  const me = await http("/api/auth/me", headers);
  const rows = [
    ["GET /api/health", health, "—", ""],
    ["GET /api/auth/me", me, `${(me.rps / health.rps).toFixed(2)}× health`, ""],
  ];
  for (const item of cases) {
    const measured = await http(item.url, headers);
    rows.push([
      `cities: ${item.name}`,
      measured,
      `${(measured.rps / item.baseline.rps).toFixed(2)}× SQL (${fmt(item.baseline.rps)}/s, p95 ${item.baseline.p95.toFixed(1)} ms)`,
      item.shape,
    ]);
  }
  console.log(
    `\n${"case".padEnd(48)} ${"req/s".padStart(7)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"p99".padStart(7)}  ratio`,
  );
  for (const [name, result, ratio, shape] of rows) {
    const ms = (value) => `${value.toFixed(1)}`.padStart(7);
    console.log(
      `${name.slice(0, 48).padEnd(48)} ${fmt(result.rps).padStart(7)} ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)}  ${ratio}${shape ? `  [${shape}]` : ""}`,
    );
  }
  console.log("latencies in ms; ratio: the API's req/s over the same SQL's on the driver");
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
  if (SOURCE_URL) await admin(`drop database if exists ${databaseName} with (force)`).catch(() => {});
}
