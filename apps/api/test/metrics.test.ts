import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backend, bearer, call, createTestApp, type TestApp } from "./helpers.ts";

const METRICS_TOKEN = "metrics-token-for-the-tests-0123456789";

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The value of one series of a Prometheus text answer (labels as written, in order), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("is absent: a 404 like any unknown path, even for a signed-in super-admin", async () => {
    const admin = bearer(await t.adminToken());
    for (const headers of [{}, admin, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
      const response = await call(t.app, { method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("palco_");
    }
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp({
      env: { METRICS_TOKEN, METRICS_PORT: String(metricsPort) },
      build: { loginThrottle: { windowMs: 60_000, maxPerAccountIp: 3, maxPerIp: 100, accountUnderAttack: 100 } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async () => {
    const response = await call(t.app, {
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it("refuses a missing or wrong token with 401 and no metrics, and a staff session is no token", async () => {
    const admin = bearer(await t.adminToken());
    for (const headers of [{}, { authorization: "Bearer wrong" }, { authorization: `Basic ${METRICS_TOKEN}` }, admin]) {
      const response = await call(t.app, { method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain("palco_");
    }
  });

  it("counts requests and their durations by route pattern and status", async () => {
    const before = await scrape();
    const series = 'palco_http_requests_total{method="GET",route="/api/countries/:id",status_code="401"}';
    const counted = sample(before, series) ?? 0;
    for (const id of [1, 2, 3]) await call(t.app, { method: "GET", url: `/api/countries/${id}` });
    const after = await scrape();
    expect(sample(after, series)).toBe(counted + 3);
    // The pattern, never the ids: one series however many records are read.
    expect(after).not.toContain('route="/api/countries/2"');
    expect(
      sample(
        after,
        'palco_http_request_duration_seconds_count{method="GET",route="/api/countries/:id",status_code="401"}',
      ),
    ).toBe(counted + 3);
    expect(after).toContain(
      'palco_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/countries/:id",status_code="401"}',
    );
  });

  it("counts wrong passwords as sign-in failures and throttled attempts as lockouts", async () => {
    const failures = 'palco_sign_in_failures_total{step="password"}';
    const lockouts = 'palco_sign_in_lockouts_total{step="password"}';
    const before = await scrape();
    expect(sample(before, failures)).toBe(0);
    expect(sample(before, lockouts)).toBe(0);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await call(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { provider: "email", user: "nobody@palco.test", secret: "Wrong-password1" },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const after = await scrape();
    expect(sample(after, failures)).toBe(3);
    expect(sample(after, lockouts)).toBe(2);
    expect(sample(after, 'palco_sign_in_failures_total{step="second-factor"}')).toBe(0);
  });

  it("describes the process, the realtime sockets, the background tasks, the export queue and the pool", async () => {
    const text = await scrape();
    for (const name of [
      "palco_process_resident_memory_bytes",
      "palco_nodejs_heap_size_used_bytes",
      "palco_nodejs_eventloop_lag_seconds",
      "palco_realtime_sockets",
      "palco_background_tasks",
      'palco_export_jobs{status="queued"}',
      'palco_export_jobs{status="running"}',
      "palco_db_pool_waiting",
    ]) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
    if (backend === "postgres") {
      expect(sample(text, 'palco_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, "palco_db_pool_wait_seconds_count")).toBeGreaterThan(0);
    } else {
      // The embedded database has no pool.
      expect(text).not.toContain("palco_db_pool_connections{");
    }
  });

  it("serves the same on METRICS_PORT, on 127.0.0.1 without a token, and nothing else there", async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain("palco_http_requests_total");
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
  });
});
