// The events list at scale: 100,000 events (PostgreSQL; 20,000 on PGlite) at 400 venues in 100 cities, each case
// measured through the API with a load generator that saturates it, against the same SQL run straight through the
// driver at the same concurrency in the same run. The SQL comes from the kit (crudListQueries with the events
// resource): the page with its joins and categories, then the total when the page does not tell it.
//   npm run bench                                   (BENCH_ONLY=events for this file alone)
//   BENCH_DATABASE_URL=postgres://… npm run bench
import { drizzle } from "drizzle-orm/node-postgres";
import { eventResource } from "../apps/api/src/modules/events/routes.ts";
import { crudListQueries } from "../apps/api/src/platform/crud.ts";
import { listStatements, runList, statementRunner } from "../apps/api/src/platform/list-query.ts";
import * as schema from "../apps/api/src/platform/schema.ts";
import { parseSort, SORT_FIELDS } from "../packages/shared/src/resources/sort-fields.ts";
import { benchEnvironment, closedLoop, DURATION, fmt, printTable, SOURCE_URL, WARMUP } from "./support/harness.mjs";

const ROWS = Number(process.env.BENCH_EVENTS ?? (SOURCE_URL ? 100_000 : 20_000));
const CITIES = 100;
const VENUES = 400;
const bench = benchEnvironment(4392, "events");

const SYLLABLES = ["ma", "ri", "to", "gua", "da", "la", "ja", "ra", "mon", "te", "rey", "pe", "dro", "lu", "is", "po"]
  .concat(["si", "ca", "ba", "le", "ro", "na", "tla", "xi", "co", "che", "hua", "pan", "tze", "mi", "yo", "ve"])
  .map((syllable) => `'${syllable}'`)
  .join(",");

const GENERATE = [
  "insert into countries (name, code) values ('Bench country', 'QEV')",
  `insert into states (name, code, country_id)
     select 'Bench state ' || g, 'E' || g, (select id from countries where code = 'QEV') from generate_series(1, 10) g`,
  `insert into cities (name, code, time_zone, state_id)
     select 'Bench city ' || g, 'EV' || g,
            (array['America/Mexico_City', 'America/Monterrey', 'America/Tijuana', 'America/Cancun'])[1 + g % 4],
            (select min(id) from states where code like 'E%') + g % 10
     from generate_series(1, ${CITIES}) g`,
  `insert into venues (name, address, contact, latitude, longitude, city_id)
     select 'Bench venue ' || g, 'Street ' || g, '333 123 4567', 20, -103,
            (select min(id) from cities where code like 'EV%') + g % ${CITIES}
     from generate_series(1, ${VENUES}) g`,
  `insert into categories (name, "order") select 'Bench category ' || g, g from generate_series(1, 10) g`,
  `insert into events (name, duration, starts_at, venue_id)
     select initcap(s[1 + h % 32] || s[1 + h / 32 % 32] || s[1 + h / 1024 % 32]) || ' vs '
            || initcap(s[1 + h / 32768 % 32] || s[1 + h / 1048576 % 32]),
            1 + g % 5,
            now() - interval '365 days' + (g * interval '1 minute') * (730 * 1440 / ${ROWS}),
            (select min(id) from venues) + h % ${VENUES}
     from generate_series(1, ${ROWS}) g,
          lateral (select abs(hashint4(g)) as h) hashed,
          (select array[${SYLLABLES}] as s) syllables`,
  `insert into event_categories (event_id, category_id)
     select e.id, c.id from events e join categories c on c."order" in (1 + e.id % 10, 1 + (e.id / 10) % 10)`,
  "vacuum analyze venues",
  "vacuum analyze cities",
  "vacuum analyze events",
  "vacuum analyze event_categories",
];

const builder = drizzle.mock({ schema });

try {
  const driver = await bench.generate(GENERATE, { rows: ROWS, what: "events" });
  const query = (text, params) => driver.query(text, params);
  const namedQuery = (text, params) => driver.named(text, params);
  const generic = await bench.openKeptPlans();

  const [sample] = await query(
    `select e.venue_id as venue, v.city_id as city, c.state_id as state, lower(split_part(e.name, ' ', 1)) as word,
            to_char(e.starts_at at time zone c.time_zone, 'YYYY-MM-DD') as day
     from events e join venues v on v.id = e.venue_id join cities c on c.id = v.city_id
     where e.starts_at > now() order by e.starts_at limit 1 offset 500`,
  );
  const cases = [
    { name: "page 1", query: {} },
    { name: "search (mon)", query: { search: "mon" } },
    { name: "one day (start date)", query: { startsAt: sample.day } },
    { name: "state, city, venue", query: { state: sample.state, city: sample.city, venue: sample.venue } },
    {
      name: "search + every filter",
      query: {
        search: sample.word.slice(0, 4),
        startsAt: sample.day,
        state: sample.state,
        city: sample.city,
        venue: sample.venue,
      },
    },
    // Relative periods on each venue's clock (the shipped view "Eventos de esta semana" is this-week).
    { name: "today (period)", query: { period: "today" } },
    { name: "this week (period, shipped view)", query: { period: "this-week" } },
    { name: "this month (period)", query: { period: "this-month" } },
    { name: "this week, venue", query: { period: "this-week", venue: sample.venue } },
    // Sortable lists: one walk of the (column, id) index, not split.
    { name: "sorted by start, descending", query: { sort: "-startsAt" } },
    { name: "sorted by name", query: { sort: "name" } },
    { name: "venue, sorted by start, descending", query: { venue: sample.venue, sort: "-startsAt" } },
    { name: "search (mon) sorted by name, descending", query: { search: "mon", sort: "-name" } },
  ];

  for (const item of cases) {
    const sort = parseSort(item.query.sort, SORT_FIELDS.events) ?? undefined;
    const { window, queries, values, named } = crudListQueries(builder, eventResource, {
      page: 1,
      ...item.query,
      sort,
    });
    const statements = listStatements(queries, values);
    // Where the API names its statements (runsNamed), the baseline prepares them too.
    item.raw = () => runList(window, statementRunner(statements, named ? namedQuery : query, generic?.named));
    item.url = `/api/events?${new URLSearchParams(Object.entries(item.query).map(([key, value]) => [key, String(value)]))}`;
    await closedLoop(item.raw, WARMUP);
    item.baseline = await closedLoop(item.raw, DURATION);
  }
  await driver.close();
  await generic?.close();

  await bench.startServer();
  const headers = await bench.signIn();
  for (const item of cases) {
    const answer = await (await fetch(`http://127.0.0.1:4392${item.url}`, { headers })).json();
    item.shape = `${answer.items.length} rows, total ${answer.totalKind === "capped" ? "> " : answer.totalKind === "estimated" ? "≈ " : ""}${fmt(answer.total)}`;
  }
  const rows = [];
  for (const item of cases) {
    const measured = await bench.http(item.url, headers);
    rows.push([
      `events: ${item.name}`,
      measured,
      `${(measured.rps / item.baseline.rps).toFixed(2)}× SQL (${fmt(item.baseline.rps)}/s, p95 ${item.baseline.p95.toFixed(1)} ms)`,
      item.shape,
    ]);
  }
  printTable(rows, "latencies in ms; ratio: the API's req/s over the same SQL's on the driver");
} finally {
  await bench.cleanUp();
}
