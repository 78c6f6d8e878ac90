// List endpoints at scale, measured with a load generator that saturates the server (autocannon), each against the
// same SQL run straight through the driver at the same concurrency for the same time, in the same run:
//   npm run bench                                  PGlite, 100,000 cities
//   BENCH_DATABASE_URL=postgres://… npm run bench   PostgreSQL, 1,000,000 cities in a throwaway database
// (DATABASE_URL works too). BENCH_ROWS, BENCH_DURATION (seconds per case) and BENCH_CONNECTIONS override the sizes;
// BENCH_CASES=<regular expression> runs only the cases whose name matches.
// The SQL comes from the kit's own query builder (crudListQueries), and runs as the API runs it (runList): the
// page, then the total when the page does not tell it: the catalogue's estimate for an unfiltered list, the
// planner's (EXPLAIN) for a filtered one, and the count up to the cap when the estimate is small (on a big table the
// planner first, then below its threshold the page and the count in one statement).
// Search terms are drawn from the data too: the 20 most frequent 3-letter prefixes of the names (matches that sit
// together in name order, like "San …"), the 3 rarest and 5 terms of two words, each measured for BENCH_TERM_DURATION
// seconds (3). Every case also runs the statements the API sent for it under pgbench (`-M extended`, PostgreSQL only,
// when pgbench is installed). Runs under tsx (scripts/bench.mjs) so it can import the API's TypeScript sources.
import { drizzle } from "drizzle-orm/node-postgres";
import { cityResource } from "../apps/api/src/modules/cities/routes.ts";
import { crudListQueries } from "../apps/api/src/platform/crud.ts";
import { encodeCursor, listStatements, runList, statementRunner } from "../apps/api/src/platform/list-query.ts";
import * as schema from "../apps/api/src/platform/schema.ts";
import { parseSort, SORT_FIELDS } from "../packages/shared/src/resources/sort-fields.ts";
import {
  benchEnvironment,
  closedLoop,
  DURATION,
  fmt,
  listPgbench,
  pgbenchRatio,
  printTable,
  recordedStatements,
  SOURCE_URL,
  WARMUP,
} from "./support/harness.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? (SOURCE_URL ? 1_000_000 : 100_000));
const TERM_DURATION = Number(process.env.BENCH_TERM_DURATION ?? 3);
const STATES = 1_000;
const bench = benchEnvironment(4390, "lists");

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
  // The pairs of words the cities' triggers wrote (a search of several words reads them index only).
  "vacuum analyze city_search_word_pairs",
];

// ── run ─────────────────────────────────────────────────────────────────────────────────────────────────────────
const builder = drizzle.mock({ schema });

try {
  const driver = await bench.generate(GENERATE, { rows: ROWS, what: "cities" });
  const query = (text, params) => driver.query(text, params);
  const namedQuery = (text, params) => driver.named(text, params);
  const generic = await bench.openKeptPlans();

  const [{ state, country }] = await query(
    "select s.id as state, s.country_id as country from states s where s.code = 'S500'",
  );
  const [middle] = await query("select name from cities where code = $1", [`CT${Math.floor(ROWS / 2) + 1}`]);
  // A cursor half-way through the list: the row a walk of next, next, next… would have reached.
  const depth = Math.floor(ROWS / 2 / 12);
  const [deepRow] = await query(`select name, id from cities order by name, id offset ${depth * 12 - 1} limit 1`);
  const deepCursor = encodeCursor({ page: depth, key: [deepRow.name, deepRow.id] });
  const [deepByCode] = await query(
    `select code, id from cities order by code desc, id desc offset ${depth * 12 - 1} limit 1`,
  );
  const deepSorted = {
    sort: "-code",
    page: depth + 1,
    after: encodeCursor({ page: depth, key: [deepByCode.code, deepByCode.id], sort: "-code" }),
  };
  const cases = [
    { name: "page 1", query: {} },
    { name: `deep page (${fmt(depth + 1)}, cursor)`, query: { page: depth + 1, after: deepCursor } },
    { name: "broad search (mon, spread out)", query: { search: "mon" } },
    // Matches that sit together in name order ("San …"): the page walks every name sorted before them.
    { name: "broad search (san, clustered)", query: { search: "san" } },
    { name: `narrow search (${middle.name.toLowerCase()})`, query: { search: middle.name.toLowerCase() } },
    { name: "two-letter search (gu)", query: { search: "gu" } },
    { name: "filtered (country, state)", query: { country: country, state: state } },
    // Sortable lists (sort=<field>, -<field> descending): each order walks its own (column, id) index.
    { name: "sorted by code", query: { sort: "code" } },
    { name: "sorted by name, descending", query: { sort: "-name" } },
    { name: `sorted by code, descending, deep page (${fmt(depth + 1)}, cursor)`, query: deepSorted },
    { name: "broad search sorted by code (san)", query: { search: "san", sort: "code" } },
    { name: "two-letter search sorted by name, descending (gu)", query: { search: "gu", sort: "-name" } },
    { name: "filtered (state) sorted by code, descending", query: { state: state, sort: "-code" } },
  ];

  // Terms as staff type them, drawn from the names: the most frequent 3-letter starts, and rare ones.
  const prefixes = await query(
    `select lower(left(name, 3)) as term, count(*)::integer as names from cities group by 1 order by 2 desc, 1 limit 20`,
  );
  // The least frequent starts of three letters, whatever their number: a fixed ceiling ("50 names or fewer") found
  // none in a data set whose rarest start begins 181 names, and the bench then measured no rare term at all.
  const rare = await query(
    `select lower(left(name, 3)) as term, count(*)::integer as names from cities
     where name ~ '^[A-Za-z]{3}' group by 1 order by 2, 1 limit 3`,
  );
  for (const { term, names } of [...prefixes, ...rare]) {
    cases.push({
      name: `term "${term}" (starts ${fmt(names)} names)`,
      query: { search: term },
      seconds: TERM_DURATION,
    });
  }
  // Terms of two words as staff type a name: a first word and the start of the second, whose matches sit together
  // in name order ("san pe": every one under "San Pe…"), and the end of one word and the start of the next, whose
  // matches are spread ("la ri").
  const together = await query(
    `select term, count(*)::integer as names from (select lower(substring(name from '^[A-Za-z]+ [A-Za-z]{2}')) as term
     from cities) found where term is not null group by 1 order by 2 desc, 1 limit 3`,
  );
  const spread = await query(
    `select term, count(*)::integer as names from (select lower(substring(name from '[A-Za-z]{2} [A-Za-z]{2}')) as term
     from cities where name !~ '^San ') found where term is not null group by 1 order by 2 desc, 1 limit 2`,
  );
  for (const { term, names } of [...together, ...spread]) {
    cases.push({ name: `words "${term}" (in ${fmt(names)} names)`, query: { search: term }, seconds: TERM_DURATION });
  }

  // BENCH_CASES=<regular expression>: only the cases whose name matches (health and /api/auth/me always run).
  const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, "i") : null;
  const chosen = only ? cases.filter((item) => only.test(item.name)) : cases;

  for (const item of chosen) {
    const sort = parseSort(item.query.sort, SORT_FIELDS.cities) ?? undefined;
    const request = { page: 1, ...item.query, sort };
    const { window, queries, values, named } = crudListQueries(builder, cityResource, request);
    const statements = listStatements(queries, values);
    // Where the API names its statements (runsNamed), the baselines prepare theirs too.
    const run = named ? namedQuery : query;
    // What the handler does (runList): the page and, when the page does not tell it, the total.
    item.raw = () => runList(window, statementRunner(statements, run, generic?.named));
    const url = new URLSearchParams(Object.entries(item.query).map(([key, value]) => [key, String(value)]));
    item.url = `/api/cities${url.size > 0 ? `?${url}` : ""}`;
    await closedLoop(item.raw, WARMUP);
    item.baseline = await closedLoop(item.raw, item.seconds ?? DURATION);
    const sent = await recordedStatements(
      (on, onGeneric) => runList(window, statementRunner(statements, on, onGeneric)),
      query,
      generic?.named,
    );
    item.pgbench = listPgbench(bench, sent, named ? "prepared" : "extended", item.seconds ?? DURATION);
  }
  await driver.close();
  await generic?.close();

  await bench.startServer();
  const headers = await bench.signIn();
  for (const item of chosen) {
    const answer = await (await fetch(`http://127.0.0.1:4390${item.url}`, { headers })).json();
    item.shape = `${answer.items.length} rows, total ${answer.totalKind === "capped" ? "> " : answer.totalKind === "estimated" ? "≈ " : ""}${fmt(answer.total)}`;
  }

  const health = await bench.http("/api/health", {});
  const me = await bench.http("/api/auth/me", headers);
  const rows = [
    ["GET /api/health", health, "—", ""],
    ["GET /api/auth/me", me, `${(me.rps / health.rps).toFixed(2)}× health`, ""],
  ];
  for (const item of chosen) {
    const measured = await bench.http(item.url, headers, { seconds: item.seconds ?? DURATION });
    rows.push([
      `cities: ${item.name}`,
      measured,
      `${(measured.rps / item.baseline.rps).toFixed(2)}× SQL (${fmt(item.baseline.rps)}/s, p95 ${item.baseline.p95.toFixed(1)} ms)${pgbenchRatio(measured, item.pgbench)}`,
      item.shape,
    ]);
  }
  const slowest = rows.slice(2).reduce((worst, row) => (row[1].p95 > worst[1].p95 ? row : worst));
  printTable(
    rows,
    "latencies in ms; ratio: the API's req/s over the same SQL's on the driver, and over the same statements " +
      `under pgbench; slowest p95: ${slowest[1].p95.toFixed(1)} ms (${slowest[0]})`,
  );
} finally {
  await bench.cleanUp();
}
