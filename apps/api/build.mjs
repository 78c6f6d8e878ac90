// Bundles the API into dist/server.js. @palco/shared (TypeScript source) is bundled in; every package listed in
// package.json stays external and is loaded from node_modules at run time (native addons and WASM cannot be bundled).
import { cp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const root = import.meta.dirname;
const pkg = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => name !== "@palco/shared",
);
const dist = path.join(root, "dist");

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, "src/server.ts")],
  outfile: path.join(dist, "server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  // Sub-paths too (drizzle-orm/pglite, @electric-sql/pglite/contrib/pg_trgm…).
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Some CommonJS dependencies call require(); ESM output has none unless we create it.
  banner: {
    js: "import { createRequire as __palcoCreateRequire } from 'node:module'; const require = __palcoCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
});
// The migrator reads SQL files at run time; ship them next to the bundle (see src/paths.ts).
await cp(path.join(root, "drizzle"), path.join(dist, "drizzle"), { recursive: true });
console.log(`Built ${path.relative(process.cwd(), path.join(dist, "server.js"))}`);
