// Checks what the built SPA makes a browser download, against the budgets in the README ("Bundle budget").
// Reads Vite's manifest (apps/web/dist/.vite/manifest.json), follows the static imports of each route's modules
// (what the browser fetches before the route can show), and sums the gzip sizes (level 9, as the build writes
// the .gz files). Exits 1 when a budget is exceeded, 2 when the build is missing.
//
// React, React DOM, React Router and dayjs are one long-cached chunk (react-vendor) that every page needs; alone they
// weigh about 98 KiB gzip. The route budgets count what a route adds on top of that chunk, and the chunk has a
// budget of its own, so nothing can grow unseen.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { readBuildChunks } from "../apps/web/scripts/build-chunks.mjs";

const KIB = 1024;
const dist = path.resolve(import.meta.dirname, "../apps/web/dist");
const manifestFile = path.join(dist, ".vite/manifest.json");

/** The framework chunk's name in vite.config.ts (manualChunks). */
const FRAMEWORK = "react-vendor";
const FRAMEWORK_BUDGET = 105 * KIB;

/**
 * The texts of one language, which every page loads before its first paint (src/lib/i18n.ts): Spanish, the
 * longer one, with its dayjs locale (one chunk: apps/web/vite.config.ts, manualChunks).
 */
const LANGUAGE = ["../../packages/shared/src/i18n/es.ts", "src/i18n/es.ts", "../../node_modules/dayjs/locale/es.js"];

const ROUTES = [
  {
    name: "/login",
    budget: 100 * KIB,
    modules: ["index.html", ...LANGUAGE, "src/features/auth/login-page.tsx"],
  },
  {
    name: "shell + /countries list",
    // 180 until the step-up dialog's host and the enrolment redirect joined the shell (the dialog itself is lazy);
    // 185 until the lists' first paint gained sortable headers, the selection column, the Export button and the top
    // bar's search button (their menus, bars, dialogs, palette and texts load later); 188 until zod and the form
    // schemas left the list's first wave (checked below), which took it to 161; 165 until small chunks were merged
    // (apps/web/vite.config.ts): about 7 KiB more, in 27 files instead of 45, and less blocking time on a phone.
    budget: 172 * KIB,
    modules: [
      "index.html",
      ...LANGUAGE,
      "src/app/signed-in-layout.tsx",
      "src/kit/list-page.tsx",
      "src/features/countries/resource.tsx",
    ],
  },
  {
    // Where staff land after signing in: the shell, the range picker (Mantine Dates) and the charts (visx).
    name: "shell + / dashboard",
    // 340 until small chunks were merged (see the list above), 347 until the charts left Recharts and the dashboard
    // left zod (342 → 202 KiB; decisions.md, "Charts without a chart store").
    budget: 210 * KIB,
    modules: ["index.html", ...LANGUAGE, "src/app/signed-in-layout.tsx", "src/features/dashboard/dashboard-page.tsx"],
  },
];

if (!existsSync(manifestFile)) {
  console.error(`No ${path.relative(process.cwd(), manifestFile)}: build the SPA first (npm run build -w @palco/web).`);
  process.exit(2);
}
const { manifest, modules, staticChunks } = readBuildChunks(dist);

const sizes = new Map();
function compressedSize(file) {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(dist, file));
    size = {
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;
const sum = (values) => values.reduce((total, value) => total + value, 0);

const frameworkChunks = Object.values(manifest).filter((entry) => entry.name === FRAMEWORK);
const frameworkGzip = sum(frameworkChunks.map((entry) => compressedSize(entry.file).gzip));

const rows = [];
let failed = frameworkGzip > FRAMEWORK_BUDGET || frameworkChunks.length === 0;
rows.push({
  what: `${FRAMEWORK} (React, React DOM, React Router, dayjs)`,
  js: kib(frameworkGzip),
  budget: kib(FRAMEWORK_BUDGET),
  ok: !failed,
  total: "",
  brotli: kib(sum(frameworkChunks.map((entry) => compressedSize(entry.file).brotli))),
  css: "",
});

for (const route of ROUTES) {
  const entries = staticChunks(route.modules);
  const js = entries.filter((entry) => entry.file.endsWith(".js"));
  const own = js.filter((entry) => entry.name !== FRAMEWORK);
  const ownGzip = sum(own.map((entry) => compressedSize(entry.file).gzip));
  const cssFiles = [...new Set(entries.flatMap((entry) => entry.css ?? []))];
  const ok = ownGzip <= route.budget;
  failed ||= !ok;
  rows.push({
    what: route.name,
    js: kib(ownGzip),
    budget: kib(route.budget),
    ok,
    total: kib(sum(js.map((entry) => compressedSize(entry.file).gzip))),
    brotli: kib(sum(js.map((entry) => compressedSize(entry.file).brotli))),
    css: kib(sum(cssFiles.map((file) => compressedSize(file).gzip))),
  });
}

// zod and the schemas built with it are a fifth of a list page's script: they come with forms and detail actions
// (FormConfig.schema and kit/detail-part.tsx load them there), never with a list. Every resource declaration is a
// list's first wave (the list page imports it); none may bring zod, whose core names its classes "$ZodType"….
const ZOD_MARKER = '"$ZodType"';
const listShell = ["index.html", "src/app/signed-in-layout.tsx", "src/kit/list-page.tsx"];
const declarations = modules.filter((module) => /^src\/features\/[^/]+\/resource\.tsx$/.test(module));
/** Whether zod is in what these modules need before they run. */
const bringsZod = (needed) =>
  staticChunks(needed).some((entry) => readFileSync(path.join(dist, entry.file), "utf8").includes(ZOD_MARKER));
const withZod = declarations.filter((module) => bringsZod([...listShell, module]));
if (declarations.length === 0) {
  console.error("No resource declarations in the build manifest: update the zod check in scripts/bundle-budget.mjs");
  failed = true;
} else if (withZod.length > 0) {
  console.error(`zod on a list's first wave (${withZod.join(", ")}): load it with the form or the detail.`);
  failed = true;
} else {
  console.log(`No zod on the first wave of any of the ${declarations.length} lists.`);
}

// Nor on the pages staff open most, before they show. A booking: the parts its `meta.loadDetail` waits for load their
// schemas when the member uses them (the owner's payment dialog as the booking shows, the chat's check on the first
// send; decisions.md, "A booking without zod"). The dashboard, where staff land: its report settings, calendar
// arithmetic and money helpers come from the schema-free modules (zod and the schemas took 140–160 ms of a phone's
// main thread before its first render; decisions.md, "The dashboard without zod").
const PAGES_WITHOUT_ZOD = [
  {
    what: "a booking's first wave",
    modules: [
      ...listShell,
      "src/features/bookings/resource.tsx",
      "src/kit/detail-page.tsx",
      "src/features/bookings/detail-parts.ts",
      "src/features/bookings/actions.tsx",
      "src/features/bookings/messages.tsx",
      "src/features/bookings/sections.tsx",
    ],
    remedy: "load it when the member uses a form, as pay-owner-dialog.tsx does",
  },
  {
    what: "the dashboard's first wave",
    modules: ROUTES.find((route) => route.name === "shell + / dashboard").modules,
    remedy: "import its values from @palco/shared/resources/*-values or money",
  },
];
for (const page of PAGES_WITHOUT_ZOD) {
  if (bringsZod(page.modules)) {
    console.error(`zod on ${page.what}: ${page.remedy}.`);
    failed = true;
  } else {
    console.log(`No zod on ${page.what}.`);
  }
}

const columns = [
  ["what", "Route"],
  ["js", "JS gzip (beyond framework)"],
  ["budget", "Budget"],
  ["total", "JS gzip, cold (all)"],
  ["brotli", "JS brotli, cold (all)"],
  ["css", "CSS gzip"],
];
const table = rows.map((row) => ({ ...row, budget: `${row.budget} ${row.ok ? "✔" : "✘ over"}` }));
const widths = columns.map(([key, title]) => Math.max(title.length, ...table.map((row) => String(row[key]).length)));
const line = (cells) => cells.map((cell, index) => String(cell).padEnd(widths[index])).join("  ");
console.log(line(columns.map(([, title]) => title)));
for (const row of table) console.log(line(columns.map(([key]) => row[key])));

if (failed) {
  console.error('\nBundle budget exceeded (see the README, "Bundle budget").');
  process.exit(1);
}
