// What every benchmark under bench/ shares: a throwaway database, the built API server on its own port, a
// saturating HTTP load generator (autocannon) and a closed loop for the same work run straight on the driver.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import autocannon from "autocannon";
import pg from "pg";
import { withGenericPlans } from "../../apps/api/src/platform/db.ts";

export const SOURCE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
export const DURATION = Number(process.env.BENCH_DURATION ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const WARMUP = 2;
export const PASSWORD = "Bench2026x";

export const fmt = (value, digits = 0) => value.toLocaleString("en-US", { maximumFractionDigits: digits });

/** A data folder, and with PostgreSQL a database of its own, both removed by `cleanUp`. */
export function benchEnvironment(port, prefix) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `palco-bench-${prefix}-`));
  let databaseUrl;
  let adminUrl;
  let databaseName;
  if (SOURCE_URL) {
    databaseName = `palco_bench_${prefix}_${process.pid}`;
    const url = new URL(SOURCE_URL);
    url.pathname = "/postgres";
    adminUrl = url.toString();
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const base = `http://127.0.0.1:${port}`;

  async function admin(text) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  /** The built server on `port`; `env` adds to (or overrides) the bench's settings (REDIS_URL, SIMULATION…). */
  async function spawnServer(serverPort, env = {}) {
    const child = spawn(process.execPath, ["apps/api/dist/server.js"], {
      env: {
        ...process.env,
        PORT: String(serverPort),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: PASSWORD,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        DATABASE_URL: databaseUrl ?? "",
        REDIS_URL: "",
        // The bench signs its super-admin in with the password (a second factor is not what it measures).
        MFA_REQUIRED_FOR_SUPER_ADMIN: "false",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise((_, reject) =>
      child.once("exit", (code) => reject(new Error(`the server exited (${code})`))),
    );
    exited.catch(() => {});
    for (let attempt = 0; attempt < 600; attempt++) {
      try {
        if ((await fetch(`http://127.0.0.1:${serverPort}/api/health`)).ok) return child;
      } catch {}
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 200)), exited]);
    }
    throw new Error("the server did not start");
  }

  async function stopChild(child) {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }

  let server;
  const others = new Map();
  async function startServer(env = {}) {
    server = await spawnServer(port, env);
  }

  async function stopServer() {
    await stopChild(server);
  }

  /** Another API process on `otherPort` (same database and data folder): several instances behind Redis. */
  async function startOtherServer(otherPort, env = {}) {
    others.set(otherPort, await spawnServer(otherPort, env));
  }

  async function stopOtherServer(otherPort) {
    await stopChild(others.get(otherPort));
    others.delete(otherPort);
  }

  /** The super-admin's session as the sign-in page stores it (the server seeds the account with PASSWORD). */
  async function session() {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "email", user: "admin@palco.local", secret: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
    return (await login.json()).data;
  }

  /** The super-admin's bearer header. */
  async function signIn() {
    return { authorization: `Bearer ${(await session()).token}` };
  }

  /** `url` under autocannon at CONNECTIONS for DURATION seconds, after a warm-up. */
  /** `url` under autocannon for `seconds` (DURATION by default) after the warm-up. */
  async function http(url, headers, { seconds: measured = DURATION, ...options } = {}) {
    const run = (seconds, record) =>
      new Promise((resolve, reject) => {
        const instance = autocannon(
          { url: `${base}${url}`, connections: CONNECTIONS, duration: seconds, headers, ...options },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        if (record) instance.on("response", (_client, _status, _bytes, time) => record.push(time));
      });
    await run(WARMUP);
    const latencies = [];
    const result = await run(measured, latencies);
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    return summary(latencies, result.duration);
  }

  async function setUp() {
    if (SOURCE_URL) await admin(`create database ${databaseName}`);
  }

  async function cleanUp() {
    for (const otherPort of [...others.keys()]) await stopOtherServer(otherPort);
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
    if (SOURCE_URL) await admin(`drop database if exists ${databaseName} with (force)`).catch(() => {});
  }

  /**
   * Creates the database and lets the server migrate it and seed the super-admin, then stops it: the data and the
   * driver baseline run with the server stopped (PGlite's data folder has one owner at a time).
   */
  async function prepare() {
    await setUp();
    await startServer();
    await stopServer();
  }

  /**
   * The bench database straight on its driver: a pg pool of `max`, or PGlite on the server's data folder. `named`
   * runs a statement named on the server, one name per SQL text, so each pooled connection parses it once (as the
   * API's named statements are); PGlite has no such thing and runs it as `query`. `genericPlans`: connections that
   * keep one plan per named statement, as the API's pool for the palette's search (withGenericPlans).
   */
  async function openDriver(max = CONNECTIONS, { genericPlans = false } = {}) {
    if (databaseUrl) {
      const pool = new pg.Pool({ connectionString: genericPlans ? withGenericPlans(databaseUrl) : databaseUrl, max });
      const names = new Map();
      return {
        pool,
        query: async (text, params = []) => (await pool.query(text, params)).rows,
        named: async (text, params = []) => {
          if (!names.has(text)) names.set(text, `bench_${names.size + 1}`);
          return (await pool.query({ name: names.get(text), text, values: params })).rows;
        },
        close: () => pool.end(),
      };
    }
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, "db"), extensions: { pg_trgm } });
    const query = async (text, params = []) => (await pglite.query(text, params)).rows;
    return { pglite, query, named: query, close: () => pglite.close() };
  }

  /**
   * A driver on connections that keep one plan per named statement, as the API's kept-plan pool (PostgreSQL), or
   * null on PGlite, which has no such pool.
   */
  async function openKeptPlans(max = CONNECTIONS) {
    return databaseUrl ? openDriver(max, { genericPlans: true }) : null;
  }

  /**
   * Prepares the database, fills it with `statements` on the driver and prints how long that took, as "`rows`
   * `what` generated in N s" with the run's settings. PGlite is then opened again, so the measurements run on the
   * database as the server will find it, not on the instance that loaded the rows (`reopen: false` keeps it).
   */
  async function generate(statements, { rows, what, max = CONNECTIONS, reopen = true }) {
    await prepare();
    let driver = await openDriver(max);
    // Dropping the database at the end ends the pool's connections too (when a case failed before it was closed).
    driver.pool?.on("error", () => {});
    const started = performance.now();
    for (const statement of statements) await driver.query(statement);
    if (driver.pglite && reopen) {
      await driver.close();
      driver = await openDriver(max);
    }
    if (SOURCE_URL && !HAS_PGBENCH) console.log("pgbench is not installed: the baselines are the driver loop alone");
    console.log(
      `${SOURCE_URL ? "PostgreSQL" : "PGlite"}: ${fmt(rows)} ${what} generated in ${fmt((performance.now() - started) / 1000, 1)} s; ` +
        `${CONNECTIONS} connections, ${DURATION} s per measurement after ${WARMUP} s of warm-up`,
    );
    return driver;
  }

  /**
   * `statements` under pgbench at CONNECTIONS clients (runPgbench), or null where pgbench cannot run them: on PGlite,
   * or when it is not installed (`generate` says so once). `genericPlans` as for `openDriver`.
   */
  function pgbench(statements, mode = "prepared", seconds = DURATION, { genericPlans = false } = {}) {
    if (!databaseUrl || !HAS_PGBENCH) return null;
    const url = genericPlans ? withGenericPlans(databaseUrl) : databaseUrl;
    return runPgbench(url, pgbenchScript(statements), mode, seconds);
  }

  return {
    dataDir,
    databaseUrl,
    pgbench,
    prepare,
    generate,
    openDriver,
    openKeptPlans,
    cleanUp,
    startServer,
    stopServer,
    /** The server process's id (its resident memory is read from /proc). */
    serverPid: () => server?.pid,
    startOtherServer,
    stopOtherServer,
    session,
    signIn,
    http,
  };
}

export function summary(latencies, seconds) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** `task(worker)` as fast as `concurrency` callers (CONNECTIONS by default) can run it, for `seconds`. */
export async function closedLoop(task, seconds, concurrency = CONNECTIONS) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  const worker = async (index) => {
    while (performance.now() < until) {
      const started = performance.now();
      await task(index);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  return summary(latencies, (performance.now() - started) / 1000);
}

/**
 * A pgbench script of the statements, one per line, each parameter a pgbench variable (`:s0p1`) defined with `-D`:
 * under `-M prepared` each statement is prepared once per connection and run with its parameters, as the API's
 * named statements are.
 */
export function pgbenchScript(statements) {
  const variables = [];
  const script = statements
    .map(({ sql, params }, statement) => {
      // $10 before $1: replaced from the highest number down.
      let line = sql;
      for (let index = params.length; index >= 1; index--) {
        const value = params[index - 1];
        // pgbench variables cannot be NULL: a null parameter is written into the text.
        if (value === null || value === undefined) {
          line = line.replaceAll(`$${index}`, "NULL");
          continue;
        }
        const text = value instanceof Date ? value.toISOString() : String(value);
        variables.push("-D", `s${statement}p${index}=${text}`);
        line = line.replaceAll(`$${index}`, `:s${statement}p${index}`);
      }
      // pgbench reads one statement per line (a backslash at a line's end continues it): one line each, without
      // the statements' own comments (on one line, a comment would swallow the rest). pgbench takes any `:name`
      // for a variable, inside quotes too: a colon in a literal ('HH24:MI:SS') is spelled chr(58).
      const oneLine = line.replace(/--[^\n]*$/gm, "").replace(/\s+/g, " ");
      return `${oneLine.replace(/'(?:[^']|'')*'/g, (literal) =>
        literal.includes(":") ? `(${literal.split(":").join("' || chr(58) || '")})` : literal,
      )};`;
    })
    .join("\n");
  return { script, variables };
}

/** Whether pgbench (Debian's postgresql-client packages carry it) can be run here. */
export const HAS_PGBENCH = !spawnSync("pgbench", ["--version"], { encoding: "utf8" }).error;

/**
 * The script under pgbench at CONNECTIONS clients for DURATION seconds: the p50/p95/p99 of its transactions.
 * `mode` is pgbench's query mode: "prepared" for statements the API names (prepared once per connection),
 * "extended" for the ones it sends unnamed (parsed and planned on every run, as drizzle sends them).
 */
export function runPgbench(databaseUrl, { script, variables }, mode = "prepared", seconds = DURATION) {
  const folder = mkdtempSync(path.join(os.tmpdir(), "palco-bench-pgbench-"));
  try {
    const file = path.join(folder, "statements.sql");
    writeFileSync(file, script);
    const run = (seconds, log) =>
      spawnSync(
        "pgbench",
        ["-n", "-M", mode, "-c", String(CONNECTIONS), "-j", "2", "-T", String(seconds), "-f", file, ...variables]
          .concat(log ? ["--log", `--log-prefix=${path.join(folder, "tx")}`] : [])
          .concat([databaseUrl]),
        { encoding: "utf8" },
      );
    run(WARMUP, false);
    const result = run(seconds, true);
    if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr}`);
    // Each line: client, transaction, latency in µs, script, epoch seconds, µs.
    const latencies = readdirSync(folder)
      .filter((name) => name.startsWith("tx"))
      .flatMap((name) => readFileSync(path.join(folder, name), "utf8").trim().split("\n"))
      .map((line) => Number(line.split(" ")[2]) / 1000);
    return summary(latencies, seconds);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The result table every benchmark prints. */
export function printTable(rows, note) {
  console.log(
    `\n${"case".padEnd(48)} ${"req/s".padStart(7)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"p99".padStart(7)}  ratio`,
  );
  for (const [name, result, ratio, shape] of rows) {
    const ms = (value) => `${value.toFixed(1)}`.padStart(7);
    console.log(
      `${name.slice(0, 48).padEnd(48)} ${fmt(result.rps).padStart(7)} ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)}  ${ratio}${shape ? `  [${shape}]` : ""}`,
    );
  }
  console.log(note);
}

/** A measurement through the API against the same work on the driver: "0.85× driver (1,234/s, p95 3.2 ms)". */
export const driverRatio = (measured, baseline) =>
  `${(measured.rps / baseline.rps).toFixed(2)}× driver (${fmt(baseline.rps)}/s, p95 ${baseline.p95.toFixed(1)} ms)`;

/** A measurement through the API against the same statements under pgbench: "; 0.71× pgbench (1,234/s, p95 3.2 ms)". */
export const pgbenchRatio = (measured, pgbench) =>
  pgbench
    ? `; ${(measured.rps / pgbench.rps).toFixed(2)}× pgbench (${fmt(pgbench.rps)}/s, p95 ${pgbench.p95.toFixed(1)} ms)`
    : "";

/**
 * Runs `run(query, generic)` once with query functions that record the statements they send: what pgbench repeats.
 * `generic` (PostgreSQL; absent on PGlite) runs a statement the API names on connections that keep one plan; each
 * recorded statement says which it went through (`generic`).
 */
export async function recordedStatements(run, query, generic) {
  const statements = [];
  const recording =
    (through, isGeneric) =>
    (sql, params = []) => {
      statements.push({ sql, params, generic: isGeneric });
      return through(sql, params);
    };
  await run(recording(query, false), generic && recording(generic, true));
  return statements;
}

/**
 * pgbench of a list request's recorded statements (recordedStatements): prepared once on connections that keep one
 * plan when the API sends them that way (a bounded list's counted page, the walk of a common term's page, a venue's
 * page: list-query.ts), besides the questions to the planner, which have no plan to choose (an `EXPLAIN` plans its
 * statement with the values it is given on every run, prepared or not; the table's size is one row of `pg_class`);
 * else unnamed (`extended`: parsed and planned on every run), or `unnamedMode` for a list the API names.
 */
const plannerQuestion = (statement) =>
  /^explain |\bfrom\s+pg_class\s+c\s+where\s+c\.oid\s*=\s*to_regclass\(/i.test(statement.sql);

export function listPgbench(bench, sent, unnamedMode = "extended", seconds = DURATION) {
  const keepsPlans = sent.some((statement) => statement.generic);
  return keepsPlans && sent.every((statement) => statement.generic || plannerQuestion(statement))
    ? bench.pgbench(sent, "prepared", seconds, { genericPlans: true })
    : bench.pgbench(sent, unnamedMode, seconds);
}
