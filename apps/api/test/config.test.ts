import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "../src/modules/security/secret-box.ts";
import { ConfigError, ensureJwtSecret, loadConfig, seedDemoDecision } from "../src/platform/config.ts";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split("\n");
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("has sensible defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: "Palco Admin <no-reply@palco.local>",
      publicUrl: "http://localhost:3000",
      jwtSecret: undefined,
      adminEmail: "admin@palco.local",
      adminPassword: undefined,
      seedDemo: true,
      apiDocs: true,
      logLevel: "info",
      trustProxy: false,
    });
  });

  it("loads demo data by default only into the embedded database, and says why", () => {
    const embedded = loadConfig({});
    expect(embedded.seedDemo).toBe(true);
    expect(seedDemoDecision(embedded)).toBe(
      "Demo data: on (SEED_DEMO is not set and the database is the embedded one)",
    );
    const postgres = loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" });
    expect(postgres.seedDemo).toBe(false);
    expect(seedDemoDecision(postgres)).toBe(
      "Demo data: off (SEED_DEMO is not set and DATABASE_URL is set; set SEED_DEMO=true to load it)",
    );
    const asked = loadConfig({ DATABASE_URL: "postgres://u@h:5432/db", SEED_DEMO: "true" });
    expect(asked.seedDemo).toBe(true);
    expect(seedDemoDecision(asked)).toBe("Demo data: on (SEED_DEMO=true)");
    const refused = loadConfig({ SEED_DEMO: "no" });
    expect(refused.seedDemo).toBe(false);
    expect(seedDemoDecision(refused)).toBe("Demo data: off (SEED_DEMO=false)");
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db", SEED_DEMO: " " }).seedDemo).toBe(false);
  });

  it("allows simulated activity with the demo data, or when SIMULATION=true", () => {
    expect(loadConfig({}).simulation).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).simulation).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" }).simulation).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db", SEED_DEMO: "true" }).simulation).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db", SIMULATION: "true" }).simulation).toBe(true);
    expect(loadConfig({ SIMULATION: "false" }).simulation).toBe(false);
    expect(problems({ SIMULATION: "sometimes" })).toEqual(["Invalid configuration: SIMULATION must be true or false"]);
  });

  it("serves the API docs unless API_DOCS=false", () => {
    expect(loadConfig({ API_DOCS: "false" }).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: "0" }).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: "true" }).apiDocs).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" }).apiDocs).toBe(true);
    expect(problems({ API_DOCS: "maybe" })).toEqual(["Invalid configuration: API_DOCS must be true or false"]);
  });

  it("checks answers against their zod schemas only with CHECK_RESPONSES=true", () => {
    expect(loadConfig({}).checkResponses).toBe(false);
    expect(loadConfig({ CHECK_RESPONSES: "true" }).checkResponses).toBe(true);
    expect(problems({ CHECK_RESPONSES: "always" })).toEqual([
      "Invalid configuration: CHECK_RESPONSES must be true or false",
    ]);
  });

  it("asks super-admins for a second factor by default only on a real database, and reads STEP_UP_SECONDS", () => {
    expect(loadConfig({}).mfaRequiredForSuperAdmin).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" }).mfaRequiredForSuperAdmin).toBe(true);
    expect(
      loadConfig({ DATABASE_URL: "postgres://u@h:5432/db", MFA_REQUIRED_FOR_SUPER_ADMIN: "false" })
        .mfaRequiredForSuperAdmin,
    ).toBe(false);
    expect(loadConfig({ MFA_REQUIRED_FOR_SUPER_ADMIN: "true" }).mfaRequiredForSuperAdmin).toBe(true);
    expect(problems({ MFA_REQUIRED_FOR_SUPER_ADMIN: "sometimes" })).toEqual([
      "Invalid configuration: MFA_REQUIRED_FOR_SUPER_ADMIN must be true or false",
    ]);
    expect(loadConfig({}).stepUpSeconds).toBe(300);
    expect(loadConfig({ STEP_UP_SECONDS: "5" }).stepUpSeconds).toBe(5);
  });

  it("reads MFA_ENCRYPTION_KEY (32 characters or more), which keeps the authenticator secrets across a new JWT_SECRET", () => {
    expect(loadConfig({}).mfaEncryptionKey).toBeUndefined();
    const key = "k".repeat(32);
    expect(loadConfig({ MFA_ENCRYPTION_KEY: key }).mfaEncryptionKey).toBe(key);
    expect(problems({ MFA_ENCRYPTION_KEY: "short" })).toEqual([
      "Invalid configuration: MFA_ENCRYPTION_KEY must be at least 32 characters long",
    ]);

    const sealed = createSecretBox({ mfaEncryptionKey: key, jwtSecret: "a".repeat(32) }).seal("JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    // The JWT secret rotated, the dedicated key kept: the secret still opens.
    expect(createSecretBox({ mfaEncryptionKey: key, jwtSecret: "b".repeat(32) }).open(sealed)).toBe("JBSWY3DPEHPK3PXP");
    // Neither another key nor the key derived from the JWT secret opens it, even from the same characters.
    expect(() =>
      createSecretBox({ mfaEncryptionKey: "m".repeat(32), jwtSecret: "a".repeat(32) }).open(sealed),
    ).toThrow();
    expect(() => createSecretBox({ mfaEncryptionKey: undefined, jwtSecret: key }).open(sealed)).toThrow();
    // Without the dedicated key the JWT secret is the key material: a new JWT_SECRET loses the secrets.
    const fromJwt = createSecretBox({ mfaEncryptionKey: undefined, jwtSecret: "a".repeat(32) }).seal(
      "JBSWY3DPEHPK3PXP",
    );
    expect(createSecretBox({ mfaEncryptionKey: undefined, jwtSecret: "a".repeat(32) }).open(fromJwt)).toBe(
      "JBSWY3DPEHPK3PXP",
    );
    expect(() => createSecretBox({ mfaEncryptionKey: undefined, jwtSecret: "b".repeat(32) }).open(fromJwt)).toThrow();
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "4000",
      HOST: "127.0.0.1",
      DATA_DIR: "/tmp/palco-x",
      DATABASE_URL: "postgres://u@h:5432/db",
      REDIS_URL: "redis://localhost:6379",
      SMTP_URL: "smtp://mail:25",
      MAIL_FROM: "Palco <hi@example.com>",
      PUBLIC_URL: "https://admin.example.com/",
      JWT_SECRET: "x".repeat(32),
      ADMIN_EMAIL: "Boss@Example.com",
      ADMIN_PASSWORD: "Secret2026",
      SEED_DEMO: "false",
      LOG_LEVEL: "debug",
      TRUST_PROXY: "1",
    });
    expect(config).toMatchObject({
      port: 4000,
      host: "127.0.0.1",
      dataDir: "/tmp/palco-x",
      publicUrl: "https://admin.example.com",
      adminEmail: "boss@example.com",
      seedDemo: false,
      logLevel: "debug",
      trustProxy: 1,
    });
  });

  it("reports one clear line per problem", () => {
    const lines = problems({
      PORT: "99999",
      JWT_SECRET: "short",
      ADMIN_PASSWORD: "weak",
      ADMIN_EMAIL: "nope",
      SEED_DEMO: "maybe",
      LOG_LEVEL: "loud",
      DATABASE_URL: "mysql://x",
      PUBLIC_URL: "ftp://x",
    });
    expect(lines).toContain("Invalid configuration: PORT must be a number between 1 and 65535");
    expect(lines).toContain("Invalid configuration: JWT_SECRET must be at least 32 characters long");
    expect(lines).toContain("Invalid configuration: ADMIN_EMAIL must be a valid e-mail address");
    expect(lines).toContain("Invalid configuration: SEED_DEMO must be true or false");
    expect(lines.some((line) => line.startsWith("Invalid configuration: LOG_LEVEL must be one of"))).toBe(true);
    expect(lines.some((line) => line.startsWith("Invalid configuration: DATABASE_URL must be a URL"))).toBe(true);
    expect(lines.some((line) => line.startsWith("Invalid configuration: PUBLIC_URL must be a URL"))).toBe(true);
    expect(problems({ PORT: "abc" })).toEqual(["Invalid configuration: PORT must be a number between 1 and 65535"]);
    expect(problems({ PORT: "0" })).toEqual(["Invalid configuration: PORT must be a number between 1 and 65535"]);
    // The password policy is checked once the rest is valid.
    expect(problems({ ADMIN_PASSWORD: "alllowercase1" })[0]).toMatch(
      /^Invalid configuration: ADMIN_PASSWORD must be 8 to 24/,
    );
  });

  it("writes two export jobs at once unless EXPORT_CONCURRENCY says otherwise (1 to 16)", () => {
    expect(loadConfig({}).exportConcurrency).toBe(2);
    expect(loadConfig({ EXPORT_CONCURRENCY: "4" }).exportConcurrency).toBe(4);
    for (const value of ["0", "17", "two", "1.5"]) {
      expect(problems({ EXPORT_CONCURRENCY: value })).toEqual([
        "Invalid configuration: EXPORT_CONCURRENCY must be a number of jobs between 1 and 16",
      ]);
    }
  });

  it("reads METRICS_TOKEN (24 characters or more) and METRICS_PORT (a port other than PORT)", () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
    expect(loadConfig({ METRICS_TOKEN: "t".repeat(24), METRICS_PORT: "9464" })).toMatchObject({
      metricsToken: "t".repeat(24),
      metricsPort: 9464,
    });
    expect(problems({ METRICS_TOKEN: "short" })).toEqual([
      "Invalid configuration: METRICS_TOKEN must be at least 24 characters long",
    ]);
    expect(problems({ METRICS_PORT: "0" })).toEqual([
      "Invalid configuration: METRICS_PORT must be a number between 1 and 65535",
    ]);
    expect(problems({ PORT: "9464", METRICS_PORT: "9464" })).toEqual([
      "Invalid configuration: METRICS_PORT must differ from PORT (the metrics listener is a second one, on 127.0.0.1)",
    ]);
  });

  it("takes DATABASE_MIGRATION_URL, a PostgreSQL URL, only beside DATABASE_URL", () => {
    expect(loadConfig({}).databaseMigrationUrl).toBeUndefined();
    const split = loadConfig({
      DATABASE_URL: "postgres://palco_app@h:5432/palco",
      DATABASE_MIGRATION_URL: "postgres://palco_owner@h:5432/palco",
    });
    expect(split).toMatchObject({
      databaseUrl: "postgres://palco_app@h:5432/palco",
      databaseMigrationUrl: "postgres://palco_owner@h:5432/palco",
    });
    expect(problems({ DATABASE_URL: "postgres://a@h/db", DATABASE_MIGRATION_URL: "mysql://x" })).toEqual([
      "Invalid configuration: DATABASE_MIGRATION_URL must be a URL starting with postgres:// or postgresql://",
    ]);
    expect(problems({ DATABASE_MIGRATION_URL: "postgres://palco_owner@h:5432/palco" })).toEqual([
      "Invalid configuration: DATABASE_MIGRATION_URL needs DATABASE_URL (the role the server runs as)",
    ]);
  });

  it("generates the JWT secret once, keeps it with mode 0600 and reuses it", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "palco-config-"));
    try {
      const first = ensureJwtSecret(loadConfig({ DATA_DIR: dataDir }));
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dataDir, "jwt-secret");
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, "utf8")).trim()).toBe(first);
      expect(ensureJwtSecret(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
      expect(ensureJwtSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "y".repeat(40) }))).toBe("y".repeat(40));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
