import path from "node:path";

/** The e2e server runs the built app on its own port with a fresh data folder and known credentials. */
export const E2E_PORT = 4310;
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, "../.tmp/e2e-data");
export const ADMIN = { email: "admin@palco.test", password: "Admin2026x" };

export const E2E_ENV: Record<string, string> = {
  PORT: String(E2E_PORT),
  DATA_DIR: E2E_DATA_DIR,
  PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SEED_DEMO: "true",
  JWT_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
  LOG_LEVEL: "warn",
};
