import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";

// The real process (server.ts) on a real port: SIGTERM while keep-alive clients keep it busy must answer every
// request that reached it, reset none, close the database after the last response and exit 0.

const SERVER = path.resolve(import.meta.dirname, "../src/server.ts");
const ADMIN = { email: "admin@palco.test", password: "Admin2026x" };
const CLIENTS = 32;
/** Requests after every client has been answered once, before SIGTERM: enough to have requests in flight. */
const LOAD_BEFORE_SIGNAL = 4 * CLIENTS;
/** Safety limits only: a busy two-core machine may be slow, but never this slow. */
const START_LIMIT_MS = 90_000;
const EXIT_LIMIT_MS = 30_000;

const backends: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

interface Answer {
  status: number;
  complete: boolean;
  body: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function request(
  agent: http.Agent,
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port,
        agent,
        method: options.method,
        path: options.path,
        headers: { "content-type": "application/json", ...options.headers },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("error", reject);
        response.on("end", () => resolve({ status: response.statusCode ?? 0, complete: response.complete, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shutdown_${process.pid}_${randomBytes(4).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(backend: "pglite" | "postgres") {
  const dataDir = await mkdtemp(path.join(tmpdir(), "palco-shutdown-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (backend === "postgres") {
    const database = await createDatabase(process.env.TEST_DATABASE_URL as string);
    cleanups.push(database.drop);
    databaseUrl = database.url;
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", SERVER], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
      JWT_SECRET: "shutdown-secret-shutdown-secret-0123456789",
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl ?? "",
      REDIS_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  });
  await new Promise<void>((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), START_LIMIT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("listening on")) {
        clearTimeout(limit);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then(({ code }) => {
      clearTimeout(limit);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, port, exited, output: () => output };
}

describe.each(backends)("graceful shutdown on %s", (backend) => {
  it("answers every request that reached the server, resets none and exits 0", async () => {
    const server = await startServer(backend);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    cleanups.push(async () => agent.destroy());

    const login = await request(agent, server.port, {
      method: "POST",
      path: "/api/auth/login",
      body: { provider: "email", user: ADMIN.email, secret: ADMIN.password },
    });
    expect(login.status, login.body).toBe(200);
    const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;

    // A keep-alive connection that stays idle: the drain closes it cleanly instead of waiting for the time limit.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => idleAgent.destroy());
    const idle = await request(idleAgent, server.port, {
      method: "GET",
      path: "/api/auth/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(idle.status, idle.body).toBe(200);
    const idleSocketErrors: string[] = [];
    for (const sockets of Object.values(idleAgent.freeSockets)) {
      for (const socket of sockets ?? []) socket.on("error", (error) => idleSocketErrors.push(error.message));
    }
    expect(Object.values(idleAgent.freeSockets).flat()).toHaveLength(1);

    const answers: Answer[] = [];
    const failures: string[] = [];
    const answered = new Set<number>();
    let signalled = false;
    let onLoaded: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      onLoaded = resolve;
    });
    const client = async (id: number) => {
      // Bounded: a client stops once the server refuses new connections, or after this many requests.
      for (let i = 0; i < 2_000; i++) {
        try {
          const answer = await request(agent, server.port, {
            method: "GET",
            path: "/api/auth/me",
            headers: { authorization: `Bearer ${token}` },
          });
          answers.push(answer);
          answered.add(id);
          if (answered.size === CLIENTS && answers.length >= LOAD_BEFORE_SIGNAL) onLoaded();
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // A new connection after the listening socket closed never reached the server.
          if (signalled && code === "ECONNREFUSED") return;
          failures.push(`${code ?? ""} ${(error as Error).message}`);
          onLoaded();
          return;
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, id) => client(id));

    // Every client holds a keep-alive connection and requests are in flight when the signal arrives.
    await loaded;
    signalled = true;
    server.child.kill("SIGTERM");

    const exit = await Promise.race([
      server.exited,
      new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), EXIT_LIMIT_MS)),
    ]);
    await Promise.all(clients);

    expect(failures, server.output()).toEqual([]);
    expect(idleSocketErrors).toEqual([]);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    const incomplete = answers.filter((answer) => !answer.complete || answer.status !== 200);
    expect(incomplete.slice(0, 3), server.output()).toEqual([]);
    for (const answer of answers) {
      expect(JSON.parse(answer.body)).toMatchObject({ email: ADMIN.email });
    }
  }, 180_000);
});
