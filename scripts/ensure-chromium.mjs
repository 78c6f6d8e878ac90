// Makes sure the browser tests have a Chromium: the system one when present, Debian's package when running as
// root, Playwright's own download otherwise. Fails with one clear message when none can be had.
import { execFileSync } from "node:child_process";
import { chromiumExecutable } from "./chromium.mjs";

function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  execFileSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

export function ensureChromium() {
  if (chromiumExecutable()) return chromiumExecutable();
  try {
    if (process.getuid?.() === 0) {
      run("apt-get", ["update", "-qq"]);
      run("apt-get", ["install", "-y", "-qq", "chromium"]);
    } else {
      run("npx", ["playwright", "install", "chromium"]);
      return "playwright";
    }
  } catch (error) {
    throw new Error(
      `Could not install Chromium for the browser tests (${error.message}). ` +
        "Install it yourself (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.",
    );
  }
  const found = chromiumExecutable();
  if (!found) throw new Error("Chromium was installed but no binary was found; set CHROMIUM_PATH.");
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
