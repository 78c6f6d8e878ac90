// The dashboard's reports at scale: 1,000,000 bookings on PostgreSQL (50,000 on PGlite; BENCH_BOOKINGS overrides),
// made over the last eleven months, with their members and boxes (bench/support/bookings-data.mjs). The daily totals
// the reports read are kept by the tables' triggers while the data is generated, as in production. Measured through
// the API with a load generator that saturates it (autocannon) for a 12-month range, monthly and half-yearly, each
// against the route's own code (incomeReport, signUpReport) run in-process straight on the driver, in the same run.
// Target (issue 13): p95 under 150 ms on PostgreSQL.
//   BENCH_ONLY=reports npm run bench        (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
import { addDays, yearsBefore } from "@palco/shared";
import { drizzle } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { incomeReport, reportToday, resolveRange, signUpReport } from "../apps/api/src/modules/reports/queries.ts";
import * as schema from "../apps/api/src/platform/schema.ts";
import { openBookingsBench } from "./support/bookings-data.mjs";
import {
  benchEnvironment,
  closedLoop,
  DURATION,
  driverRatio,
  fmt,
  printTable,
  SOURCE_URL,
  WARMUP,
} from "./support/harness.mjs";

const ROWS = Number(process.env.BENCH_BOOKINGS ?? (SOURCE_URL ? 1_000_000 : 50_000));
const PORT = 4394;
const TARGET_P95_MS = 150;
const bench = benchEnvironment(PORT, "reports");

try {
  const { driver, db, query } = await openBookingsBench(bench, ROWS, "bookings", { drizzle, drizzlePglite, schema });
  const [{ days }] = await query("select count(*)::integer as days from report_daily_bookings");

  // Twelve months up to today, today included.
  const endDate = reportToday();
  const startDate = addDays(yearsBefore(endDate, 1), 1);
  const cases = [
    { name: "income, monthly", path: "income", type: 1, run: (range) => incomeReport(db, range, "en") },
    { name: "income, half-yearly", path: "income", type: 6, run: (range) => incomeReport(db, range, "en") },
    {
      name: "member sign-ups, monthly",
      path: "users/count",
      type: 1,
      run: (range) => signUpReport(db, range, "en", "members"),
    },
    { name: "box sign-ups, monthly", path: "boxes", type: 1, run: (range) => signUpReport(db, range, "en", "boxes") },
  ];
  for (const item of cases) {
    const range = resolveRange({ startDate, endDate, type: item.type });
    item.raw = () => item.run(range);
    item.url = `/api/reports/${item.path}?${new URLSearchParams({ startDate, endDate, type: String(item.type), locale: "en" })}`;
    await closedLoop(item.raw, WARMUP);
    item.baseline = await closedLoop(item.raw, DURATION);
    const answer = await item.raw();
    const counted = answer.reduce((sum, row) => sum + row.count, 0);
    item.shape = `${answer.length} buckets, ${fmt(counted)} counted`;
  }
  await driver.close();

  await bench.startServer();
  const headers = await bench.signIn();
  const rows = [];
  let slowest = 0;
  for (const item of cases) {
    const measured = await bench.http(item.url, headers);
    slowest = Math.max(slowest, measured.p95);
    rows.push([`reports: ${item.name}`, measured, driverRatio(measured, item.baseline), item.shape]);
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
