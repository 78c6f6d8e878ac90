// Some registries serve only the native binaries of the platform they run on. npm then leaves the other
// platforms' optional packages (esbuild, rollup, biome, sharp…) out of package-lock.json, and `npm ci` refuses
// the lock as "out of sync". This fills each missing one in as an optional entry restricted to its platform, so
// `npm ci` accepts the lock and installs only what fits the machine.
//   node scripts/complete-lockfile.mjs          complete package-lock.json (run after changing dependencies)
//   node scripts/complete-lockfile.mjs --check  exit 1 when entries are missing (part of npm test)
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const OS = ["aix", "android", "darwin", "freebsd", "linux", "netbsd", "openbsd", "openharmony", "sunos", "win32"];
const CPU = ["arm", "arm64", "ia32", "loong64", "mips64el", "ppc64", "riscv64", "s390x", "wasm32", "x64"];

const file = path.resolve(import.meta.dirname, "../package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

/** Where Node would find `name` from the package installed at `from`, walking up the node_modules folders. */
function resolve(from, name) {
  let dir = from;
  while (true) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf("/node_modules/");
    dir = parent === -1 ? "" : dir.slice(0, parent);
  }
}

function platformOf(name) {
  const words = name.split("/").pop().split("-");
  const entry = {};
  const os = words.find((word) => OS.includes(word)) ?? (words.includes("darwin") ? "darwin" : undefined);
  const cpu = words.find((word) => CPU.includes(word)) ?? (words.includes("x86") ? "ia32" : undefined);
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (words.includes("musl")) entry.libc = ["musl"];
  else if (os === "linux" && (words.includes("gnu") || words.includes("glibc"))) entry.libc = ["glibc"];
  return entry;
}

const missing = [];
for (const [location, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolve(location, name)) continue;
    const platform = platformOf(name);
    // Only platform binaries are filled in; any other missing optional package is a real inconsistency.
    if (!platform.os && !platform.cpu) continue;
    const at = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    missing.push(at);
    packages[at] = {
      version: range.replace(/^[\^~=]/, ""),
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
  }
}

if (process.argv.includes("--check")) {
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks ${missing.length} platform packages; run: node scripts/complete-lockfile.mjs`,
    );
    process.exit(1);
  }
  console.log("package-lock.json lists every platform's optional packages");
} else {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${missing.length} platform packages to package-lock.json`);
}
