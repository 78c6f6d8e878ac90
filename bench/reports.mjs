// The dashboard's reports at scale: 1,000,000 bookings and 1,000,000 members on PostgreSQL (50,000 and 200,000 on
// PGlite; BENCH_BOOKINGS and BENCH_MEMBERS override), bookings made over the last eleven months with their members
// and boxes (bench/support/bookings-data.mjs), plus members who never booked, born 1940–2010 (one in eight gave no
// date), last active over the last two years (one in ten never), one in fifty blocked. The rollups the reports read
// are kept by the tables' triggers while the data is generated, as in production. Measured three ways in the same
// run: through the API with a load generator that saturates it (autocannon) — the bar reports for a 12-month range,
// monthly and half-yearly, and the two pies —, the route's own code (incomeReport, signUpReport, ageReport,
// activityReport) in-process straight on the driver, and the very statements it sends under pgbench
// (`-M extended`: unnamed, as drizzle sends them; PostgreSQL only, when pgbench is installed).
// Targets: p95 under 25 ms on PostgreSQL (issue 23; 150 ms before, issue 13).
//   BENCH_ONLY=reports npm run bench        (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
import { addDays, yearsBefore } from "@palco/shared";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import {
  activityReport,
  ageReport,
  incomeReport,
  reportToday,
  resolveRange,
  signUpReport,
} from "../apps/api/src/modules/reports/queries.ts";
import * as schema from "../apps/api/src/platform/schema.ts";
import { bookingsData } from "./support/bookings-data.mjs";
import {
  benchEnvironment,
  closedLoop,
  DURATION,
  driverRatio,
  fmt,
  pgbenchRatio,
  printTable,
  SOURCE_URL,
  WARMUP,
} from "./support/harness.mjs";

const ROWS = Number(process.env.BENCH_BOOKINGS ?? (SOURCE_URL ? 1_000_000 : 50_000));
const PORT = 4394;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? (SOURCE_URL ? 1_000_000 : 200_000));
/** Members the bookings data already holds (its guests and owners). */
const BOOKINGS_MEMBERS = 101_000;
const TARGET_P95_MS = 25;
const bench = benchEnvironment(PORT, "reports");

/** Sign-ups who never booked, up to MEMBERS, then birth dates and activity for the bookings' members too. */
const MORE_MEMBERS = [
  `insert into members (first_name, last_name, email, phone, phone_country, language, created_at, birth_at,
                        last_active_at, is_active)
   select 'Ana', 'Bench', 'signup' || m || '@example.com', '55' || lpad(m::text, 8, '0'), '52', 'es',
          now() - m * interval '1 minute',
          case when abs(hashint4(m)) % 8 = 0 then null else date '1940-01-01' + abs(hashint4(m + 1)) % 25933 end,
          case when abs(hashint4(m + 2)) % 10 = 0 then null
               else now() - (abs(hashint4(m + 3)) % 63072000) * interval '1 second' end,
          abs(hashint4(m + 4)) % 50 <> 0
   from generate_series(1, ${Math.max(0, MEMBERS - BOOKINGS_MEMBERS)}) m order by m`,
  `update members set birth_at = date '1950-01-01' + abs(hashint4(id)) % 20000,
                      last_active_at = now() - (abs(hashint4(id + 1)) % 5184000) * interval '1 second'
   where email like 'member%'`,
  "vacuum analyze members",
  "vacuum analyze report_member_births",
  "vacuum analyze report_member_activity",
];

/** The statements a report function sends, recorded instead of run: what pgbench runs as the baseline. */
async function statementsOf(run) {
  const dialect = new PgDialect();
  const statements = [];
  await run({
    execute: async (query) => {
      const { sql, params } = dialect.sqlToQuery(query);
      statements.push({ sql, params });
      return { rows: [] };
    },
  });
  return statements;
}

try {
  const driver = await bench.generate([...bookingsData(ROWS), ...MORE_MEMBERS], {
    rows: ROWS,
    what: `bookings and ${fmt(MEMBERS)} members`,
  });
  const db = driver.pool ? drizzle(driver.pool, { schema }) : drizzlePglite(driver.pglite, { schema });
  const query = driver.query;
  const [{ days }] = await query("select count(*)::integer as days from report_daily_bookings");

  // Twelve months up to today, today included.
  const endDate = reportToday();
  const startDate = addDays(yearsBefore(endDate, 1), 1);
  // `run(range, on)`: the route's own code on `on` (drizzle on the driver, or a recorder of its statements).
  const cases = [
    { name: "income, monthly", path: "income", type: 1, run: (range, on) => incomeReport(on, range, "en") },
    { name: "income, half-yearly", path: "income", type: 6, run: (range, on) => incomeReport(on, range, "en") },
    {
      name: "member sign-ups, monthly",
      path: "users/count",
      type: 1,
      run: (range, on) => signUpReport(on, range, "en", "members"),
    },
    {
      name: "box sign-ups, monthly",
      path: "boxes",
      type: 1,
      run: (range, on) => signUpReport(on, range, "en", "boxes"),
    },
    { name: "members by age", path: "users/age", pie: true, run: (_range, on) => ageReport(on, "en") },
    { name: "members by activity", path: "users/active", pie: true, run: (_range, on) => activityReport(on, "en") },
  ];
  for (const item of cases) {
    const range = item.pie ? undefined : resolveRange({ startDate, endDate, type: item.type });
    item.raw = () => item.run(range, db);
    item.url = item.pie
      ? `/api/reports/${item.path}?locale=en`
      : `/api/reports/${item.path}?${new URLSearchParams({ startDate, endDate, type: String(item.type), locale: "en" })}`;
    await closedLoop(item.raw, WARMUP);
    item.baseline = await closedLoop(item.raw, DURATION);
    const answer = await item.raw();
    const counted = answer.reduce((sum, row) => sum + (row.count ?? row.value), 0);
    item.shape = `${answer.length} ${item.pie ? "slices" : "buckets"}, ${fmt(counted)} counted`;
    item.pgbench = bench.pgbench(await statementsOf((recorder) => item.run(range, recorder)), "extended");
  }
  await driver.close();

  await bench.startServer();
  const headers = await bench.signIn();
  const rows = [];
  let slowest = 0;
  for (const item of cases) {
    const measured = await bench.http(item.url, headers);
    slowest = Math.max(slowest, measured.p95);
    const pgbench = pgbenchRatio(measured, item.pgbench);
    rows.push([`reports: ${item.name}`, measured, `${driverRatio(measured, item.baseline)}${pgbench}`, item.shape]);
  }
  printTable(
    rows,
    `latencies in ms; ratio: the API's req/s over the route's own query on the driver; ${fmt(days)} days of totals ` +
      `for ${startDate} to ${endDate}. Target p95 < ${TARGET_P95_MS} ms: ${slowest < TARGET_P95_MS ? "met" : "missed"} ` +
      `(slowest p95 ${slowest.toFixed(1)} ms).`,
  );
} finally {
  await bench.cleanUp();
}
