import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { errorBody, languageOf, sendError } from "./errors.ts";

/**
 * Prometheus metrics of one API instance (README, "Metrics"). Each app has its own registry: tests build many apps
 * in one process, and an operator scrapes every instance on its own. Served at `GET /metrics` on the API's port
 * only with METRICS_TOKEN as a bearer token (a 404 without the setting), and on METRICS_PORT bound to 127.0.0.1
 * without one (a sidecar or node exporter on the same host).
 */
export const METRICS_PATH = "/metrics";

/** The sign-in steps whose refusals are counted, by route. */
const SIGN_IN_STEPS: Record<string, string> = {
  "/api/auth/login": "password",
  "/api/auth/login/mfa": "second-factor",
  "/api/auth/step-up": "step-up",
};

/** What a scrape asks of the parts it describes, read when Prometheus asks (never on the request path). */
export interface MetricsSources {
  /** node-postgres' pool (PostgreSQL only). */
  pool: (() => { total: number; idle: number; waiting: number }) | null;
  /** Export jobs waiting and being written, across every instance (the queue is the database). */
  exportJobs: () => Promise<{ queued: number; running: number }>;
  /** Open socket.io connections of this instance. */
  sockets: () => number;
  /** Background tasks (e-mails, notification fan-out) started and not yet finished on this instance. */
  backgroundTasks: () => number;
}

export interface Metrics {
  registry: Registry;
  /** Seconds a query waited for a pooled connection (platform/db.ts calls it). */
  observePoolWait(seconds: number): void;
  requests: Counter<"method" | "route" | "status_code">;
  durations: Histogram<"method" | "route" | "status_code">;
  signInFailures: Counter<"step">;
  signInLockouts: Counter<"step">;
}

export function createMetrics(sources: () => MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "palco_" });

  const requests = new Counter({
    name: "palco_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames: ["method", "route", "status_code"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "palco_http_request_duration_seconds",
    help: "Time from receiving a request to the end of its answer, by method, route pattern and status code.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: "palco_sign_in_failures_total",
    help: "Refused sign-in and step-up attempts (wrong password or code, unknown or inactive account), by step.",
    labelNames: ["step"] as const,
    registers: [registry],
  });
  const signInLockouts = new Counter({
    name: "palco_sign_in_lockouts_total",
    help: "Sign-in and step-up attempts refused by the throttle (429) before any check, by step.",
    labelNames: ["step"] as const,
    registers: [registry],
  });
  for (const step of Object.values(SIGN_IN_STEPS)) {
    // Present from the start at 0, so `rate()` and alerts see the series before the first failure.
    signInFailures.labels(step).inc(0);
    signInLockouts.labels(step).inc(0);
  }
  const poolWait = new Histogram({
    name: "palco_db_pool_wait_seconds",
    help: "Time a query waited for a connection of the PostgreSQL pool.",
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  new Gauge({
    name: "palco_db_pool_connections",
    help: "Connections of the PostgreSQL pool, by state (in use, idle); absent on the embedded database.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = sources().pool?.();
      if (!pool) return;
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
    },
  });
  new Gauge({
    name: "palco_db_pool_waiting",
    help: "Queries waiting for a connection of the PostgreSQL pool right now.",
    registers: [registry],
    collect() {
      this.set(sources().pool?.().waiting ?? 0);
    },
  });
  new Gauge({
    name: "palco_realtime_sockets",
    help: "Open socket.io connections (live notifications and chat) of this instance.",
    registers: [registry],
    collect() {
      this.set(sources().sockets());
    },
  });
  new Gauge({
    name: "palco_background_tasks",
    help: "Background tasks (e-mails, notification fan-out) running on this instance.",
    registers: [registry],
    collect() {
      this.set(sources().backgroundTasks());
    },
  });
  new Gauge({
    name: "palco_export_jobs",
    help: "Export jobs in the shared queue, by status (queued, running), across every instance.",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      // The database may be down: the scrape still answers (the series goes missing, which alerts can see).
      this.reset();
      const jobs = await sources()
        .exportJobs()
        .catch(() => null);
      if (!jobs) return;
      this.set({ status: "queued" }, jobs.queued);
      this.set({ status: "running" }, jobs.running);
    },
  });

  return {
    registry,
    observePoolWait: (seconds) => poolWait.observe(seconds),
    requests,
    durations,
    signInFailures,
    signInLockouts,
  };
}

/** Equal-time comparison of the bearer token with METRICS_TOKEN. */
function hasToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts every answer (onResponse, after it is sent) and, with METRICS_TOKEN, serves `GET /metrics`. The route is
 * public to the permission guard: its own bearer token protects it, and no staff session could read it.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "(unmatched)";
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.durations.observe(labels, reply.elapsedTime / 1000);
    const step = SIGN_IN_STEPS[route];
    if (step && request.method === "POST") {
      if (reply.statusCode === 429) metrics.signInLockouts.inc({ step });
      else if (reply.statusCode === 401 || reply.statusCode === 403) metrics.signInFailures.inc({ step });
    }
    done();
  });
  if (!token) return;
  app.get(METRICS_PATH, { config: { permission: "public" }, schema: { hide: true } }, async (request, reply) => {
    if (!hasToken(request.headers.authorization, token)) {
      reply.header("WWW-Authenticate", 'Bearer realm="metrics"');
      const key = "ERRORS.UNAUTHORIZED";
      return sendError(reply, errorBody(401, languageOf(request), { general: key }, key));
    }
    reply.header("Content-Type", metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/** METRICS_PORT: `/metrics` without a token on a listener only this host can reach. */
export async function listenForMetrics(metrics: Metrics, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || (request.url ?? "").split("?")[0] !== METRICS_PATH) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { "Content-Type": metrics.registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { "Content-Type": "text/plain" }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return server;
}
