// `npm run bench`: build the API when its sources changed (the SPA is not needed), then run every benchmark under
// bench/, each under tsx so it can use the API's own TypeScript modules (query builders, schema).
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
execFileSync("npm", ["run", "build", "-w", "@palco/api"], { cwd: root, stdio: "inherit" });
const folder = path.join(root, "bench");
for (const file of readdirSync(folder).filter((name) => name.endsWith(".mjs"))) {
  console.log(`\n━━ ${file} ━━`);
  execFileSync(process.execPath, ["--import", "tsx", path.join(folder, file)], { cwd: root, stdio: "inherit" });
}
