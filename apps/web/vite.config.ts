import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const API = "http://localhost:3000";

/** Text formats worth compressing; images and fonts in this app are already compressed formats. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `x.br` and `x.gz` next to every text file of the build, at the highest levels (paid once per build),
 * so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 * A variant no smaller than the original is not written; the server then sends the original.
 */
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
      await Promise.all(
        files.map(async (file) => {
          const original = await readFile(file);
          const variants: [string, Buffer][] = [
            [
              ".br",
              await brotli(original, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: (await stat(file)).size,
                },
              }),
            ],
            [".gz", await gzipAsync(original, { level: zlibConstants.Z_BEST_COMPRESSION })],
          ];
          for (const [extension, compressed] of variants) {
            if (compressed.length < original.length) await writeFile(`${file}${extension}`, compressed);
          }
        }),
      );
    },
  };
}

// Source maps are not built by default: nothing public should hand out the sources. BUILD_SOURCEMAPS=true writes
// them for an error tracker to upload, without the `sourceMappingURL` comment; the server never serves *.map.
const sourcemap = process.env.BUILD_SOURCEMAPS === "true" ? "hidden" : false;

// `isSsrBuild`: the sign-in page's prerender (scripts/prerender.mjs) builds src/prerender.tsx for Node, where the
// compressed copies and the browser's chunk layout mean nothing.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [precompress()])],
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
      // zod's sources have prose comments that mention `@__PURE__`; Rollup drops them and says so on every build.
      // Harmless (the comments are not annotations): keep them out of `npm start`'s output, and warn about the rest.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "")) return;
        warn(warning);
      },
      output: isSsrBuild
        ? {}
        : {
            // React and the router change rarely: their own long-cached chunk.
            manualChunks: (id) =>
              /node_modules\/(react|react-dom|react-router|scheduler)\//.test(id) ? "react-vendor" : undefined,
          },
    },
  },
}));
