import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { createDatabase, type Database } from "../src/platform/db.ts";
import { isConnectionError, markConnectFailure } from "../src/platform/db-errors.ts";
import { installErrorHandling } from "../src/platform/errors.ts";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  backend,
  bearer,
  databaseUrlFor,
  ensureLoginRole,
  expectErrorShape,
  login,
  nextIp,
  testConfig,
} from "./helpers.ts";

const UNAVAILABLE = {
  en: "The service is temporarily unavailable, please try again in a few moments",
  es: "El servicio no está disponible por el momento, inténtalo de nuevo en unos instantes",
};

function expectUnavailable(response: LightMyRequestResponse, language: "en" | "es") {
  const body = expectErrorShape(response, 503);
  expect(response.headers["retry-after"]).toBe("5");
  expect(body).toEqual({
    statusCode: 503,
    error: "Service Unavailable",
    message: UNAVAILABLE[language],
    messages: { general: UNAVAILABLE[language] },
  });
}

async function appOn(database: Database, dataDir: string): Promise<FastifyInstance> {
  const config = testConfig(dataDir);
  return buildApp({ config, database, logger: false, print: () => {} });
}

const pgError = (code: string) => Object.assign(new Error("server said no"), { code, severity: "FATAL" });
const drizzleWrapped = (cause: unknown) =>
  Object.assign(new Error("Failed query: select 1\nparams: "), { query: "select 1", params: [], cause });

describe("connection-class errors", () => {
  it("are recognised through drizzle's wrapper and AggregateErrors, and nothing else is", () => {
    const unavailable = [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      Object.assign(new Error("connect ETIMEDOUT"), { code: "ETIMEDOUT" }),
      Object.assign(new Error("write EPIPE"), { code: "EPIPE" }),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated"),
      new Error("Connection terminated due to connection timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("PGlite is closed"),
      new Error("PGlite is closing"),
      pgError("08006"),
      pgError("08001"),
      pgError("57P01"),
      pgError("57P02"),
      pgError("57P03"),
      pgError("53300"),
      pgError("53200"),
      pgError("25006"),
      pgError("57P04"),
      pgError("28000"), // role not permitted to log in
      pgError("28P01"), // password authentication failed
      // Refused while opening a connection: the database takes no connections, or not from this role.
      markConnectFailure(pgError("55000")),
      markConnectFailure(pgError("42501")),
      // Node's dual-stack connect fails with one error per address.
      new AggregateError([Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })], ""),
    ];
    for (const error of unavailable) {
      expect(isConnectionError(error), error.message).toBe(true);
      expect(isConnectionError(drizzleWrapped(error)), `wrapped ${error.message}`).toBe(true);
    }
    const other = [
      new Error("boom"),
      pgError("23505"),
      pgError("22P02"),
      pgError("42P01"),
      pgError("57014"), // statement timeout: this query was slow, the server is fine
      // The same codes raised by a query in a working session are about that query, not an outage.
      pgError("42501"),
      pgError("55000"),
      Object.assign(new Error("ENOENT"), { code: "ENOENT" }),
      undefined,
      "ECONNREFUSED",
    ];
    for (const error of other) expect(isConnectionError(error), String(error)).toBe(false);
  });

  it("answer 503 with Retry-After in the request's language; other failures stay 500", async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.get("/down", async () => {
      throw drizzleWrapped(pgError("57P01"));
    });
    app.get("/boom", async () => {
      throw new Error("boom");
    });
    expectUnavailable(await app.inject({ url: "/down" }), "en");
    expectUnavailable(await app.inject({ url: "/down", headers: { "accept-language": "es-MX" } }), "es");
    const boom = await app.inject({ url: "/boom" });
    expect(boom.statusCode).toBe(500);
    expect(boom.headers["retry-after"]).toBeUndefined();
    await app.close();
  });
});

describe("embedded database closed under the app", () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "palco-outage-"));
    database = await createDatabase({ inMemory: true });
    app = await appOn(database, dataDir);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers 503 + Retry-After for database-backed requests while liveness stays 200", async () => {
    const { token } = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await app.inject({ url: "/api/health/ready" })).json()).toEqual({ status: "ok" });

    await database.close();

    expectUnavailable(await app.inject({ url: "/api/countries", headers: bearer(token) }), "en");
    expectUnavailable(
      await app.inject({ url: "/api/countries", headers: { ...bearer(token), "accept-language": "es" } }),
      "es",
    );
    expectUnavailable(
      await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { provider: "email", user: ADMIN_EMAIL, secret: ADMIN_PASSWORD },
      }),
      "en",
    );
    expectUnavailable(await app.inject({ url: "/api/health/ready", headers: { "accept-language": "es" } }), "es");
    const live = await app.inject({ url: "/api/health" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
  });
});

/**
 * A TCP relay between the app and PostgreSQL: stopping it cuts every open connection and refuses new ones (the
 * server went away), `blackhole` accepts connections and never answers (a network partition), starting it again on
 * the same port is the server coming back.
 */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetPort: number,
    private readonly targetHost: string,
  ) {}

  async start(mode: "forward" | "blackhole" = "forward") {
    const server = net.createServer((client) => {
      this.sockets.add(client);
      client.on("close", () => this.sockets.delete(client));
      client.on("error", () => {});
      if (mode === "blackhole") return;
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(upstream);
      upstream.on("close", () => this.sockets.delete(upstream));
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.skipIf(backend !== "postgres")("PostgreSQL going away and coming back", () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `test_outage_${process.pid}_${randomBytes(4).toString("hex")}`;
  let relay: Relay;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const target = new URL(adminUrl);
    relay = new Relay(Number(target.port || 5432), target.hostname);
    await relay.start();
    const url = new URL(adminUrl);
    url.hostname = "127.0.0.1";
    url.port = String(relay.port);
    url.pathname = `/${name}`;
    dataDir = await mkdtemp(path.join(tmpdir(), "palco-outage-"));
    database = await createDatabase({ url: url.toString() });
    app = await appOn(database, dataDir);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.stop();
    const cleaner = new pg.Client({ connectionString: adminUrl });
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleaner.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers 503 + Retry-After during the outage and recovers without a restart", async () => {
    const { token } = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const countries = (language: "en" | "es") =>
      app.inject({ url: "/api/countries", headers: { ...bearer(token), "accept-language": language } });
    expect((await countries("en")).statusCode).toBe(200);

    await relay.stop();

    expectUnavailable(await countries("en"), "en");
    expectUnavailable(await countries("es"), "es");
    expectUnavailable(
      await app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "accept-language": "es" },
        payload: { provider: "email", user: ADMIN_EMAIL, secret: ADMIN_PASSWORD },
      }),
      "es",
    );
    expectUnavailable(await app.inject({ url: "/api/health/ready" }), "en");
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);

    await relay.start();

    expect((await app.inject({ url: "/api/health/ready" })).json()).toEqual({ status: "ok" });
    const back = await countries("en");
    expect(back.statusCode, back.body).toBe(200);
    expect((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).token).toBeTruthy();
  });

  it("a connection lost inside a transaction fails that transaction, not the process", async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await relay.stop();
        // Let the client see its socket close while it is checked out of the pool.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isConnectionError(failure), String(failure)).toBe(true);
    await relay.start();
    expect((await app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
  });

  it("fails fast when the server accepts connections but never answers", async () => {
    const { token } = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
    await relay.stop();
    await relay.start("blackhole");
    try {
      const readyStarted = Date.now();
      expectUnavailable(await app.inject({ url: "/api/health/ready" }), "en");
      expect(Date.now() - readyStarted).toBeLessThan(4_000);

      const started = Date.now();
      expectUnavailable(await app.inject({ url: "/api/countries", headers: bearer(token) }), "en");
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await relay.stop();
      await relay.start();
    }
    // Connection attempts left hanging on the black hole must not hold the pool once the server is back.
    const back = await app.inject({ url: "/api/countries", headers: bearer(token) });
    expect(back.statusCode, back.body).toBe(200);
  });
});

// PostgreSQL only: PGlite has no connections to refuse, no roles and no connection privileges.
describe.skipIf(backend !== "postgres")("PostgreSQL up but refusing new connections", () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const suffix = `${process.pid}_${randomBytes(4).toString("hex")}`;
  const name = `test_refusing_${suffix}`;
  // A role of its own (not the superuser, whom CONNECT privileges do not bind), owning the database.
  const role = `test_refusing_${suffix}`;
  let admin: pg.Client;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await ensureLoginRole(admin, role);
    await admin.query(`CREATE DATABASE "${name}" OWNER "${role}"`);
    dataDir = await mkdtemp(path.join(tmpdir(), "palco-outage-"));
    database = await createDatabase({ url: databaseUrlFor(adminUrl, name, role) });
    app = await appOn(database, dataDir);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS "${role}"`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Ends the app's open connections and waits until its pool has let go of them, so the next query must connect. */
  async function closeOpenConnections() {
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    while (pool.totalCount > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const causes = [
    {
      cause: "the database takes no connections (55000)",
      refuse: `ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`,
      restore: `ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`,
    },
    {
      cause: "the role lost CONNECT on the database (42501)",
      refuse: `REVOKE CONNECT ON DATABASE "${name}" FROM PUBLIC, "${role}"`,
      restore: `GRANT CONNECT ON DATABASE "${name}" TO "${role}"`,
    },
    {
      cause: "the role may not log in (28000)",
      refuse: `ALTER ROLE "${role}" NOLOGIN`,
      restore: `ALTER ROLE "${role}" LOGIN`,
    },
  ];

  for (const { cause, refuse, restore } of causes) {
    it(`${cause}: 503 + Retry-After everywhere, sign-in included, and the right password works at once after`, async () => {
      const { token } = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
      const countries = (language: "en" | "es") =>
        app.inject({ url: "/api/countries", headers: { ...bearer(token), "accept-language": language } });
      const ip = nextIp();
      await admin.query(refuse);
      try {
        await closeOpenConnections();
        expectUnavailable(await countries("en"), "en");
        expectUnavailable(await countries("es"), "es");
        expectUnavailable(await app.inject({ url: "/api/health/ready" }), "en");
        // More attempts than the per-account-and-IP limit, all with the right password: none was judged.
        for (let attempt = 0; attempt < 6; attempt++) {
          expectUnavailable(
            await app.inject({
              method: "POST",
              url: "/api/auth/login",
              payload: { provider: "email", user: ADMIN_EMAIL, secret: ADMIN_PASSWORD },
              remoteAddress: ip,
            }),
            "en",
          );
        }
      } finally {
        await admin.query(restore);
      }
      const back = await countries("en");
      expect(back.statusCode, back.body).toBe(200);
      expect((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD, ip)).token).toBeTruthy();
    });
  }
});

describe.skipIf(!process.env.TEST_REDIS_URL)("Redis going away and coming back", () => {
  const redisUrl = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  let relay: Relay;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    relay = new Relay(Number(redisUrl.port || 6379), redisUrl.hostname);
    await relay.start();
    dataDir = await mkdtemp(path.join(tmpdir(), "palco-outage-"));
    database = await createDatabase({ inMemory: true });
    const config = testConfig(dataDir, { REDIS_URL: `redis://127.0.0.1:${relay.port}` });
    app = await buildApp({ config, database, logger: false, print: () => {} });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("makes readiness 503 while Redis is unreachable, 200 again once it reconnects", async () => {
    expect((await app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
    await relay.stop();
    const started = Date.now();
    expectUnavailable(await app.inject({ url: "/api/health/ready" }), "en");
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
    await relay.start();
    // node-redis reconnects with a growing delay (at most 5 s).
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await app.inject({ url: "/api/health/ready" })).statusCode;
    }
    expect(status).toBe(200);
  });
});
