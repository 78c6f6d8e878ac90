// `npm run bench`: build the API when its sources changed (the SPA is not needed), then run every benchmark under
// bench/, each under tsx so it can use the API's own TypeScript modules (query builders, schema).
// BENCH_ONLY=audit runs only the files whose name contains "audit".
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
execFileSync("npm", ["run", "build", "-w", "@palco/api"], { cwd: root, stdio: "inherit" });
const folder = path.join(root, "bench");
const only = process.env.BENCH_ONLY ?? "";
for (const file of readdirSync(folder).filter((name) => name.endsWith(".mjs") && name.includes(only))) {
  console.log(`\n━━ ${file} ━━`);
  execFileSync(process.execPath, ["--import", "tsx", path.join(folder, file)], { cwd: root, stdio: "inherit" });
}
