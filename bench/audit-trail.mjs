// The audit trail at scale, in the same run as its baselines:
//   1. what recording costs a write: the kit's update transaction for a country (lock, update) run straight on
//      the driver with and without the audit insert, and the API's PUT /api/countries/:id for reference;
//   2. reading a trail of 10,000,000 entries on PostgreSQL (100,000 on PGlite; BENCH_AUDIT_ROWS overrides): the
//      list's first page, a deep page through a cursor, one record's history, one person's changes over a week
//      — each under autocannon against the same code (the route's auditPage) run in-process on the driver.
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { auditPage } from "../apps/api/src/modules/audit-log/routes.ts";
import * as schema from "../apps/api/src/platform/schema.ts";
import {
  benchEnvironment,
  CONNECTIONS,
  closedLoop,
  DURATION,
  fmt,
  printTable,
  SOURCE_URL,
  WARMUP,
} from "./support/harness.mjs";

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? (SOURCE_URL ? 10_000_000 : 100_000));
const PORT = 4391;
const bench = benchEnvironment(PORT, "audit");

// One entry per second back from now, spread over 8 resources, 50,000 records each and 40 people.
const GENERATE = [
  `insert into audit_log (at, actor_id, actor_name, actor_email, action, resource, record_id, changes, version,
                          request_id, ip, user_agent)
     select now() - (${ROWS} - g) * interval '1 second', 1 + g % 40, 'Staff ' || (1 + g % 40),
            'staff' || (1 + g % 40) || '@palco.test', (array['create','update','update','update','delete',
            'activate','deactivate','sign-in'])[1 + g % 8],
            (array['cities','states','countries','users','roles','payment-methods','payment-providers','auth'])[1 + g / 7 % 8],
            (g % 50000)::text, jsonb_build_object('name', jsonb_build_array('Before ' || g, 'After ' || g)),
            md5(g::text), 'bench-' || g, '10.0.0.' || (g % 250), 'bench'
     from generate_series(1, ${ROWS}) g`,
  "vacuum analyze audit_log",
];

const COUNTRIES = CONNECTIONS * 4;
const codeOf = (index) => `W${String.fromCharCode(65 + Math.floor(index / 26), 65 + (index % 26))}`;
const countryRows = `insert into countries (name, code)
  select 'Bench land ' || g, 'W' || chr(65 + g / 26) || chr(65 + g % 26) from generate_series(0, ${COUNTRIES - 1}) g`;

/** The update transaction of the kit (platform/crud.ts), each worker on its own row so none waits for a lock. */
function updateTransaction(client, id, withTrail) {
  return async (round) => {
    await client.query("begin");
    await client.query("select id from countries where id = $1 for update", [id]);
    await client.query("select id, name, code, is_active, created_at, updated_at from countries where id = $1", [id]);
    await client.query("update countries set name = $2, updated_at = now() where id = $1", [id, `Bench ${round}`]);
    await client.query("select id, name, code, is_active, created_at, updated_at from countries where id = $1", [id]);
    if (withTrail) {
      await client.query(
        `insert into audit_log (actor_id, actor_name, actor_email, action, resource, record_id, changes, version,
                                request_id, ip, user_agent)
         values ($1, $2, $3, 'update', 'countries', $4, $5, $6, $7, '127.0.0.1', 'bench')`,
        [1, "Super Admin", "admin@palco.local", String(id), { name: ["a", "b"] }, "v", `r${round}`],
      );
    }
    await client.query("commit");
  };
}

try {
  const driver = await bench.generate([...GENERATE, countryRows], {
    rows: ROWS,
    what: "audit entries",
    max: CONNECTIONS + 1,
    reopen: false,
  });
  const { pool, pglite, query } = driver;
  const db = pool ? drizzlePg(pool, { schema }) : drizzlePglite(pglite, { schema });
  const countries = (await query("select id from countries where code like 'W%' order by id")).map((row) => row.id);

  // 1. The write, with and without the trail, straight on the driver (one connection per worker).
  const writes = {};
  // PGlite is one connection: one writer at a time, so the latencies are the transaction's, not a queue's. On
  // PostgreSQL both: one writer (what the trail adds to a write's latency) and CONNECTIONS (what it costs the box).
  for (const [label, writers, withTrail] of [
    ["alone", 1, false],
    ["alone", 1, true],
    ...(pool
      ? [
          ["loaded", CONNECTIONS, false],
          ["loaded", CONNECTIONS, true],
        ]
      : []),
  ]) {
    const clients = [];
    for (let worker = 0; worker < writers; worker++) {
      clients.push(pool ? await pool.connect() : { query: (text, params) => pglite.query(text, params), release() {} });
    }
    let round = 0;
    const tasks = clients.map((client, worker) => updateTransaction(client, countries[worker], withTrail));
    const task = (worker) => tasks[worker](++round);
    await closedLoop(task, WARMUP, writers);
    writes[`${label} ${withTrail ? "with" : "without"}`] = await closedLoop(task, DURATION, writers);
    for (const client of clients) client.release();
  }

  // 2. The reads: what the route runs, in-process on the driver.
  const [middle] = await query(`select id from audit_log order by id desc offset ${Math.floor(ROWS / 2)} limit 1`);
  const [busy] = await query("select resource, record_id from audit_log order by id desc limit 1");
  const lastWeekFrom = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const cases = [
    { name: "audit list: page 1", query: {} },
    { name: "audit list: deep page (cursor, middle)", query: { page: 2, after: String(middle.id) } },
    { name: "record history (a busy record)", query: { resource: busy.resource, recordId: busy.record_id } },
    { name: "one person, one week", query: { actor: 7, from: lastWeekFrom, to: today, tz: "UTC" } },
  ];
  for (const item of cases) {
    const request = { page: 1, ...item.query };
    item.raw = () => auditPage(db, request);
    await closedLoop(item.raw, WARMUP);
    item.baseline = await closedLoop(item.raw, DURATION);
    const params = new URLSearchParams(Object.entries(item.query).map(([key, value]) => [key, String(value)]));
    item.url = `/api/audit-log${params.size > 0 ? `?${params}` : ""}`;
    const answer = await item.raw();
    item.shape = `${answer.items.length} rows, total ${answer.totalKind === "capped" ? "> " : ""}${fmt(answer.total)}`;
  }
  await driver.close();

  await bench.startServer();
  const headers = await bench.signIn();
  const country = await (await fetch(`http://127.0.0.1:${PORT}/api/countries/${countries[0]}`, { headers })).json();
  // Each request updates one of the bench's countries in turn, so requests seldom wait for each other's row lock.
  let next = 0;
  const put = await bench.http(`/api/countries/${country.id}`, headers, {
    method: "PUT",
    headers: { ...headers, "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => {
          const index = next++ % countries.length;
          return {
            ...request,
            path: `/api/countries/${countries[index]}`,
            body: JSON.stringify({ name: `Bench land ${index}`, code: codeOf(index) }),
          };
        },
      },
    ],
  });

  const rows = [];
  for (const label of pool ? ["alone", "loaded"] : ["alone"]) {
    const without = writes[`${label} without`];
    const withTrail = writes[`${label} with`];
    const writers = label === "alone" ? 1 : CONNECTIONS;
    rows.push([`update, no trail (driver, ${writers} writer${writers > 1 ? "s" : ""})`, without, "—", ""]);
    rows.push([
      `update + audit entry (driver, ${writers} writer${writers > 1 ? "s" : ""})`,
      withTrail,
      `${(withTrail.rps / without.rps).toFixed(2)}× without; +${(withTrail.p50 - without.p50).toFixed(2)} ms at p50`,
      "",
    ]);
  }
  rows.push(["PUT /api/countries/:id (audited, 40 rows in turn)", put, "—", ""]);
  for (const item of cases) {
    const measured = await bench.http(item.url, headers);
    rows.push([
      item.name,
      measured,
      `${(measured.rps / item.baseline.rps).toFixed(2)}× driver (${fmt(item.baseline.rps)}/s, p95 ${item.baseline.p95.toFixed(1)} ms)`,
      item.shape,
    ]);
  }
  printTable(
    rows,
    "latencies in ms; list ratios: the API's req/s over the route's own code run in-process on the driver",
  );
} finally {
  await bench.cleanUp();
}
