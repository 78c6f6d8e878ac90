// `npm start`: build what is out of date, then run the API, which migrates, seeds and serves the SPA.
// `npm run admin:password` comes through here too, with --set-admin-password (see apps/api/src/server.ts).
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
await import("../apps/api/dist/server.js");
