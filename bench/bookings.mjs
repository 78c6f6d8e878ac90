// Bookings at scale: 1,000,000 bookings on PostgreSQL (50,000 on PGlite; BENCH_BOOKINGS overrides) at 200 venues,
// 5,000 boxes of 1,000 owners, 40,000 events, bought by 100,000 guests, plus one "new booking" notification per
// booking for the bench's staff member (all read but the newest 2,000). Measured through the API with a load
// generator that saturates it (autocannon), each against the same code run straight on the driver, in the same run:
//   - GET /api/bookings: page 1, a search, the four filters, and the search with every filter at once, the owner
//     payment filter (the shipped view "awaiting owner payment" among them), each with its total; the SQL is the
//     list's own (bookingListSource / bookingListCondition and the list kit's listQueries), run as the API runs it
//     (runList: the planner's estimate, then the page, counted with it when the estimate is small);
//   - GET /api/bookings/:id: the route's own prepared statement (preparedFindBooking) on the driver, and the same
//     statement under pgbench (`-M prepared`, PostgreSQL only, when pgbench is installed);
//   - GET /api/owners/:id: the kit's detail statement of the owners resource, named as the API runs it, on the
//     driver and under pgbench;
//   - GET /api/notifications/count: the route's own unreadCount, in-process on the driver.
//   BENCH_ONLY=bookings npm run bench        (BENCH_DATABASE_URL=postgres://… for PostgreSQL; BENCH_CASES=<regex>
//                                            measures only the list cases whose name matches)
// Each list case also runs the statements the API sent for it under pgbench (`-M extended`, PostgreSQL only, when
// pgbench is installed). Payments are left out (the list reads the first payment's status from the booking row).
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import {
  bookingDetailQuery,
  bookingListCondition,
  bookingListSource,
  bookingSorts,
  preparedFindBooking,
} from "../apps/api/src/modules/bookings/routes.ts";
import { unreadCount } from "../apps/api/src/modules/notifications/routes.ts";
import { ownerResource } from "../apps/api/src/modules/owners/routes.ts";
import {
  chosenOrder,
  encodeCursor,
  listQueries,
  listStatements,
  listValues,
  resolveWindow,
  runList,
  statementRunner,
} from "../apps/api/src/platform/list-query.ts";
import * as schema from "../apps/api/src/platform/schema.ts";
import { parseSort, SORT_FIELDS } from "../packages/shared/src/resources/sort-fields.ts";
import { openBookingsBench } from "./support/bookings-data.mjs";
import {
  benchEnvironment,
  closedLoop,
  DURATION,
  driverRatio,
  fmt,
  listPgbench,
  pgbenchRatio,
  printTable,
  recordedStatements,
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
  const generic = await bench.openKeptPlans();

  // A booking among the newer tenth: its venue, its guest's surname, its key and folio.
  const [sample] = await query(
    `select k.id, k.venue_id as venue, k.key, k.folio, split_part(m.last_name, ' ', 1) as surname
     from bookings k join members m on m.id = k.buyer_id
     where k.status = 'accepted' and k.box_type = 'onetime' order by k.id desc offset ${Math.floor(ROWS / 10)} limit 1`,
  );
  const [{ admin }] = await query("select id as admin from users where is_super_admin order by id limit 1");
  // A venue opened today: no bookings yet, so a walk of any order filtered by venue would read the whole table.
  const [{ id: newVenue }] = await query(
    `insert into venues (name, address, contact, latitude, longitude, city_id)
     select 'Bench venue new', 'Street new', '333 123 4567', 20, -103, city_id from venues limit 1 returning id`,
  );
  const every = { venueId: sample.venue, boxType: "onetime", status: "accepted", paymentStatus: "capture" };
  const awaiting = { status: "accepted", paymentStatus: "capture", ownerPaymentStatus: "pending" };
  const surname = sample.surname.toLowerCase();
  // A cursor half-way through the list by total: where next, next, next… would have reached.
  const depth = Math.floor(ROWS / 2 / 12);
  const [deep] = await query(`select total, id from bookings order by total, id offset ${depth * 12 - 1} limit 1`);
  const deepByTotal = {
    sort: "total",
    page: depth + 1,
    after: encodeCursor({ page: depth, key: [deep.total, deep.id], sort: "total" }),
  };
  const cases = [
    { name: "page 1", query: {} },
    { name: `search (a surname, ${surname})`, query: { search: surname } },
    { name: "search (a whole key)", query: { search: sample.key.toLowerCase() } },
    { name: "search (part of a folio)", query: { search: sample.folio.slice(3) } },
    { name: "every filter", query: every },
    // A search within one filter, no venue: the filter's range of its index (its own, carrying the searched text).
    { name: "search + status", query: { search: surname, status: "accepted" } },
    { name: "search + payment status", query: { search: surname, paymentStatus: "capture" } },
    { name: "search + box type", query: { search: surname, boxType: "season" } },
    { name: "search + every filter", query: { search: surname, ...every } },
    { name: "search within a venue", query: { search: surname, venueId: sample.venue } },
    // Sortable lists (sort=<field>, -<field> descending): each order walks its own (column, id) index.
    { name: "sorted by date, oldest first", query: { sort: "createdAt" } },
    { name: "sorted by total, descending", query: { sort: "-total" } },
    { name: "sorted by start", query: { sort: "startsAt" } },
    { name: "sorted by total, deep page (cursor)", query: deepByTotal },
    { name: "status filter sorted by total, descending", query: { status: "accepted", sort: "-total" } },
    { name: "venue sorted by date, descending", query: { venueId: sample.venue, sort: "-createdAt" } },
    { name: "venue sorted by status", query: { venueId: sample.venue, sort: "status" } },
    { name: "a new venue (no bookings) sorted by date", query: { venueId: newVenue, sort: "-createdAt" } },
    { name: `search (${surname}) sorted by total`, query: { search: surname, sort: "total" } },
    { name: "search + every filter sorted by start", query: { search: surname, ...every, sort: "startsAt" } },
    // The shipped view "Reservas por pagar al propietario" (accepted, captured, owner not paid), and the owner
    // payment filter alone, within a venue, and with a sort.
    { name: "awaiting owner payment (shipped view)", query: awaiting },
    { name: "awaiting owner payment, venue", query: { ...awaiting, venueId: sample.venue } },
    { name: "awaiting owner payment sorted by total", query: { ...awaiting, sort: "-total" } },
    { name: "owner payment pending", query: { ownerPaymentStatus: "pending" } },
    { name: "owner paid", query: { ownerPaymentStatus: "payed" } },
    { name: "owner paid, venue", query: { ownerPaymentStatus: "payed", venueId: sample.venue } },
  ];
  // BENCH_CASES=<regular expression>: only the list cases whose name matches (the detail, the owner and the unread
  // count always run).
  const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, "i") : null;
  const chosen = only ? cases.filter((item) => only.test(item.name)) : cases;

  for (const item of chosen) {
    const request = { page: 1, ...item.query };
    const condition = bookingListCondition(request);
    const order = chosenOrder(
      parseSort(item.query.sort, SORT_FIELDS.bookings) ?? undefined,
      bookingSorts,
      bookingListSource.sort,
    );
    const window = resolveWindow(request, order);
    const statements = listStatements(
      listQueries(builder, bookingListSource, condition, window, order),
      listValues(condition, window),
    );
    // A bounded list's counted page runs named on connections that keep one plan, as the API runs it.
    item.raw = () => runList(window, statementRunner(statements, query, generic?.named));
    const params = new URLSearchParams(Object.entries(item.query).map(([key, value]) => [key, String(value)]));
    item.url = `/api/bookings${params.size > 0 ? `?${params}` : ""}`;
    await closedLoop(item.raw, WARMUP);
    item.baseline = await closedLoop(item.raw, DURATION);
    const sent = await recordedStatements(
      (on, onGeneric) => runList(window, statementRunner(statements, on, onGeneric)),
      query,
      generic?.named,
    );
    item.pgbench = listPgbench(bench, sent);
  }
  // One booking's detail: payments, bank accounts and timeline in one statement.
  const readBooking = preparedFindBooking(db);
  const detail = { raw: () => readBooking(sample.id), url: `/api/bookings/${sample.id}` };
  await closedLoop(detail.raw, WARMUP);
  detail.baseline = await closedLoop(detail.raw, DURATION);
  detail.pgbench = bench.pgbench([bookingDetailQuery(builder, sample.id).toSQL()]);
  // One owner's detail (the kit's detail statement, named on the server as the API runs it): bank account, boxes,
  // review decisions.
  const [{ ownerId }] = await query('select id as "ownerId" from owners order by id offset 500 limit 1');
  const owners = ownerResource({}).entity;
  const ownerStatement = (on, id) => owners.from(on, owners.fields).where(eq(schema.owners.id, id)).limit(1);
  const ownerDetail = ownerStatement(db, sql.placeholder("id")).prepare("bench_owner_detail");
  const owner = { raw: () => ownerDetail.execute({ id: ownerId }), url: `/api/owners/${ownerId}` };
  await closedLoop(owner.raw, WARMUP);
  owner.baseline = await closedLoop(owner.raw, DURATION);
  owner.pgbench = bench.pgbench([ownerStatement(builder, ownerId).toSQL()]);
  const count = { raw: () => unreadCount(db, admin), url: "/api/notifications/count" };
  await closedLoop(count.raw, WARMUP);
  count.baseline = await closedLoop(count.raw, DURATION);
  const unread = await count.raw();
  await driver.close();
  await generic?.close();

  await bench.startServer();
  const headers = await bench.signIn();
  for (const item of chosen) {
    const answer = await (await fetch(`http://127.0.0.1:${PORT}${item.url}`, { headers })).json();
    item.shape = `${answer.items.length} rows, total ${answer.totalKind === "capped" ? "> " : answer.totalKind === "estimated" ? "≈ " : ""}${fmt(answer.total)}`;
  }
  const rows = [];
  for (const item of chosen) {
    const measured = await bench.http(item.url, headers);
    rows.push([
      `bookings: ${item.name}`,
      measured,
      `${driverRatio(measured, item.baseline)}${pgbenchRatio(measured, item.pgbench)}`,
      item.shape,
    ]);
  }
  const detailMeasured = await bench.http(detail.url, headers);
  const detailPgbench = pgbenchRatio(detailMeasured, detail.pgbench);
  rows.push([
    "GET /api/bookings/:id",
    detailMeasured,
    `${driverRatio(detailMeasured, detail.baseline)}${detailPgbench}`,
  ]);
  const ownerMeasured = await bench.http(owner.url, headers);
  rows.push([
    "GET /api/owners/:id",
    ownerMeasured,
    `${driverRatio(ownerMeasured, owner.baseline)}${pgbenchRatio(ownerMeasured, owner.pgbench)}`,
  ]);
  const measured = await bench.http(count.url, headers);
  rows.push(["GET /api/notifications/count", measured, driverRatio(measured, count.baseline), `${fmt(unread)} unread`]);
  printTable(
    rows,
    "latencies in ms; ratio: the API's req/s over the same SQL (the route's code) on the driver, and over the " +
      "statements it sent under pgbench",
  );
} finally {
  await bench.cleanUp();
}
