// Builds the SPA and the API bundle when any of their sources is newer than the build output, so `npm start`
// and the browser tests always run what is in the tree without paying for a rebuild every time.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const targets = [
  {
    workspace: "@palco/web",
    output: "apps/web/dist/index.html",
    sources: [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/public",
      "apps/web/scripts",
      "packages/shared/src",
    ],
  },
  {
    workspace: "@palco/api",
    output: "apps/api/dist/server.js",
    sources: ["apps/api/src", "apps/api/drizzle", "apps/api/build.mjs", "packages/shared/src"],
  },
];

export function buildIfStale({ force = false } = {}) {
  for (const { workspace, output, sources } of targets) {
    const built = newestMtime(path.join(root, output));
    const changed = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
    if (force || built === 0 || changed > built) {
      console.log(`Building ${workspace}…`);
      execFileSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale({ force: process.argv.includes("--force") });
