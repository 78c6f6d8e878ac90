import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** The Chromium the browser tests drive: CHROMIUM_PATH, the system one, or Playwright's own (undefined). */
export function chromiumExecutable() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

/**
 * How every headless Chromium of the project starts (browser tests, Lighthouse): no sandbox (root in containers),
 * no GPU, and none of the background connections a closed network refuses.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
