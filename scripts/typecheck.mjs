// `npm run typecheck`: each TypeScript project of the repository, two at a time (tsc uses one core; the API alone
// takes about as long as the other three together). Each project's errors are printed together once it is done.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Longest first, so the slowest does not start last.
const projects = ["apps/api", "apps/web", "packages/shared", "e2e"];
const tsc = path.join(root, "node_modules/typescript/bin/tsc");

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-p", project], { cwd: root });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => {
      process.stdout.write(output);
      if (code !== 0) console.error(`✘ ${project}: tsc exited with ${code}`);
      resolve(code === 0);
    });
  });
}

const pending = [...projects];
const lanes = Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
  let ok = true;
  for (let project = pending.shift(); project; project = pending.shift()) ok = (await check(project)) && ok;
  return ok;
});
const ok = (await Promise.all(lanes)).every(Boolean);
process.exit(ok ? 0 : 1);
