import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { ManualChunkMeta } from "rollup";
import { build, defineConfig, type Plugin, type UserConfig } from "vite";
import { writeCompressed } from "./scripts/compress.mjs";

const API = "http://localhost:3000";

/** Text formats worth compressing; images and fonts in this app are already compressed formats. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes the compressed copies (`x.br`, `x.gz`: scripts/compress.mjs) of every text file of the build. */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "palco-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public folder (robots.txt, favicon.svg) are written.
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter(
        (file) => COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`),
      );
      await Promise.all(files.map(async (file) => writeCompressed(file, await readFile(file))));
    },
  };
}

/**
 * Writes dist/.vite/chunks.json: each source module (keyed like Vite's manifest, relative to this folder) and the
 * chunk that holds it. Small chunks are merged into others (experimentalMinChunkSize below), so a module loaded
 * by `import()` may have no chunk named after it; scripts/prerender.mjs and scripts/bundle-budget.mjs find it here.
 */
function moduleChunks(): Plugin {
  let root = "";
  return {
    name: "palco-module-chunks",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of output.moduleIds) {
          if (!id.startsWith("\0")) chunks[path.relative(root, id).split(path.sep).join("/")] = output.fileName;
        }
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunks.json", source: JSON.stringify(chunks, null, 1) });
    },
  };
}

/** Mantine's `useId` (@mantine/hooks), replaced by src/lib/mantine-use-id.ts: see there for why. */
const MANTINE_USE_ID = fileURLToPath(new URL("./src/lib/mantine-use-id.ts", import.meta.url));
function stableMantineIds(): Plugin {
  const replacement = MANTINE_USE_ID;
  return {
    name: "palco-stable-mantine-ids",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !/[\\/]@mantine[\\/]hooks[\\/]/.test(importer)) return null;
      return /(^|\/)use-id\/use-id\.mjs$/.test(source) ? replacement : null;
    },
  };
}

// dayjs's core too: every page's start runs it (src/lib/i18n.ts), and a manual chunk takes in the modules its own
// import, so left to itself the core went with the Spanish date locale into `texts-es`, which every page then
// preloaded whatever the member's language.
const FRAMEWORK = /node_modules\/(react|react-dom|react-router|scheduler)\/|node_modules\/dayjs\/dayjs\.min\.js$/;
const LANGUAGE_TEXTS =
  /\/(?:apps\/web|packages\/shared)\/src\/i18n\/(en|es)\.ts$|\/node_modules\/dayjs\/locale\/(es)\.js$/;
const FEATURE_TEXTS = /\/apps\/web\/src\/i18n\/([\w-]+)\.ts$/;

/** Mantine's components and hooks, the icons and floating-ui (which places Mantine's popovers). */
const UI = /\/node_modules\/(@mantine\/(core|hooks)|@floating-ui|@tabler\/icons-react)\//;
/** The packages' index modules: only re-exports, which Rollup leaves out, so they must join no chunk. */
const UI_INDEX = /\/(esm\/index\.mjs|tabler-icons-react\.mjs)$/;

/**
 * Chunks made by hand. React, the router and dayjs change rarely: their own long-cached chunk. Each language's
 * texts (the shared and the SPA's, and for Spanish the date library's locale) are one chunk, and each feature's
 * texts another (src/lib/i18n.ts loads them): named chunks are never merged into others, so a page still downloads
 * one language and only its features' texts, however small the chunks are.
 *
 * With the survey (surveyChunks below), three more. `vendor`: the libraries that the app's start and the sign-in page
 * need (Mantine's core, i18next…). `ui`: the rest of the libraries a signed-in list needs, and the parts of Mantine,
 * the icons and floating-ui that the dashboard and a booking's page need (the pages staff land on or open most).
 * `ui-more`: the rest of Mantine, the icons and floating-ui (forms, other details, dialogs). Left to Rollup, these came
 * in some thirty files of one component or icon each, shared by different sets of pages; each file is a request, and on
 * a phone's connection the requests, not the bytes, held back the page (docs/decisions.md, "Mantine in three chunks").
 */
function chunksByHand(survey: Survey | null) {
  return (id: string, { getModuleInfo }: ManualChunkMeta): string | undefined => {
    if (FRAMEWORK.test(id)) return "react-vendor";
    const language = LANGUAGE_TEXTS.exec(id);
    if (language) return `texts-${language[1] ?? language[2]}`;
    const feature = FEATURE_TEXTS.exec(id);
    // A feature's texts are only ever loaded by import(); the parts of a language or feature (bulk-es.ts, chat.ts)
    // are imported by it and join its chunk.
    if (feature && getModuleInfo(id)?.importers.length === 0) return `texts-${feature[1]}`;
    if (!survey) return undefined;
    // Every library module of the first two is named, and so is Mantine's use-id (its stand-in is ours): a chunk made
    // by hand takes in the modules its own import that no other names, so the later chunks would otherwise take some
    // of the earlier ones' and the sign-in page would load all of them.
    // What the framework's modules import (Rollup's CommonJS helpers) stays with them: named elsewhere, the two
    // chunks would import each other, and whichever ran first would read the other's exports before they exist.
    if (getModuleInfo(id)?.importers.some((importer) => FRAMEWORK.test(importer))) return "react-vendor";
    const library = id.includes("/node_modules/") || id === MANTINE_USE_ID;
    if (library && survey.start.has(id)) return "vendor";
    if (library && survey.list.has(id)) return "ui";
    if (UI.test(id) && survey.mostOpened.has(id)) return "ui";
    if (UI.test(id) && !UI_INDEX.test(id)) return "ui-more";
    return undefined;
  };
}

/** The mode of the build that surveyChunks makes to see how Rollup splits the app by itself. */
const SURVEY_MODE = "chunk-survey";
/** What /login loads beyond the entry (as scripts/prerender.mjs preloads it). */
const SIGN_IN_MODULES = ["/src/features/auth/login-page.tsx", "/src/lib/prerender-handoff.ts"];
/** What every signed-in list loads beyond the entry. */
const LIST_MODULES = ["/src/app/signed-in-layout.tsx", "/src/kit/list-page.tsx"];
/** What a booking's page loads beyond the entry before it shows (its declaration, the detail page, its parts). */
const DETAIL_MODULES = [
  "/src/app/signed-in-layout.tsx",
  "/src/kit/detail-page.tsx",
  "/src/features/bookings/resource.tsx",
  "/src/features/bookings/actions.tsx",
  "/src/features/bookings/messages.tsx",
  "/src/features/bookings/sections.tsx",
];
/** What the dashboard loads beyond the entry (its charts' library is left to Rollup). */
const DASHBOARD_MODULES = ["/src/app/signed-in-layout.tsx", "/src/features/dashboard/dashboard-page.tsx"];

/** The pages besides the lists whose Mantine parts, icons and floating-ui go into `ui`. */
const MOST_OPENED_PAGES = [DASHBOARD_MODULES, DETAIL_MODULES];

type Survey = { start: Set<string>; list: Set<string>; mostOpened: Set<string> };

/**
 * The modules that the app's start with the sign-in page, with a signed-in list, and with each of the MOST_OPENED_PAGES
 * load before they run, as Rollup splits the app by itself: the entry's chunk and those holding the pages' modules, and
 * every chunk they import statically. Read from a build of the same sources in memory, with only the texts' and the
 * framework's chunks made by hand.
 */
async function surveyChunks(): Promise<Survey> {
  const result = await build({
    configFile: fileURLToPath(import.meta.url),
    mode: SURVEY_MODE,
    logLevel: "warn",
    build: { write: false, manifest: false },
  });
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((each) => ("output" in each ? each.output : []))
    .filter((each) => each.type === "chunk");
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loadedBefore = (pageModules: string[]) => {
    const starts = chunks.filter(
      (chunk) => chunk.isEntry || chunk.moduleIds.some((id) => pageModules.some((module) => id.endsWith(module))),
    );
    if (starts.length < 2) throw new Error(`The chunk survey found none of ${pageModules.join(", ")}`);
    const modules = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      const chunk = byFile.get(file);
      if (!chunk || seen.has(file)) return;
      seen.add(file);
      for (const id of chunk.moduleIds) modules.add(id);
      for (const imported of chunk.imports) visit(imported);
    };
    for (const chunk of starts) visit(chunk.fileName);
    return modules;
  };
  return {
    start: loadedBefore(SIGN_IN_MODULES),
    list: loadedBefore(LIST_MODULES),
    mostOpened: new Set(MOST_OPENED_PAGES.flatMap((pageModules) => [...loadedBefore(pageModules)])),
  };
}

// Source maps are not built by default: nothing public should hand out the sources. BUILD_SOURCEMAPS=true writes
// them for an error tracker to upload, without the `sourceMappingURL` comment; the server never serves *.map.
const sourcemap = process.env.BUILD_SOURCEMAPS === "true" ? "hidden" : false;

// `isSsrBuild`: the sign-in page's prerender (scripts/prerender.mjs) builds src/prerender.tsx for Node, where the
// compressed copies and the browser's chunk layout mean nothing. The survey build (surveyChunks) writes nothing.
export default defineConfig(async ({ command, isSsrBuild, mode }): Promise<UserConfig> => {
  const survey = mode === SURVEY_MODE;
  const surveyed = command === "build" && !isSsrBuild && !survey ? await surveyChunks() : null;
  return {
    plugins: [react(), stableMantineIds(), ...(isSsrBuild || survey ? [] : [precompress(), moduleChunks()])],
    resolve: {
      alias: [
        { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
        // zod without its eval probe (src/lib/zod-without-eval.ts); "zod/v4…" subpaths still reach zod itself.
        { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-without-eval.ts", import.meta.url)) },
      ],
    },
    server: {
      port: 5173,
      proxy: {
        "/api": { target: API, changeOrigin: true },
        "/uploads": { target: API, changeOrigin: true },
        "/socket.io": { target: API, ws: true, changeOrigin: true },
      },
    },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      sourcemap,
      // dist/.vite/manifest.json: the chunk graph that scripts/bundle-budget.mjs measures (not served).
      manifest: true,
      rollupOptions: {
        // zod's builders have no side effects: a schema nobody in a chunk uses is dropped with the calls that build
        // it, and zod with it where no schema is left (a list imports a module of packages/shared for a constant).
        treeshake: { manualPureFunctions: ["z"] },
        // zod's sources have prose comments that mention `@__PURE__`; Rollup drops them and says so on every build.
        // Harmless (the comments are not annotations): keep them out of `npm start`'s output, and warn about the rest.
        onwarn(warning, warn) {
          if (warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "")) return;
          warn(warning);
        },
        output: isSsrBuild
          ? {}
          : {
              // A chunk smaller than this, with no side effects of its own, joins a chunk loaded with it. Left alone,
              // Rollup made about 90 chunks for one list page, many of them a single icon or hook: each costs a
              // request and a task on the main thread, which on a phone added up to half a second of blocking time
              // (docs/decisions.md, "Fewer, larger chunks").
              experimentalMinChunkSize: 20_000,
              manualChunks: chunksByHand(surveyed),
            },
      },
    },
  };
});
