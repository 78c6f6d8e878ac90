import { sql } from "drizzle-orm";
import { prettyFactory } from "pino-pretty";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLogger } from "../src/platform/logging.ts";
import { users } from "../src/platform/schema.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

/** Values a failing query carries as parameters: none of them may reach the log. */
const SECRET_EMAIL = "leak.me.7f3a@secret.example";
const SECRET_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$LeakedHashValue0123456789abcdef";
const SECRET_TOKEN = "tokenhash-5be1c0ffee-9d2a";
const SECRET_PHONE = "+525512345678";
const SECRETS = [SECRET_EMAIL, SECRET_HASH, "LeakedHashValue", SECRET_TOKEN, SECRET_PHONE];

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  err?: {
    type: string;
    message: string;
    stack?: string;
    query?: string;
    code?: string;
    cause?: { type: string; code?: string; message: string; detail?: unknown };
  };
}

let t: TestApp;
const output: string[] = [];
const lines = () =>
  output
    .join("")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as LogLine);

beforeAll(async () => {
  t = await createTestApp({
    build: { logger: { level: "info", stream: { write: (chunk: string) => output.push(chunk) } } },
  });
  // Real queries against the real schema, failing in the three ways a request can: a constraint the code does not
  // map (500, with PostgreSQL's "Failing row contains (…)" detail), input the database refuses (400), and a
  // read-only database as after a failover (503).
  const route = { config: { permission: "public" as const } };
  t.app.get("/api/test/ok", route, async () => ({ ok: true }));
  t.app.post("/api/test/not-null", route, async () => {
    await t.app.db.execute(
      sql`insert into users (email, password_hash, phone, first_name, last_name) values (${SECRET_EMAIL}, ${SECRET_HASH}, ${SECRET_PHONE}, null, 'x')`,
    );
  });
  t.app.post("/api/test/bad-input", route, async () => {
    await t.app.db.execute(sql`select * from users where id = ${SECRET_TOKEN}::integer and email = ${SECRET_EMAIL}`);
  });
  t.app.post("/api/test/read-only", route, async () => {
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx
        .insert(users)
        .values({ firstName: "A", lastName: "B", email: SECRET_EMAIL, passwordHash: SECRET_HASH, phone: SECRET_PHONE });
    });
  });
});
afterAll(async () => {
  await t?.close();
});

describe("error logs", () => {
  it("name the error class, SQLSTATE and SQL, never the query's values", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/test/not-null" })).statusCode).toBe(500);
    expect((await t.app.inject({ method: "POST", url: "/api/test/bad-input" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/test/read-only" })).statusCode).toBe(503);

    const text = output.join("");
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toContain("Failing row contains");

    const logged = lines().filter((line) => line.err);
    const unhandled = logged.find((line) => line.msg === "unhandled error");
    expect(unhandled?.err).toMatchObject({
      type: "DrizzleQueryError",
      cause: { type: "DatabaseError", code: "23502" },
    });
    expect(unhandled?.err?.query).toContain("insert into users");
    expect(unhandled?.err?.message).toContain("insert into users");
    expect(unhandled?.err?.message).toContain("params: [REDACTED]");
    expect(unhandled?.err?.stack).toMatch(/^DrizzleQueryError|^Error/);
    expect(unhandled?.err?.cause?.detail).toBeUndefined();

    const rejected = logged.find((line) => line.msg === "database rejected input");
    expect(rejected?.err?.cause).toMatchObject({ code: "22P02" });
    expect(rejected?.err?.cause?.message).toContain('"[REDACTED]"');

    const unavailable = logged.find((line) => line.msg === "connection failure, answered 503");
    expect(unavailable?.err?.cause).toMatchObject({ code: "25006" });
    expect(unavailable?.err?.query).toContain('insert into "users"');
  });

  it("say at start-up whether demo data is loaded and why", () => {
    expect(lines().some((line) => line.msg === "Demo data: off (SEED_DEMO=false)")).toBe(true);
  });
});

describe("request logs", () => {
  it("are one line per request: method, URL without secrets, status, milliseconds and request id", async () => {
    const url = `/api/test/ok?token=${SECRET_TOKEN}&page=2`;
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);

    const logged = lines().filter((line) => line.url?.startsWith("/api/test/ok"));
    expect(logged).toHaveLength(1);
    const [line] = logged;
    expect(line).toMatchObject({
      level: 30,
      method: "GET",
      url: "/api/test/ok?token=[REDACTED]&page=2",
      statusCode: 200,
      reqId: expect.any(String),
      responseTime: expect.any(Number),
    });
    expect(line!.msg).toMatch(/^GET \/api\/test\/ok\?token=\[REDACTED\]&page=2 200 \d+(\.\d)?ms$/);
    expect(output.join("")).not.toContain(SECRET_TOKEN);
    // Fastify's own pair of lines is gone.
    expect(lines().filter((entry) => entry.msg === "incoming request" || entry.msg === "request completed")).toEqual(
      [],
    );
  });

  it("keep no signed-link secrets and no searched personal data", async () => {
    const session = "9f1c2e7a-5b4d-4c3e-8a21-session-secret";
    const signature = "c2lnbmF0dXJlLXNlY3JldC12YWx1ZQ";
    const link = `/api/owners/1/documents/id-front?user=1&session=${session}&expires=4102444800&signature=${signature}`;
    expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBeLessThan(500);
    const headers = { authorization: `Bearer ${await t.adminToken()}` };
    for (const url of [
      "/api/bookings?search=probe.email%40example.com&page=1",
      "/api/owners?search=Probe%20Person",
      "/api/audit-log/actors?search=probe.email@example.com",
    ]) {
      expect((await t.app.inject({ method: "GET", url, headers })).statusCode, url).toBe(200);
    }

    const text = output.join("");
    for (const secret of [session, signature, "probe.email", "probe%2Eemail", "Probe%20Person", "Probe Person"]) {
      expect(text).not.toContain(secret);
    }
    const urls = lines().map((line) => line.url);
    expect(urls).toContain(
      "/api/owners/1/documents/id-front?user=1&session=[REDACTED]&expires=4102444800&signature=[REDACTED]",
    );
    expect(urls).toContain("/api/bookings?search=[MASKED]&page=1");
    expect(urls).toContain("/api/audit-log/actors?search=[MASKED]");
  });

  it("are pretty one-liners in a terminal and JSON otherwise", () => {
    expect(defaultLogger("info", false)).not.toHaveProperty("transport");
    const options = defaultLogger("info", true) as { transport: { target: string; options: Record<string, unknown> } };
    expect(options.transport.target).toBe("pino-pretty");
    const pretty = prettyFactory({ ...options.transport.options, colorize: false });
    const text = pretty({
      level: 30,
      time: Date.now(),
      pid: 1,
      hostname: "host",
      reqId: "req-7",
      method: "GET",
      url: "/api/users?page=2",
      statusCode: 200,
      responseTime: 12.3,
      msg: "GET /api/users?page=2 200 12.3ms",
    });
    expect(text.trimEnd().split("\n")).toHaveLength(1);
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: GET \/api\/users\?page=2 200 12\.3ms \(req-7\)$/m);
  });
});
