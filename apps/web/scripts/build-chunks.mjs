// Where a source module ended up in the built SPA, for the scripts that read the build after it (prerender.mjs,
// the repository's scripts/bundle-budget.mjs). Small chunks are merged into others (vite.config.ts), so a module
// may have no manifest entry of its own: dist/.vite/chunks.json (vite.config.ts, moduleChunks) names its file.
import { readFileSync } from "node:fs";
import path from "node:path";

/** Reads the build in `dist`: Vite's manifest, each module's chunk, and the chunks a set of modules loads. */
export function readBuildChunks(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
  const moduleChunks = JSON.parse(readFileSync(path.join(dist, ".vite/chunks.json"), "utf8"));
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

  /** The manifest's chunk holding a source module (a path relative to apps/web, as Vite names it). */
  function chunkOf(module) {
    const chunk = manifest[module] ?? byFile.get(moduleChunks[module]);
    if (!chunk) throw new Error(`${module} is in no chunk of the build`);
    return chunk;
  }

  /** The chunks these modules need before they run: their own and their static imports, transitively. */
  function staticChunks(modules) {
    const seen = new Map();
    const visit = (chunk) => {
      if (seen.has(chunk.file)) return;
      seen.set(chunk.file, chunk);
      for (const imported of chunk.imports ?? []) visit(manifest[imported]);
    };
    for (const module of modules) visit(chunkOf(module));
    return [...seen.values()];
  }

  return { manifest, modules: Object.keys(moduleChunks), chunkOf, staticChunks };
}
