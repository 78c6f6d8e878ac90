// Every `import … from "zod"` of the SPA (its own and packages/shared's) resolves here (vite.config.ts), so this
// runs before the first schema is built. The SPA runs under a Content-Security-Policy without 'unsafe-eval'; zod
// probes `new Function` when it builds its first object schema, to compile a faster parser, and although it catches
// the refusal the browser still reports a CSP violation (Lighthouse counts it against every signed-in page). The
// forms' schemas are small: the interpreted parser costs nothing a user notices. The API keeps the compiled one.
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
