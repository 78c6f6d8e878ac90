// Bookings at scale: 1,000,000 bookings on PostgreSQL (50,000 on PGlite; BENCH_BOOKINGS overrides) at 200 venues,
// 5,000 boxes of 1,000 owners, 40,000 events, bought by 100,000 guests, plus one "new booking" notification per
// booking for the bench's staff member (all read but the newest 2,000). Measured through the API with a load
// generator that saturates it (autocannon), each against the same code run straight on the driver, in the same run:
//   - GET /api/bookings: page 1, a search, the four filters, and the search with every filter at once, each with
//     its total; the SQL is the list's own (bookingListSource / bookingListCondition and the list kit's listQueries),
//     run as the API runs it (runList: the page, then the count when the page does not tell the total);
//   - GET /api/notifications/count: the route's own unreadCount, in-process on the driver.
//   BENCH_ONLY=bookings npm run bench        (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
// Payments are left out (the list reads the first payment's status from the booking row).
import { drizzle } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { bookingListCondition, bookingListSource } from "../apps/api/src/modules/bookings/routes.ts";
import { unreadCount } from "../apps/api/src/modules/notifications/routes.ts";
import {
  listQueries,
  listStatements,
  listValues,
  resolveWindow,
  runList,
  statementRunner,
} from "../apps/api/src/platform/list-query.ts";
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
const PORT = 4393;
const bench = benchEnvironment(PORT, "bookings");

const builder = drizzle.mock({ schema });

try {
  const { driver, db, query } = await openBookingsBench(bench, ROWS, "bookings and notifications", {
    drizzle,
    drizzlePglite,
    schema,
  });

  // A booking among the newer tenth: its venue, its guest's surname, its key and folio.
  const [sample] = await query(
    `select k.venue_id as venue, k.key, k.folio, split_part(m.last_name, ' ', 1) as surname
     from bookings k join members m on m.id = k.buyer_id
     where k.status = 'accepted' and k.box_type = 'onetime' order by k.id desc offset ${Math.floor(ROWS / 10)} limit 1`,
  );
  const [{ admin }] = await query("select id as admin from users where is_super_admin order by id limit 1");
  const every = { venueId: sample.venue, boxType: "onetime", status: "accepted", paymentStatus: "capture" };
  const surname = sample.surname.toLowerCase();
  const cases = [
    { name: "page 1", query: {} },
    { name: `search (a surname, ${surname})`, query: { search: surname } },
    { name: "search (a whole key)", query: { search: sample.key.toLowerCase() } },
    { name: "search (part of a folio)", query: { search: sample.folio.slice(3) } },
    { name: "every filter", query: every },
    { name: "search + every filter", query: { search: surname, ...every } },
  ];

  for (const item of cases) {
    const request = { page: 1, ...item.query };
    const condition = bookingListCondition(request);
    const window = resolveWindow(request, bookingListSource.sort);
    const statements = listStatements(
      listQueries(builder, bookingListSource, condition, window),
      listValues(condition, window),
    );
    item.raw = () => runList(window, statementRunner(statements, query));
    const params = new URLSearchParams(Object.entries(item.query).map(([key, value]) => [key, String(value)]));
    item.url = `/api/bookings${params.size > 0 ? `?${params}` : ""}`;
    await closedLoop(item.raw, WARMUP);
    item.baseline = await closedLoop(item.raw, DURATION);
  }
  const count = { raw: () => unreadCount(db, admin), url: "/api/notifications/count" };
  await closedLoop(count.raw, WARMUP);
  count.baseline = await closedLoop(count.raw, DURATION);
  const unread = await count.raw();
  await driver.close();

  await bench.startServer();
  const headers = await bench.signIn();
  for (const item of cases) {
    const answer = await (await fetch(`http://127.0.0.1:${PORT}${item.url}`, { headers })).json();
    item.shape = `${answer.items.length} rows, total ${answer.totalKind === "capped" ? "> " : answer.totalKind === "estimated" ? "≈ " : ""}${fmt(answer.total)}`;
  }
  const rows = [];
  for (const item of cases) {
    const measured = await bench.http(item.url, headers);
    rows.push([`bookings: ${item.name}`, measured, driverRatio(measured, item.baseline), item.shape]);
  }
  const measured = await bench.http(count.url, headers);
  rows.push(["GET /api/notifications/count", measured, driverRatio(measured, count.baseline), `${fmt(unread)} unread`]);
  printTable(rows, "latencies in ms; ratio: the API's req/s over the same SQL (the route's code) on the driver");
} finally {
  await bench.cleanUp();
}
