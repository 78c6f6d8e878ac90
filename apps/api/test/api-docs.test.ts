import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, expectErrorShape, type TestApp } from "./helpers.ts";

describe("API_DOCS=false", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_DOCS: "false" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("serves neither the docs page nor the OpenAPI document, and the API itself still works", async () => {
    for (const url of ["/api/docs", "/api/docs/json", "/api/docs/static/index.html"]) {
      const body = expectErrorShape(await t.app.inject({ method: "GET", url }), 404);
      expect(body.message).toBe("The requested item was not found");
    }
    expect(t.app.routeTable.some((route) => route.url.startsWith("/api/docs"))).toBe(false);
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});
