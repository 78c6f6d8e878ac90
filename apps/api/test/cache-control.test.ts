import { rm } from "node:fs/promises";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createFakeSpa,
  createTestApp,
  login,
  nextIp,
  type TestApp,
} from "./helpers.ts";
import { images } from "./images.ts";

let t: TestApp;
let spaDir: string;
beforeAll(async () => {
  spaDir = await createFakeSpa();
  t = await createTestApp({ build: { webDist: spaDir } });
});
afterAll(async () => {
  await t?.close();
  await rm(spaDir, { recursive: true, force: true });
});

describe("Cache-Control on API answers", () => {
  it("is no-store on every /api answer, successes and errors alike", async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const admin = bearer(session.token);
    const requests: [InjectOptions, number][] = [
      [{ method: "GET", url: "/api/health" }, 200],
      [{ method: "GET", url: "/api/health/ready" }, 200],
      [
        {
          method: "POST",
          url: "/api/auth/login",
          payload: { provider: "email", user: ADMIN_EMAIL, secret: ADMIN_PASSWORD },
          remoteAddress: nextIp(),
        },
        200,
      ],
      [
        {
          method: "POST",
          url: "/api/auth/login",
          payload: { provider: "email", user: ADMIN_EMAIL, secret: "Wrong2026x" },
          remoteAddress: nextIp(),
        },
        401,
      ],
      [{ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: session.refreshToken } }, 200],
      [{ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: "not-a-token" } }, 401],
      [{ method: "GET", url: "/api/auth/me", headers: admin }, 200],
      [{ method: "GET", url: "/api/auth/me" }, 401],
      [{ method: "GET", url: "/api/permissions", headers: admin }, 200],
      [{ method: "GET", url: "/api/countries?page=1", headers: admin }, 200],
      [{ method: "GET", url: "/api/countries/999999", headers: admin }, 404],
      [{ method: "GET", url: "/api/countries/abc", headers: admin }, 400],
      [{ method: "POST", url: "/api/countries", headers: admin, payload: {} }, 422],
      [{ method: "GET", url: "/api/no-such-route" }, 404],
      [{ method: "GET", url: "/api" }, 404],
      [{ method: "GET", url: "/api/countries/%E0%A4%A" }, 400],
      [{ method: "POST", url: "/api/auth/login", headers: { "content-type": "application/json" }, payload: "{" }, 400],
    ];
    for (const [request, status] of requests) {
      const response = await t.app.inject(request);
      const label = `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, label).toBe(status);
      expect(response.headers["cache-control"], label).toBe("no-store");
    }
  });

  it("leaves the SPA's own caching and stored uploads alone", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await t.app.inject({ method: "GET", url: "/countries/12" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");

    const stored = await t.app.images.store(await images.png(64, 64), {
      folder: "users",
      maxWidth: 64,
      maxHeight: 64,
      fit: "cover",
    });
    const upload = await t.app.inject({ method: "GET", url: stored.url });
    expect(upload.statusCode).toBe(200);
    expect(upload.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
