import { auditEntry, paged } from "@palco/shared";
import type { FastifyRouteSchemaDef } from "fastify/types/schema.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { responseSerializerCompiler } from "../src/platform/serializer.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

/** The writer the compiler makes for a route answering `schema`. */
function writerFor(schema: z.ZodType, { checkResponses = false } = {}) {
  const fallbacks: string[] = [];
  const compile = responseSerializerCompiler({ checkResponses, onFallback: (route) => fallbacks.push(route) });
  const write = compile({ schema, method: "GET", url: "/api/example", httpStatus: "200" } as FastifyRouteSchemaDef<
    typeof schema
  >) as (data: unknown) => string;
  return { write, fallbacks };
}

const member = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string().nullable(),
  nickname: z.string().optional(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  preferences: z.record(z.string(), z.boolean()),
  status: z.enum(["active", "blocked"]),
});

describe("the compiled response writer", () => {
  it("writes what zod's parse gives, for nullable, optional, nested, record, enum and tuple values", () => {
    const row = {
      id: 7,
      email: "ana@example.com",
      phone: null,
      roles: [{ id: 1, name: "Soporte" }],
      preferences: { dark: true },
      status: "active",
    };
    const { write, fallbacks } = writerFor(paged(member));
    expect(fallbacks).toEqual([]);
    const data = {
      items: [row, { ...row, id: 8, phone: "+525512345678", nickname: "Ana" }],
      page: 1,
      pageSize: 25,
      pageCount: 1,
      total: 2,
      totalKind: "exact",
      next: null,
      previous: null,
    };
    expect(JSON.parse(write(data))).toEqual(paged(member).parse(data));

    const entry = {
      id: 1,
      at: "2026-11-27T12:00:00.000Z",
      actor: { id: null, name: null, email: null },
      action: "update",
      resource: "countries",
      recordId: "9",
      changes: { name: ["México", "Mexico"], rate: [null, { value: "16.00" }] },
      ip: "127.0.0.1",
    };
    expect(JSON.parse(writerFor(auditEntry).write(entry))).toEqual(auditEntry.parse(entry));
  });

  it("leaves out every property the schema does not declare, as zod's parse did", () => {
    const { write } = writerFor(member);
    const answer = JSON.parse(
      write({
        id: 1,
        email: "a@b.mx",
        phone: null,
        roles: [{ id: 1, name: "x", permissions: ["USERS_EDIT"] }],
        preferences: {},
        status: "blocked",
        passwordHash: "$argon2id$secret",
      }),
    );
    expect(answer).not.toHaveProperty("passwordHash");
    expect(answer.roles[0]).toEqual({ id: 1, name: "x" });
  });

  it("refuses, when checking, an answer outside its schema instead of writing it", () => {
    const wrong = { id: 1, email: "a@b.mx", phone: null, roles: [], preferences: {}, status: "gone" };
    expect(() => writerFor(member, { checkResponses: true }).write(wrong)).toThrow();
    // Unchecked, the compiled writer is not a validator: checking is what the test runs add.
    expect(() => writerFor(member).write(wrong)).not.toThrow();
  });

  it("keeps zod's writer where JSON Schema cannot say what the answer is", () => {
    const { write, fallbacks } = writerFor(z.object({ at: z.date() }));
    expect(fallbacks).toEqual(["GET /api/example"]);
    expect(write({ at: new Date("2026-11-27T00:00:00Z") })).toBe('{"at":"2026-11-27T00:00:00.000Z"}');
  });
});

describe("every route of the app", () => {
  let t: TestApp;
  const output: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      build: { logger: { level: "warn", stream: { write: (chunk: string) => output.push(chunk) } } },
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it("answers through a compiled writer (none falls back to zod)", () => {
    expect(output.join("")).not.toContain("answers through zod");
  });
});
