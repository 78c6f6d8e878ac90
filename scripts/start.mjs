// `npm start`: build what is out of date, then run the API, which migrates, seeds and serves the SPA.
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
await import("../apps/api/dist/server.js");
