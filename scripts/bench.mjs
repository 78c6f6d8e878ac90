// `npm run bench`: build if needed, then run every benchmark under bench/.
import { readdirSync } from "node:fs";
import path from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
const folder = path.resolve(import.meta.dirname, "../bench");
for (const file of readdirSync(folder).filter((name) => name.endsWith(".mjs"))) {
  console.log(`\n━━ ${file} ━━`);
  await import(path.join(folder, file));
}
