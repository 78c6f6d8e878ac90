import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { ManualChunkMeta } from "rollup";
import { defineConfig, type Plugin } from "vite";
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
function stableMantineIds(): Plugin {
  const replacement = fileURLToPath(new URL("./src/lib/mantine-use-id.ts", import.meta.url));
  return {
    name: "palco-stable-mantine-ids",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !/[\\/]@mantine[\\/]hooks[\\/]/.test(importer)) return null;
      return /(^|\/)use-id\/use-id\.mjs$/.test(source) ? replacement : null;
    },
  };
}

const FRAMEWORK = /node_modules\/(react|react-dom|react-router|scheduler)\//;
const LANGUAGE_TEXTS =
  /\/(?:apps\/web|packages\/shared)\/src\/i18n\/(en|es)\.ts$|\/node_modules\/dayjs\/locale\/(es)\.js$/;
const FEATURE_TEXTS = /\/apps\/web\/src\/i18n\/([\w-]+)\.ts$/;

/**
 * Chunks made by hand. React and the router change rarely: their own long-cached chunk. Each language's texts (the
 * shared and the SPA's, and for Spanish the date library's locale) are one chunk, and each feature's texts another
 * (src/lib/i18n.ts loads them): named chunks are never merged into others, so a page still downloads one language
 * and only its features' texts, however small the chunks are.
 */
function manualChunks(id: string, { getModuleInfo }: ManualChunkMeta): string | undefined {
  if (FRAMEWORK.test(id)) return "react-vendor";
  const language = LANGUAGE_TEXTS.exec(id);
  if (language) return `texts-${language[1] ?? language[2]}`;
  const feature = FEATURE_TEXTS.exec(id);
  // A feature's texts are only ever loaded by import(); the parts of a language or feature (bulk-es.ts, chat.ts) are
  // imported by it and join its chunk.
  if (feature && getModuleInfo(id)?.importers.length === 0) return `texts-${feature[1]}`;
  return undefined;
}

// Source maps are not built by default: nothing public should hand out the sources. BUILD_SOURCEMAPS=true writes
// them for an error tracker to upload, without the `sourceMappingURL` comment; the server never serves *.map.
const sourcemap = process.env.BUILD_SOURCEMAPS === "true" ? "hidden" : false;

// `isSsrBuild`: the sign-in page's prerender (scripts/prerender.mjs) builds src/prerender.tsx for Node, where the
// compressed copies and the browser's chunk layout mean nothing.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), stableMantineIds(), ...(isSsrBuild ? [] : [precompress(), moduleChunks()])],
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
            manualChunks,
          },
    },
  },
}));
