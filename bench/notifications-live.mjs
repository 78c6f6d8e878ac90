// Live notifications: how long from a notification being stored to its `notificationStored` event reaching each of
// 1,000 connected sockets (BENCH_SOCKETS overrides), p50/p95/p99. The sockets belong to 20 staff members allowed to
// see every notification (5 sign-ins each, 10 sockets per sign-in, as open tabs). The notifications are made by a
// simulated activity run (POST /api/simulation: bookings, payments, messages, reviews requested, each through the
// domain services, delivered after its commit) on a database of 20,000 bookings; the time is from the
// notification's created_at to the socket's receipt (same machine, same clock), so it includes the rest of the
// transaction, the commit, the fan-out and the client's own event loop (all 1,000 sockets live in this process).
//   1. one API process, no Redis (socket.io's in-memory adapter);
//   2. on PostgreSQL with Redis (BENCH_REDIS_URL, else REDIS_URL, else redis://127.0.0.1:6379 when it answers): two
//      API processes with the Redis adapter, first with the sockets on the process that makes the activity, then on
//      the other one, so every event crosses Redis.
//   BENCH_ONLY=notifications npm run bench            (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
import { createConnection } from "node:net";
import { io as connect } from "socket.io-client";
import { hashPassword } from "../apps/api/src/platform/auth.ts";
import { bookingsData } from "./support/bookings-data.mjs";
import { benchEnvironment, fmt, PASSWORD, SOURCE_URL } from "./support/harness.mjs";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1_000);
const STAFF = 20;
const SESSIONS_PER_STAFF = 5;
const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 100);
const INTERVAL_MS = Number(process.env.BENCH_LIVE_INTERVAL ?? 100);
const PORT = 4394;
const OTHER_PORT = 4395;
const bench = benchEnvironment(PORT, "live");

/** Whether something answers on the Redis URL's port (the second case runs only then). */
function answers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const withRedis = Boolean(SOURCE_URL) && (await answers(redisUrl));

/** Staff members holding what every notification needs, straight into the database. */
async function createStaff(query) {
  const hash = await hashPassword(PASSWORD);
  const [role] = await query("insert into roles (name) values ('Bench live staff') returning id");
  await query(
    `insert into role_permissions (role_id, permission_code)
     select $1, code from unnest(array['NOTIFICATIONS_INDEX', 'OWNERS_SHOW', 'BOXES_SHOW', 'BOOKINGS_SHOW']) code`,
    [role.id],
  );
  const users = await query(
    `insert into users (first_name, last_name, email, password_hash, email_verified_at)
     select 'Staff', 'Bench ' || g, 'staff' || g || '@bench.test', $1, now() from generate_series(1, ${STAFF}) g
     returning id, email`,
    [hash],
  );
  await query("insert into user_roles (user_id, role_id) select id, $1 from users where email like '%@bench.test'", [
    role.id,
  ]);
  return users;
}

async function signIn(email) {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider: "email", user: email, secret: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return (await response.json()).data.token;
}

/** SOCKETS sockets on `port`, spread over the tokens; every receipt is recorded with its time. */
async function openSockets(port, tokens, receipts) {
  const sockets = [];
  for (let batch = 0; batch < SOCKETS; batch += 50) {
    const opening = [];
    for (let index = batch; index < Math.min(SOCKETS, batch + 50); index++) {
      const socket = connect(`http://127.0.0.1:${port}`, {
        path: "/socket.io",
        transports: ["websocket"],
        reconnection: false,
        query: { token: tokens[index % tokens.length] },
      });
      socket.on("notificationStored", (event) => receipts.push([event.id, performance.timeOrigin + performance.now()]));
      sockets.push(socket);
      opening.push(
        new Promise((resolve, reject) => {
          socket.once("connect", resolve);
          socket.once("connect_error", reject);
        }),
      );
    }
    await Promise.all(opening);
  }
  return sockets;
}

/** A simulated activity run on `port`, read to its end; the run's notifications are what the sockets receive. */
async function simulate(port, headers) {
  const response = await fetch(`http://127.0.0.1:${port}/api/simulation`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ count: EVENTS, intervalMs: INTERVAL_MS }),
  });
  if (!response.ok) throw new Error(`the simulation answered ${response.status}: ${await response.text()}`);
  const lines = (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  return lines.filter((line) => line.type === "event");
}

async function settle(receipts) {
  let seen = -1;
  while (seen !== receipts.length) {
    seen = receipts.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const percentile = (sorted, fraction) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];

/** Sockets on `socketPort`, an activity run on `activityPort`, until the last receipt. */
async function run(socketPort, activityPort, tokens, headers) {
  const receipts = [];
  const sockets = await openSockets(socketPort, tokens, receipts);
  // Let the sockets' session checks finish before the first event.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const events = await simulate(activityPort, headers);
  await settle(receipts);
  for (const socket of sockets) socket.close();
  return { receipts, events };
}

/** Receipt time minus the notification's created_at, over every receipt; `stored` reads those times by id. */
async function summarize(name, { receipts, events }, stored) {
  const ids = [...new Set(receipts.map(([id]) => id))];
  const at = new Map(
    (
      await stored("select id, extract(epoch from created_at) * 1000 as at from notifications where id = any($1)", [
        ids,
      ])
    ).map((row) => [row.id, Number(row.at)]),
  );
  const latencies = Float64Array.from(receipts.map(([id, time]) => time - at.get(id))).sort();
  const kinds = {};
  for (const event of events) kinds[event.kind] = (kinds[event.kind] ?? 0) + 1;
  return {
    name,
    kinds: Object.entries(kinds)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(", "),
    notifications: ids.length,
    // Every staff member may see every kind: each notification goes to every socket (a sign-up tells nobody).
    expected: events.filter((event) => event.notified > 0).length * SOCKETS,
    received: receipts.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1],
  };
}

try {
  await bench.prepare();
  let driver = await bench.openDriver(2);
  driver.pool?.on("error", () => {});
  const query = (text, params) => driver.query(text, params);
  for (const statement of bookingsData(20_000)) await query(statement);
  const staff = await createStaff(query);
  // PGlite has one user at a time: the server's while it runs, this script's once it is stopped.
  if (driver.pglite) await driver.close();

  const results = [];
  await bench.startServer({ SIMULATION: "true" });
  const headers = await bench.signIn();
  const tokens = [];
  for (const user of staff) for (let n = 0; n < SESSIONS_PER_STAFF; n++) tokens.push(await signIn(user.email));
  console.log(
    `${SOURCE_URL ? "PostgreSQL" : "PGlite"}: ${fmt(SOCKETS)} sockets of ${STAFF} staff members (${tokens.length} sign-ins); ` +
      `${EVENTS} simulated events, one every ${INTERVAL_MS} ms`,
  );
  const alone = await run(PORT, PORT, tokens, headers);
  if (driver.pglite) {
    await bench.stopServer();
    driver = await bench.openDriver(1);
  }
  results.push(await summarize("one API process, no Redis", alone, query));

  if (withRedis) {
    await bench.stopServer();
    await bench.startServer({ SIMULATION: "true", REDIS_URL: redisUrl });
    await bench.startOtherServer(OTHER_PORT, { SIMULATION: "true", REDIS_URL: redisUrl });
    const redisHeaders = await bench.signIn();
    const local = await run(PORT, PORT, tokens, redisHeaders);
    results.push(
      await summarize("one API process, Redis adapter (sockets and activity on the same one)", local, query),
    );
    const across = await run(OTHER_PORT, PORT, tokens, redisHeaders);
    results.push(
      await summarize("two API processes, Redis adapter (sockets on one, activity on the other)", across, query),
    );
  } else {
    console.log("(the two-process case needs PostgreSQL and Redis: skipped)");
  }
  await driver.close();

  console.log(
    `\n${"case".padEnd(72)} ${"delivered".padStart(15)} ${"p50".padStart(6)} ${"p95".padStart(6)} ${"p99".padStart(6)} ${"max".padStart(6)}`,
  );
  for (const result of results) {
    const ms = (value) => value.toFixed(1).padStart(6);
    console.log(
      `${result.name.padEnd(72)} ${`${fmt(result.received)}/${fmt(result.expected)}`.padStart(15)} ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)} ${ms(result.max)}`,
    );
  }
  for (const result of results) console.log(`${result.name}: ${result.kinds}`);
  console.log(
    `latencies in ms from the notification's created_at to its receipt by a socket; ${results[0]?.notifications ?? 0} ` +
      `notifications per case, each to ${fmt(SOCKETS)} sockets`,
  );
} finally {
  await bench.cleanUp();
}
