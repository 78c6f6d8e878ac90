import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Paged, PermissionCode, Session } from "@palco/shared";
import type { SQL } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { SignJWT } from "jose";
import pg from "pg";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { type BuildAppOptions, buildApp } from "../src/app.ts";
import { hashPassword } from "../src/platform/auth.ts";
import { loadConfig } from "../src/platform/config.ts";
import { createDatabase, type Database, genericTwinOf } from "../src/platform/db.ts";
import { rolePermissions, roles, userRoles, users } from "../src/platform/schema.ts";
import { databaseUrlFor, ensureLoginRole, TEST_APP_ROLE, TEST_OWNER_ROLE } from "./postgres-roles.ts";

export const ADMIN_EMAIL = "admin@palco.test";
export const ADMIN_PASSWORD = "Admin2026x";
export const USER_PASSWORD = "User2026x";
/** The signing key every test app uses, so a test can forge or hand-craft tokens the app would accept. */
export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123";

/** The configuration of a test app: its own data folder, the test super-admin, no demo data; `env` overrides. */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: "false",
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: "http://palco.test",
    // Tests about the second factor turn it on; the others sign the super-admin in with the password alone.
    MFA_REQUIRED_FOR_SUPER_ADMIN: "false",
    // Every answer is also held against its zod schema (platform/serializer.ts).
    CHECK_RESPONSES: "true",
    ...env,
  });
}

/** A token signed with the test key and valid in every other way, but naming no session (`sid`). */
export function sessionlessToken(userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer("palco-admin")
    .setIssuedAt()
    .setExpirationTime("15m")
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

/** Which backend the suite runs on: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export const backend = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

export { databaseUrlFor, ensureLoginRole, TEST_APP_ROLE, TEST_OWNER_ROLE };

export interface TestDatabase {
  /** The app's connection: on PostgreSQL the least-privilege role (`TEST_APP_ROLE`), data rights only. */
  database: Database;
  /** The app's connection string (PostgreSQL only). */
  url?: string;
  /** The schema owner's connection string, given to the app as DATABASE_MIGRATION_URL (PostgreSQL only). */
  migrationUrl?: string;
  /** What a test app's configuration needs to use this database: DATABASE_URL and DATABASE_MIGRATION_URL. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A database of its own for each test app. On PostgreSQL a fresh database is created next to TEST_DATABASE_URL
 * and dropped afterwards, so test files running in parallel never see each other's rows. It belongs to the
 * schema-owner role and the app connects as the least-privilege role: the split the
 * README asks of production, so every PostgreSQL test runs with the rights the server really has.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await createDatabase({ inMemory: true, loadDataDir: await pgliteTemplate() });
    return { database, env: {}, drop: () => database.close() };
  }
  const name = `test_${process.pid}_${randomBytes(6).toString("hex")}`;
  // A copy of the database global-setup.ts migrated (the app's start then finds nothing to apply), unless the test
  // is about migrating.
  const template = migrated ? inject("postgresTemplate") : "";
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Both roles exist: global-setup.ts created them with the template.
    await admin.query(
      `CREATE DATABASE "${name}" OWNER "${TEST_OWNER_ROLE}"${template ? ` TEMPLATE "${template}"` : ""}`,
    );
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(adminUrl, name, TEST_APP_ROLE);
  const migrationUrl = databaseUrlFor(adminUrl, name, TEST_OWNER_ROLE);
  const database = await createDatabase({ url });
  return {
    database,
    url,
    migrationUrl,
    env: { DATABASE_URL: url, DATABASE_MIGRATION_URL: migrationUrl },
    async drop() {
      await database.close();
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

let template: Promise<Blob | undefined> | undefined;
/** The migrated PGlite made by global-setup.ts, read once per test file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject("pgliteTemplate");
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

const hashes = new Map<string, Promise<string>>();
/** argon2 is deliberately slow: tests reuse one hash per password. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface CreateUserOptions {
  email?: string;
  password?: string;
  permissions?: PermissionCode[];
  isActive?: boolean;
  verified?: boolean;
  superAdmin?: boolean;
  firstName?: string;
  language?: "en" | "es";
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL database of this app, as its least-privilege role (undefined on PGlite). */
  databaseUrl: string | undefined;
  /** The same database as the schema owner (undefined on PGlite). */
  migrationUrl: string | undefined;
  /**
   * DATABASE_URL and DATABASE_MIGRATION_URL of this app's database (empty on PGlite): the `env` of another test app
   * built on the same database (`build.database`), which must migrate as the same owner.
   */
  databaseEnv: Record<string, string>;
  /**
   * Runs a statement as the schema owner (on PGlite, on the app's own connection): what the server's role may not
   * do, such as ANALYZE before a planner-estimate test.
   */
  asOwner(statement: SQL): Promise<void>;
  /** A fresh access token for the seeded super-admin. */
  adminToken(): Promise<string>;
  /** Inserts a user (and a role holding `permissions`) straight into the database. */
  createUser(options?: CreateUserOptions): Promise<{ id: number; email: string; password: string }>;
  /** A user holding exactly these permissions, signed in: returns the bearer header. */
  userWith(...permissions: PermissionCode[]): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: { env?: Record<string, string>; build?: Partial<BuildAppOptions> } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "palco-api-test-"));
  const { database, drop, url: databaseUrl, migrationUrl, env } = await createTestDatabase();
  let app: FastifyInstance;
  try {
    const config = testConfig(dataDir, { ...env, ...options.env });
    app = await buildApp({ config, database, logger: false, print: () => {}, ...options.build });
  } catch (error) {
    await drop();
    throw error;
  }

  let sequence = 0;
  const createUser = async (opts: CreateUserOptions = {}) => {
    sequence += 1;
    const email = opts.email ?? `user${sequence}.${randomBytes(3).toString("hex")}@palco.test`;
    const password = opts.password ?? USER_PASSWORD;
    const [user] = await app.db
      .insert(users)
      .values({
        firstName: opts.firstName ?? `User${sequence}`,
        lastName: "Test",
        email,
        passwordHash: await cachedHash(password),
        isActive: opts.isActive ?? true,
        isSuperAdmin: opts.superAdmin ?? false,
        emailVerifiedAt: (opts.verified ?? true) ? new Date() : null,
        language: opts.language ?? "en",
      })
      .returning({ id: users.id });
    if (opts.permissions) {
      const [role] = await app.db
        .insert(roles)
        .values({ name: `role-${sequence}-${randomBytes(3).toString("hex")}` })
        .returning({ id: roles.id });
      if (opts.permissions.length > 0) {
        await app.db
          .insert(rolePermissions)
          .values(opts.permissions.map((permissionCode) => ({ roleId: role!.id, permissionCode })));
      }
      await app.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
    }
    return { id: user!.id, email, password };
  };

  return {
    app,
    dataDir,
    databaseUrl,
    migrationUrl,
    databaseEnv: env,
    async asOwner(statement) {
      if (!migrationUrl) {
        await app.db.execute(statement);
        return;
      }
      const owner = await createDatabase({ url: migrationUrl });
      try {
        await owner.db.execute(statement);
      } finally {
        await owner.close();
      }
    },
    adminToken: async () => (await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).token,
    createUser,
    async userWith(...permissions) {
      const user = await createUser({ permissions });
      return bearer((await login(app, user.email, user.password)).token);
    },
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let ipSequence = 0;
/** Each sign-in comes from its own address unless one is given, so per-IP throttling never links tests. */
export function nextIp(): string {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

export async function login(app: FastifyInstance, email: string, password: string, ip = nextIp()): Promise<Session> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { provider: "email", user: email, secret: password },
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Session }>().data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The session (refresh-token family) an access token belongs to: its `sid` claim. */
export const sessionIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { sid: string }).sid;

/** Shorthand for app.inject that never lets a 5xx pass silently. */
export async function call(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject(options);
  expect(response.statusCode, `${options.method} ${options.url} → ${response.body}`).toBeLessThan(500);
  return response;
}

/**
 * What the app sends now and then rather than for a list: the guard's session (kept 10 seconds) and the listed
 * table's size (kept a minute), which a slow machine can let lapse between two tests, and the export worker's look
 * for queued jobs (every second, on the same pool), which can fall inside a request. None of them is counted.
 */
const PERIODIC_READS = [/"user_roles"/, /^select case when c\.relpages/, /"export_jobs"/];

/** Every statement the API sends on `db` for its lists while `work` runs (not the PERIODIC_READS). */
export async function statementsSentBy(db: object, work: () => Promise<void>): Promise<string[]> {
  const client = (db as unknown as { $client: { query(...args: unknown[]): Promise<unknown> } }).$client;
  const original = client.query;
  const sent: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [text] = args;
    sent.push(typeof text === "string" ? text : (text as { text: string }).text);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return sent.filter((statement) => !PERIODIC_READS.some((read) => read.test(statement)));
}

/**
 * What `work` sends for its lists on `db`'s pool (`sent`) and on its twin that keeps one plan per statement (`kept`,
 * always empty where there is no twin: PGlite).
 */
export async function statementsSentByPool(db: object, work: () => Promise<void>) {
  const twin = genericTwinOf(db as Parameters<typeof genericTwinOf>[0]);
  let kept: string[] = [];
  const sent = await statementsSentBy(db, async () => {
    if (twin) kept = await statementsSentBy(twin, work);
    else await work();
  });
  return { sent, kept };
}

/** A paged list read with `headers`, which must answer 200. */
export async function readPage<TItem = { id: number; name: string }>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<Paged<TItem>> {
  const response = await call(app, { method: "GET", url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Paged<TItem>;
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** Reads DATA_DIR/outbox: the .eml files the file mailer wrote, with their parts decoded. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const dir = path.join(dataDir, "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
  const messages: OutboxMessage[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), "utf8");
    const head = raw.slice(0, raw.indexOf("\n\n")).replace(/\n[ \t]+/g, " ");
    const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "");
    const part = (type: string) => {
      const match = new RegExp(
        `Content-Type: ${type}; charset=utf-8\\nContent-Transfer-Encoding: quoted-printable\\n\\n([\\s\\S]*?)\\n----`,
      ).exec(raw);
      return match ? decodeQuotedPrintable(match[1]!) : "";
    };
    messages.push({
      file,
      to: header("To"),
      subject: header("Subject"),
      text: part("text/plain"),
      html: part("text/html"),
    });
  }
  return messages;
}

/** The token of the first `${PUBLIC_URL}/<page>?token=…` link in a message. */
export function tokenFromLink(message: OutboxMessage, page: "reset-password" | "activate-account"): string {
  const match = new RegExp(`http://palco\\.test/${page}\\?token=([A-Za-z0-9_-]+)`).exec(message.text);
  if (!match) throw new Error(`No ${page} link in ${message.file}:\n${message.text}`);
  return decodeURIComponent(match[1]!);
}

/** A country and a state in it, made through the API as staff would; answers the state's id. */
export async function createState(
  app: FastifyInstance,
  headers: Record<string, string>,
  names: { country: string; countryCode: string; state: string; stateCode: string },
): Promise<number> {
  const country = await call(app, {
    method: "POST",
    url: "/api/countries",
    headers,
    payload: { name: names.country, code: names.countryCode },
  });
  const state = await call(app, {
    method: "POST",
    url: "/api/states",
    headers,
    payload: { name: names.state, code: names.stateCode, country: country.json<{ id: number }>().id },
  });
  return state.json<{ id: number }>().id;
}

export function expectErrorShape(response: LightMyRequestResponse, statusCode: number) {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json();
  expect(body).toMatchObject({ statusCode, error: expect.any(String), message: expect.any(String) });
  return body as { statusCode: number; error: string; message: string; messages?: Record<string, string> };
}

/**
 * Builds the file's app before its tests, signs the super-admin in, and closes the app after the last test.
 * `ready` hands both to the file, which keeps them in its own variables.
 */
export function withTestApp(ready: (app: TestApp, admin: { authorization: string }) => void | Promise<void>) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    await ready(app, bearer(await app.adminToken()));
  });
  afterAll(async () => {
    await app?.close();
  });
}

/**
 * A stand-in for the built SPA: an index.html, the two prerendered pages, one hashed asset and a robots.txt, each with the .br and .gz
 * siblings the web build writes (apps/web/vite.config.ts), and an emitted source map that must never be served.
 */
export async function createFakeSpa(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "palco-spa-"));
  await mkdir(path.join(dir, "assets"));
  await mkdir(path.join(dir, ".vite"));
  const files: Record<string, string> = {
    "index.html": `<!doctype html><title>Palco SPA</title>${"<!-- padding -->".repeat(100)}`,
    // The build's prerendered sign-in page (apps/web/scripts/prerender.mjs).
    "login.html": `<!doctype html><title>Palco SPA</title><h1>Sign in</h1>${"<!-- padding -->".repeat(100)}`,
    // …and the signed-in frame it writes for the other pages.
    "shell.html": `<!doctype html><title>Palco SPA</title><div data-shell></div>${"<!-- padding -->".repeat(100)}`,
    "assets/app-abc123.js": `console.log('spa');${"/* padding */".repeat(200)}`,
  };
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dir, name), text);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dir, "assets", "app-abc123.js.map"), '{"version":3,"sources":[],"mappings":""}');
  await writeFile(path.join(dir, "robots.txt"), "User-agent: *\nDisallow: /\n");
  await writeFile(path.join(dir, ".vite", "manifest.json"), "{}");
  return dir;
}
