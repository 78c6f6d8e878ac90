import { rm } from "node:fs/promises";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeSpa, createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
let spaDir: string;
let admin: { authorization: string };
beforeAll(async () => {
  spaDir = await createFakeSpa();
  t = await createTestApp({ build: { webDist: spaDir } });
  admin = { authorization: `Bearer ${await t.adminToken()}` };
});
afterAll(async () => {
  await t?.close();
  await rm(spaDir, { recursive: true, force: true });
});

const BOTH = { "accept-encoding": "gzip, br" };
const GZIP_ONLY = { "accept-encoding": "gzip" };

/** The body as the browser reads it, whatever encoding it travelled in. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(raw).toString("utf8");
  if (encoding === "gzip") return gunzipSync(raw).toString("utf8");
  expect(encoding, "unexpected content-encoding").toBeUndefined();
  return raw.toString("utf8");
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/);

describe("built SPA files", () => {
  it("sends a hashed asset precompressed: brotli when accepted, gzip otherwise, plain when neither", async () => {
    const url = "/assets/app-abc123.js";
    const brotli = await t.app.inject({ method: "GET", url, headers: BOTH });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(varies(brotli)).toContain("accept-encoding");
    expect(decoded(brotli)).toMatch(/^console\.log\('spa'\);/);

    const gzip = await t.app.inject({ method: "GET", url, headers: GZIP_ONLY });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(decoded(brotli));

    const plain = await t.app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(decoded(brotli));
    expect(varies(plain)).toContain("accept-encoding");
  });

  it("sends the SPA's page precompressed and never cached, both at / and from the client-route fallback", async () => {
    for (const url of ["/", "/countries/12", "/reset-password?token=abc"]) {
      const brotli = await t.app.inject({ method: "GET", url, headers: BOTH });
      expect(brotli.statusCode, url).toBe(200);
      expect(brotli.headers["content-encoding"], url).toBe("br");
      expect(brotli.headers["content-type"], url).toMatch(/^text\/html/);
      expect(brotli.headers["cache-control"], url).toBe("no-cache");
      expect(varies(brotli), url).toContain("accept-encoding");
      expect(decoded(brotli), url).toContain("<title>Palco SPA</title>");

      const gzip = await t.app.inject({ method: "GET", url, headers: GZIP_ONLY });
      expect(gzip.headers["content-encoding"], url).toBe("gzip");
      expect(gzip.headers["cache-control"], url).toBe("no-cache");
      expect(decoded(gzip), url).toContain("<title>Palco SPA</title>");
    }
  });

  it("sends /login with the sign-in page prerendered in it, precompressed and never cached; other routes get index.html", async () => {
    for (const headers of [BOTH, GZIP_ONLY]) {
      const login = await t.app.inject({ method: "GET", url: "/login", headers });
      expect(login.statusCode).toBe(200);
      expect(login.headers["content-type"]).toMatch(/^text\/html/);
      expect(login.headers["content-encoding"]).toBe(headers === BOTH ? "br" : "gzip");
      expect(login.headers["cache-control"]).toBe("no-cache");
      expect(decoded(login)).toContain("<h1>Sign in</h1>");
    }
    // The query string does not change the page (a link back to the sign-in page after an expired session).
    const withQuery = await t.app.inject({ method: "GET", url: "/login?expired=1", headers: BOTH });
    expect(decoded(withQuery)).toContain("<h1>Sign in</h1>");
    for (const url of ["/", "/forgot-password", "/login/extra"]) {
      const other = await t.app.inject({ method: "GET", url, headers: BOTH });
      expect(decoded(other), url).not.toContain("<h1>Sign in</h1>");
    }
  });

  it("sends the signed-in area's pages in the prerendered frame, and the public pages without it", async () => {
    for (const url of ["/", "/countries", "/bookings/12?tab=chat", "/security", "/login/extra"]) {
      for (const headers of [BOTH, GZIP_ONLY]) {
        const page = await t.app.inject({ method: "GET", url, headers });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers["cache-control"], url).toBe("no-cache");
        expect(decoded(page), url).toContain("<div data-shell>");
      }
    }
    for (const url of [
      "/forgot-password",
      "/password-reset-link-sent",
      "/reset-password?token=abc",
      "/activate-account",
    ]) {
      const page = await t.app.inject({ method: "GET", url, headers: BOTH });
      expect(page.statusCode, url).toBe(200);
      expect(decoded(page), url).not.toContain("data-shell");
      expect(decoded(page), url).toContain("<title>Palco SPA</title>");
    }
  });

  it("does not serve source maps or the build manifest, and answers missing files with 404 rather than the page", async () => {
    for (const url of ["/assets/app-abc123.js.map", "/assets/missing-123.js", "/.vite/manifest.json", "/favicon.ico"]) {
      const response = await t.app.inject({ method: "GET", url, headers: BOTH });
      expect(response.statusCode, url).toBe(404);
      expect(decoded(response), url).not.toContain("Palco SPA");
      expect(response.headers["content-type"], url).not.toMatch(/text\/html/);
    }
  });

  it("serves robots.txt as text that keeps every crawler out", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt", headers: BOTH });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const text = decoded(response);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/$/m);
  });
});

describe("API answers", () => {
  it("compresses JSON above 1 KiB when asked, and keeps it plain and uncached otherwise", async () => {
    // A route of the app and one a plugin declares (the OpenAPI document).
    for (const url of ["/api/permissions", "/api/docs/json"]) {
      const plain = await t.app.inject({ method: "GET", url, headers: admin });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
      expect(plain.headers["cache-control"], url).toBe("no-store");

      for (const [headers, encoding] of [
        [BOTH, "br"],
        [GZIP_ONLY, "gzip"],
      ] as const) {
        const response = await t.app.inject({ method: "GET", url, headers: { ...admin, ...headers } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["content-encoding"], url).toBe(encoding);
        expect(response.headers["content-type"], url).toMatch(/^application\/json/);
        expect(response.headers["cache-control"], url).toBe("no-store");
        expect(varies(response), url).toContain("accept-encoding");
        expect(response.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
        expect(JSON.parse(decoded(response)), url).toEqual(plain.json());
      }
    }
  });

  it("leaves small answers and error answers readable", async () => {
    const health = await t.app.inject({ method: "GET", url: "/api/health", headers: BOTH });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers["content-encoding"]).toBeUndefined();

    const missing = await t.app.inject({ method: "GET", url: "/api/countries/999999", headers: { ...admin, ...BOTH } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(decoded(missing))).toMatchObject({ statusCode: 404 });
  });
});
