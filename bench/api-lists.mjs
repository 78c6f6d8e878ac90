// Throughput of the list endpoints staff use most, as ratios against GET /api/health measured in the same run
// on the same server, so the numbers compare across machines. Starts the built app on a throwaway data folder.
//   npm run bench            (PGlite)
//   DATABASE_URL=… npm run bench   (PostgreSQL)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = 4390;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "Bench2026x";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const CONCURRENCY = 8;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "palco-bench-"));
const server = spawn(process.execPath, ["apps/api/dist/server.js"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not start");
}

async function measure(url, headers) {
  let next = 0;
  const worker = async () => {
    while (next++ < REQUESTS) {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return REQUESTS / ((performance.now() - started) / 1000);
}

try {
  await waitForServer();
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider: "email", user: "admin@palco.local", secret: PASSWORD }),
  });
  const { data } = await login.json();
  const headers = { authorization: `Bearer ${data.token}` };

  const baseline = await measure(`${BASE}/api/health`, {});
  const cases = [
    ["GET /api/countries (page 1)", "/api/countries"],
    ["GET /api/cities (page 1)", "/api/cities"],
    ["GET /api/cities?search=gua", "/api/cities?search=gua"],
    ["GET /api/cities?country=1", "/api/cities?country=1"],
    ["GET /api/states/all", "/api/states/all"],
    ["GET /api/auth/me (token + permission check)", "/api/auth/me"],
  ];
  console.log(`baseline GET /api/health: ${baseline.toFixed(0)} req/s (${REQUESTS} requests, ${CONCURRENCY} at once)`);
  for (const [name, url] of cases) {
    const rate = await measure(`${BASE}${url}`, headers);
    console.log(`${name.padEnd(46)} ${(rate / baseline).toFixed(2)}× baseline  (${rate.toFixed(0)} req/s)`);
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
