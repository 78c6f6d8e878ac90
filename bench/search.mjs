// The command palette's search (GET /api/search) at scale: 1,000,000 bookings and 1,000,000 members on PostgreSQL
// (50,000 bookings and 200,000 members on PGlite; BENCH_BOOKINGS and BENCH_MEMBERS override), the bookings bench's
// data (bench/support/bookings-data.mjs) plus members who booked nothing and a distinct RFC per owner. Each term is
// drawn from the data as staff type them: a whole booking key, a folio, a guest's e-mail and phone, a sign-up's
// e-mail, an owner's RFC, a guest's name, name prefixes, common surnames, and terms that match nothing.
// Measured three ways in the same run, as the super-admin (every group, the members group with guests and owners):
//   - the API under autocannon (BENCH_CONNECTIONS, 10 by default);
//   - the route's exact SQL (searchStatements) through the driver, each group's statement on its own pooled
//     connection at once, as the API runs them;
//   - the same statements through pgbench (PostgreSQL only, `-M prepared`: each prepared once per connection, as
//     the API's named statements are), one after another on each client's connection: the database's own time,
//     without Node.
//   All three on connections that keep one plan per statement, as the API's search pool (withGenericPlans).
//   BENCH_ONLY=search npm run bench        (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
import { namedStatement, searchStatements } from "../apps/api/src/modules/search/service.ts";
import { SEARCH_RESOURCES } from "../packages/shared/src/resources/search.ts";
import { bookingsData } from "./support/bookings-data.mjs";
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
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? (SOURCE_URL ? 1_000_000 : 200_000));
/** Members the bookings data already holds (its guests and owners). */
const BOOKINGS_MEMBERS = 101_000;
const PORT = 4397;
const bench = benchEnvironment(PORT, "search");

const GIVEN = ["María", "José", "Juan", "Guadalupe", "Francisco", "Ana", "Luis", "Sofía", "Carlos", "Valeria"]
  .map((name) => `'${name}'`)
  .join(",");
const SURNAMES = ["García", "Hernández", "Martínez", "López", "González", "Pérez", "Rodríguez", "Sánchez", "Ramírez"]
  .map((name) => `'${name}'`)
  .join(",");

const MORE = [
  // The members' secondary indexes (the name's trigrams above all) are built once after the sign-ups go in, as the
  // bookings data does for its big tables.
  "drop table if exists bench_member_indexes",
  `create table bench_member_indexes as
     select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = 'members' and indexname not in (select conname from pg_constraint)`,
  `do $$ declare r record; begin
     for r in select name from bench_member_indexes loop execute format('drop index %I', r.name); end loop;
   end $$`,
  // Members who never booked (sign-ups): the rest of the million, with names from the same pools.
  `insert into members (first_name, last_name, email, phone, phone_country, language, created_at)
   select (array[${GIVEN}])[1 + abs(hashint4(m + 3)) % 10], (array[${SURNAMES}])[1 + abs(hashint4(m + 5)) % 9],
          'signup' || m || '@example.com', '55' || lpad(m::text, 8, '0'), '52', 'es', now() - m * interval '1 minute'
   from generate_series(1, ${Math.max(0, MEMBERS - BOOKINGS_MEMBERS)}) m order by m`,
  `do $$ declare r record; begin
     perform set_config('maintenance_work_mem', '256MB', true);
     for r in select definition from bench_member_indexes loop execute r.definition; end loop;
   end $$`,
  "drop table bench_member_indexes",
  // One RFC per owner (the bookings data gives them all the generic one).
  "update owners set rfc = 'BNCH' || to_char(id % 1000000, 'FM000000') || 'AB1'",
  "vacuum analyze members",
  "vacuum analyze owners",
];

try {
  const driver = await bench.generate([...bookingsData(ROWS), ...MORE], {
    rows: ROWS,
    what: `bookings and ${fmt(MEMBERS)} members`,
  });
  const query = (text, params) => driver.query(text, params);
  // The API runs the search on connections that keep one plan per statement (platform/db.ts, withGenericPlans):
  // the baselines do too.
  const generic = (await bench.openKeptPlans()) ?? driver;

  // Terms from the data: a booking among the newer tenth, its guest, an owner, a member who never booked.
  const [sample] = await query(
    `select k.key, k.folio, m.email, m.phone, m.first_name, m.last_name from bookings k
     join members m on m.id = k.buyer_id order by k.id desc offset ${Math.floor(ROWS / 10)} limit 1`,
  );
  const [owner] = await query("select rfc from owners order by id offset 500 limit 1");
  const [signup] = await query("select email from members order by id desc offset 1000 limit 1");
  const cases = [
    { name: "a whole booking key", q: sample.key },
    { name: "a folio", q: sample.folio },
    { name: "a guest's e-mail", q: sample.email },
    { name: "a sign-up's e-mail (no booking)", q: signup.email },
    { name: "a guest's phone", q: `+52 ${sample.phone}` },
    { name: "an owner's RFC", q: owner.rfc },
    { name: "a guest's name", q: `${sample.first_name} ${sample.last_name}` },
    { name: "a common prefix (mar)", q: "mar" },
    { name: "a common prefix (gar)", q: "gar" },
    { name: "a surname (hernández)", q: "hernández" },
    { name: "a common word (palco)", q: "palco" },
    { name: "two letters (ma)", q: "ma" },
    { name: "no match (a word)", q: "zumbido" },
    { name: "no match (a key)", q: "PLC-000000" },
    { name: "no match (an e-mail)", q: "nadie@ejemplo.mx" },
  ];
  const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, "i") : null;
  const chosen = only ? cases.filter((item) => only.test(item.name)) : cases;

  const rows = [];
  for (const item of chosen) {
    const statements = searchStatements(item.q, SEARCH_RESOURCES);
    // Named, as the API runs them on node-postgres (namedStatement); PGlite has no pool to keep plans in.
    const run = generic.pool
      ? (statement) => generic.pool.query(namedStatement(statement.sql, statement.params)).then((result) => result.rows)
      : (statement) => query(statement.sql, statement.params);
    item.raw = () => Promise.all(statements.map(run));
    const answers = await item.raw();
    item.shape = statements.map((statement, index) => `${statement.resource} ${answers[index].length}`).join(", ");
    await closedLoop(item.raw, WARMUP);
    item.baseline = await closedLoop(item.raw, DURATION);
    item.pgbench = bench.pgbench(statements, "prepared", undefined, { genericPlans: true });
  }
  // The plans, for the record: every group's statement reads indexes (no sequential scan of a big table).
  if (bench.databaseUrl) {
    for (const item of chosen) {
      const scans = [];
      const times = [];
      for (const statement of searchStatements(item.q, SEARCH_RESOURCES)) {
        const plan = (await query(`explain analyze ${statement.sql}`, statement.params)).map(
          (row) => row["QUERY PLAN"],
        );
        const seq = plan.filter((line) => /Seq Scan on (bookings|members|owners|boxes|events)\b/.test(line));
        if (seq.length > 0) scans.push(`${statement.resource}: ${seq.map((line) => line.trim()).join("; ")}`);
        const ms = (label) => plan.find((line) => line.startsWith(label))?.match(/[\d.]+/)?.[0];
        times.push(`${statement.resource} ${ms("Planning Time")}+${ms("Execution Time")}`);
      }
      console.log(`plans, ${item.name}: ${scans.length === 0 ? "indexes only" : scans.join(" | ")}`);
      console.log(`  ms alone (planning+execution): ${times.join(", ")}`);
    }
  }
  if (generic !== driver) await generic.close();
  await driver.close();

  await bench.startServer();
  const headers = await bench.signIn();
  for (const item of chosen) {
    const url = `/api/search?${new URLSearchParams({ q: item.q })}`;
    const measured = await bench.http(url, headers);
    const pgbench = item.pgbench ? `; pgbench p95 ${item.pgbench.p95.toFixed(1)} ms (${fmt(item.pgbench.rps)}/s)` : "";
    rows.push([`search: ${item.name}`, measured, `${driverRatio(measured, item.baseline)}${pgbench}`, item.shape]);
  }
  printTable(
    rows,
    "latencies in ms; ratio: the API's req/s over the route's SQL on the driver (its p95 beside it); pgbench: the " +
      "same statements one after another per connection; [rows per group]. Goal: p95 ≤ 50 ms on PostgreSQL.",
  );
} finally {
  await bench.cleanUp();
}
