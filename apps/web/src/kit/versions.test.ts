import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api.ts";
import { createResourceApi } from "./resource-api.ts";
import { staleConflictOf } from "./stale-version.tsx";
import { versionOf } from "./versions.ts";

type City = { id: number; name: string };

/** A fetch answering `bodies` in turn, each with its ETag, and recording what was asked. */
function fakeApi(answers: { status?: number; body?: unknown; etag?: string }[]) {
  const calls: { url: string; method: string; ifMatch: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      calls.push({ url, method: init.method ?? "GET", ifMatch: headers.get("If-Match") });
      const answer = answers.shift() ?? { status: 204 };
      const status = answer.status ?? 200;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status,
        headers: answer.etag ? { ETag: answer.etag, "Content-Type": "application/json" } : {},
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("record versions", () => {
  const cities = createResourceApi<City>("cities");

  it("keeps each answer's ETag with the record it parsed, and sends the version the user saw on writes", async () => {
    const calls = fakeApi([
      { body: { id: 7, name: "Guadalajara" }, etag: '"v1"' },
      { body: { id: 7, name: "Guadalajara Centro" }, etag: '"v2"' },
      { body: { id: 7, name: "Zapopan" }, etag: '"v3"' },
      { status: 204 },
    ]);

    const shown = await cities.get(7);
    expect(versionOf(shown)).toBe('"v1"');

    const saved = await cities.update(7, { name: "Guadalajara Centro" }, versionOf(shown));
    expect(versionOf(saved)).toBe('"v2"');
    // The record first shown keeps its own version: a form filled from it still writes against v1.
    expect(versionOf(shown)).toBe('"v1"');

    const blocked = await cities.setActive(7, false, versionOf(saved));
    expect(versionOf(blocked)).toBe('"v3"');
    await cities.remove(7, versionOf(blocked));

    expect(calls.map((call) => [call.method, call.url, call.ifMatch])).toEqual([
      ["GET", "/api/cities/7", null],
      ["PUT", "/api/cities/7", '"v1"'],
      ["PUT", "/api/cities/7/deactivate", '"v2"'],
      ["DELETE", "/api/cities/7", '"v3"'],
    ]);
  });

  it("writes unconditionally when no version is known (an answer without ETag)", async () => {
    const calls = fakeApi([{ body: { id: 8, name: "Tonalá" } }, { body: { id: 8, name: "Tonalá" } }]);
    const shown = await cities.get(8);
    expect(versionOf(shown)).toBeUndefined();
    await cities.update(8, { name: "Tonalá" }, versionOf(shown));
    expect(calls[1]?.ifMatch).toBeNull();
  });

  it("reads a stale-version refusal (409 with the changes since) apart from any other 409", async () => {
    const change = {
      id: 41,
      at: "2026-03-05T17:23:57.000Z",
      actor: { id: 1, name: "Super Admin", email: "admin@palco.test" },
      action: "update",
      resource: "cities",
      recordId: "7",
      changes: { name: ["Guadalajara", "Zapopan"] },
      ip: null,
    };
    fakeApi([
      {
        status: 409,
        body: {
          statusCode: 409,
          error: "Conflict",
          message: "stale",
          messages: { general: "stale" },
          code: "STALE_VERSION",
          current: { id: 7, name: "Zapopan" },
          changes: [change],
        },
      },
    ]);
    const error = await cities.update(7, { name: "Mine" }, '"v1"').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(staleConflictOf(error)).toEqual({ changes: [change] });

    const refused = new ApiError(409, { statusCode: 409, error: "Conflict", message: "in use", messages: {} });
    expect(staleConflictOf(refused)).toBeNull();
  });

  it("reads a stale-version refusal that carries neither the record nor the changes (a member who may only write)", async () => {
    // Known by its code, whatever the language of its text.
    for (const message of [
      "Someone else changed this record after you opened it",
      "Alguien más cambió este registro después de que lo abriste",
    ]) {
      const bare = {
        statusCode: 409,
        error: "Conflict",
        message,
        messages: { general: message },
        code: "STALE_VERSION",
      };
      fakeApi([{ status: 409, body: bare }]);
      const error = await cities.update(7, { name: "Mine" }, '"v1"').catch((caught: unknown) => caught);
      // Still the stale notice, whose Reload reads the record again: with no changes to list.
      expect(staleConflictOf(error), message).toEqual({ changes: [] });
    }
    const canceled = "This booking is already canceled";
    const other = new ApiError(409, { statusCode: 409, error: "Conflict", message: canceled, messages: {} });
    expect(staleConflictOf(other)).toBeNull();
    const stale = "Someone else changed this record after you opened it";
    const uncoded = new ApiError(409, { statusCode: 409, error: "Conflict", message: stale, messages: {} });
    expect(staleConflictOf(uncoded)).toBeNull();
  });
});
