import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { password as passwordPolicy } from "@palco/shared";
import { z } from "zod";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The schema owner's connection: migrations run with it, then grant the role of `databaseUrl` data rights only
   * (platform/migrate.ts). Unset: everything runs as `databaseUrl`.
   */
  databaseMigrationUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** S3-compatible bucket for uploads (platform/file-store.ts); files under DATA_DIR/uploads when unset. */
  s3Url: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** Undefined until `ensureJwtSecret` generated or read the persisted one. */
  jwtSecret: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** Why `seedDemo` has its value, for the start-up log line. */
  seedDemoReason: string;
  /** Serve the OpenAPI document and its UI at /api/docs. */
  apiDocs: boolean;
  /** Parse every answer with its zod response schema too and require the compiled writer's output to match (tests). */
  checkResponses: boolean;
  /** Super-admins may run simulated marketplace activity (POST /api/simulation, `npm run simulate`). */
  simulation: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Passed to Fastify's trustProxy: false, true, or a number of hops. */
  trustProxy: boolean | number;
  /** How long a proved factor (or password) lets a session use the sensitive routes without asking again. */
  stepUpSeconds: number;
  /** Super-admins must sign in with a second factor (what roles' `requiresMfa` is for everyone else). */
  mfaRequiredForSuperAdmin: boolean;
  /** Key material for the TOTP secrets at rest; derived from the JWT secret when unset. */
  mfaEncryptionKey: string | undefined;
  /** How many export jobs this instance writes at once (modules/exports/worker.ts). */
  exportConcurrency: number;
  /** `GET /metrics` on the API's port answers only with this bearer token; absent when unset (platform/metrics.ts). */
  metricsToken: string | undefined;
  /** A second listener serving `/metrics` on 127.0.0.1 only, without a token; none when unset. */
  metricsPort: number | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((problem) => `Invalid configuration: ${problem}`).join("\n"));
    this.name = "ConfigError";
  }
}

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());

const urlWithProtocols = (name: string, protocols: string[]) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
      )
      .optional(),
  );

/** A true/false variable; undefined when it is not set, so the caller can pick a default from other settings. */
const optionalBooleanFlag = (name: string) =>
  z.preprocess(
    (value) => blankToUndefined(typeof value === "string" ? value.trim().toLowerCase() : value),
    z
      .enum(["true", "false", "1", "0", "yes", "no"], { error: `${name} must be true or false` })
      .optional()
      .transform((value) => (value === undefined ? undefined : ["true", "1", "yes"].includes(value))),
  );

/** A whole number in [min, max], with one message for every way it can be wrong ("PORT must be a number …"). */
const integerBetween = (name: string, min: number, max: number, unit?: string) => {
  const message = `${name} must be a number${unit ? ` of ${unit}` : ""} between ${min} and ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

const envSchema = z.object({
  PORT: z.preprocess(blankToUndefined, integerBetween("PORT", 1, 65_535).default(3000)),
  HOST: z.preprocess(blankToUndefined, z.string().default("0.0.0.0")),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
  DATABASE_URL: urlWithProtocols("DATABASE_URL", ["postgres:", "postgresql:"]),
  DATABASE_MIGRATION_URL: urlWithProtocols("DATABASE_MIGRATION_URL", ["postgres:", "postgresql:"]),
  REDIS_URL: urlWithProtocols("REDIS_URL", ["redis:", "rediss:"]),
  SMTP_URL: urlWithProtocols("SMTP_URL", ["smtp:", "smtps:"]),
  S3_URL: urlWithProtocols("S3_URL", ["https:", "http:"]).refine(
    (value) => value === undefined || new URL(value).pathname.replace(/\/+/g, "") !== "",
    "S3_URL must name the bucket as its path (https://KEY:SECRET@host/bucket)",
  ),
  MAIL_FROM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(value.trim()), {
        error: 'MAIL_FROM must be an address such as "Palco Admin <no-reply@example.com>"',
      })
      .default("Palco Admin <no-reply@palco.local>"),
  ),
  PUBLIC_URL: urlWithProtocols("PUBLIC_URL", ["http:", "https:"]),
  JWT_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, "JWT_SECRET must be at least 32 characters long").optional(),
  ),
  ADMIN_EMAIL: z.preprocess(
    blankToUndefined,
    z.email("ADMIN_EMAIL must be a valid e-mail address").default("admin@palco.local"),
  ),
  ADMIN_PASSWORD: optionalText,
  SEED_DEMO: optionalBooleanFlag("SEED_DEMO"),
  API_DOCS: optionalBooleanFlag("API_DOCS"),
  CHECK_RESPONSES: optionalBooleanFlag("CHECK_RESPONSES"),
  SIMULATION: optionalBooleanFlag("SIMULATION"),
  LOG_LEVEL: z.preprocess(
    (value) => blankToUndefined(typeof value === "string" ? value.trim().toLowerCase() : value),
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ),
  STEP_UP_SECONDS: z.preprocess(blankToUndefined, integerBetween("STEP_UP_SECONDS", 1, 86_400, "seconds").default(300)),
  MFA_REQUIRED_FOR_SUPER_ADMIN: optionalBooleanFlag("MFA_REQUIRED_FOR_SUPER_ADMIN"),
  MFA_ENCRYPTION_KEY: z.preprocess(
    blankToUndefined,
    z.string().min(32, "MFA_ENCRYPTION_KEY must be at least 32 characters long").optional(),
  ),
  EXPORT_CONCURRENCY: z.preprocess(blankToUndefined, integerBetween("EXPORT_CONCURRENCY", 1, 16, "jobs").default(2)),
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z.string().min(24, "METRICS_TOKEN must be at least 24 characters long").optional(),
  ),
  METRICS_PORT: z.preprocess(blankToUndefined, integerBetween("METRICS_PORT", 1, 65_535).optional()),
  TRUST_PROXY: z.preprocess(
    (value) => blankToUndefined(typeof value === "string" ? value.trim().toLowerCase() : value),
    z
      .string()
      .regex(/^(true|false|\d{1,2})$/, "TRUST_PROXY must be true, false or a number of proxy hops")
      .optional(),
  ),
});

/** Reads and validates the environment; throws a ConfigError listing every problem, one per line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "environment");
      problems.push(issue.message.startsWith(name) ? issue.message : `${name} is invalid (${issue.message})`);
    }
    throw new ConfigError(problems);
  }
  const values = parsed.data;
  if (values.ADMIN_PASSWORD !== undefined) {
    const policy = passwordPolicy.safeParse(values.ADMIN_PASSWORD);
    if (!policy.success) {
      problems.push(
        "ADMIN_PASSWORD must be 8 to 24 characters with a lowercase letter, an uppercase letter and a digit, and no spaces",
      );
    }
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    problems.push("METRICS_PORT must differ from PORT (the metrics listener is a second one, on 127.0.0.1)");
  }
  if (values.DATABASE_MIGRATION_URL !== undefined && values.DATABASE_URL === undefined) {
    problems.push("DATABASE_MIGRATION_URL needs DATABASE_URL (the role the server runs as)");
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const trustProxy =
    values.TRUST_PROXY === undefined || values.TRUST_PROXY === "false"
      ? false
      : values.TRUST_PROXY === "true"
        ? true
        : Number(values.TRUST_PROXY);

  // Demo staff share the super-admin's password: welcome on a laptop's embedded database, never something a
  // production PostgreSQL should receive by default.
  const seedDemo = values.SEED_DEMO ?? values.DATABASE_URL === undefined;
  const seedDemoReason =
    values.SEED_DEMO !== undefined
      ? `SEED_DEMO=${values.SEED_DEMO}`
      : values.DATABASE_URL === undefined
        ? "SEED_DEMO is not set and the database is the embedded one"
        : "SEED_DEMO is not set and DATABASE_URL is set; set SEED_DEMO=true to load it";

  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databaseMigrationUrl: values.DATABASE_MIGRATION_URL,
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    s3Url: values.S3_URL,
    mailFrom: values.MAIL_FROM.trim(),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    jwtSecret: values.JWT_SECRET,
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    seedDemo,
    seedDemoReason,
    apiDocs: values.API_DOCS ?? true,
    checkResponses: values.CHECK_RESPONSES ?? false,
    // Made-up members, owners and bookings belong next to the demo data, never in a real marketplace by default.
    simulation: values.SIMULATION ?? seedDemo,
    logLevel: values.LOG_LEVEL,
    trustProxy,
    stepUpSeconds: values.STEP_UP_SECONDS,
    // A production database holds real staff: its super-admins use a second factor unless told otherwise. The
    // embedded demo database is for trying the app, where a forced enrolment would stand in the way.
    mfaRequiredForSuperAdmin: values.MFA_REQUIRED_FOR_SUPER_ADMIN ?? values.DATABASE_URL !== undefined,
    mfaEncryptionKey: values.MFA_ENCRYPTION_KEY,
    exportConcurrency: values.EXPORT_CONCURRENCY,
    metricsToken: values.METRICS_TOKEN,
    metricsPort: values.METRICS_PORT,
  };
}

/**
 * Without JWT_SECRET a random secret is generated once and kept in DATA_DIR/jwt-secret (mode 0600),
 * so sessions survive restarts without anyone having to invent a secret.
 */
export function ensureJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, "jwt-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) {
      config.jwtSecret = existing;
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  config.jwtSecret = secret;
  return secret;
}

/** The start-up line saying whether demo data is loaded and why. */
export function seedDemoDecision(config: Pick<Config, "seedDemo" | "seedDemoReason">): string {
  return `Demo data: ${config.seedDemo ? "on" : "off"} (${config.seedDemoReason})`;
}
