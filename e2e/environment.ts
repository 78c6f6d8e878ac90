import path from "node:path";

/** The e2e server runs the built app on its own port with a fresh data folder and known credentials. */
export const E2E_PORT = 4310;
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, "../.tmp/e2e-data");
/** PUBLIC_URL of the e2e server: where passkeys work. */
export const PUBLIC_ORIGIN = `http://localhost:${E2E_PORT}`;
/**
 * How long a sign-in or step-up counts for the sensitive routes: the test timeout (playwright.config.ts), so a spec
 * that signs in at its start is never asked again, while mfa-sign-in.spec.ts can outwait it for the step-up.
 */
export const E2E_STEP_UP_SECONDS = 90;
export const ADMIN = { email: "admin@palco.test", password: "Admin2026x" };

export const E2E_ENV: Record<string, string> = {
  PORT: String(E2E_PORT),
  DATA_DIR: E2E_DATA_DIR,
  // A host name, not the address: WebAuthn refuses an IP address as the passkeys' relying party (mfa-sign-in.spec.ts
  // browses this origin; the other specs browse 127.0.0.1 and only read the paths of e-mailed links).
  PUBLIC_URL: PUBLIC_ORIGIN,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SEED_DEMO: "true",
  JWT_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
  LOG_LEVEL: "warn",
  STEP_UP_SECONDS: String(E2E_STEP_UP_SECONDS),
  // Every answer the browser gets is also held against its zod schema (apps/api/src/platform/serializer.ts).
  CHECK_RESPONSES: "true",
};
