// The server the browser tests talk to: the built app on a fresh data folder, so every run starts from the same
// demo data. Environment comes from e2e/environment.ts through playwright.config.ts.
import { rmSync } from "node:fs";
import { buildIfStale } from "./build-if-stale.mjs";

if (!process.env.DATA_DIR) throw new Error("DATA_DIR must be set for the e2e server");
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
buildIfStale();
await import("../apps/api/dist/server.js");
