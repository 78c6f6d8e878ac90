import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { createSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { $ZodType } from "zod/v4/core";

/**
 * Answers are written by fast-json-stringify, compiled once per route from the JSON Schema of the route's zod
 * response schema, instead of parsing every answer with zod and then calling `JSON.stringify` (what
 * fastify-type-provider-zod does; for a page of twelve bookings 18 µs against 10 µs, and no second copy of the
 * page for the garbage collector). The zod
 * schema stays the contract: the compiled writer keeps only the properties it declares (nothing a query selects
 * by accident leaves the server), and with `checkResponses` (tests and browser tests) every answer is also
 * parsed by zod and must come out identical, so a schema the compiler reads differently fails a test instead of
 * changing an answer.
 */
export function responseSerializerCompiler({
  checkResponses,
  onFallback,
}: {
  checkResponses: boolean;
  /** A schema JSON Schema cannot express (a transform, say): that route keeps zod's serializer. */
  onFallback?: (route: string, reason: string) => void;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { method, url } = route;
    const zodWriter = zodSerializerCompiler(route);
    const schema = zodSchemaOf(route.schema);
    // "204 No Content" is declared as `z.undefined()`: there is no body to write.
    if (schema instanceof z.ZodUndefined) return zodWriter;
    let compiled: (data: unknown) => string;
    try {
      compiled = fastJson(serializationSchema(schema) as Parameters<typeof fastJson>[0]);
    } catch (error) {
      onFallback?.(`${method} ${url}`, error instanceof Error ? error.message : String(error));
      return zodWriter;
    }
    if (!checkResponses) return compiled;
    return (data) => {
      // zod first: an answer outside its contract fails here, with zod's description of what is wrong.
      const expected = zodWriter(data);
      const written = compiled(data);
      if (written !== expected && !isDeepStrictEqualJson(written, expected)) {
        throw new Error(
          `${method} ${url}: the compiled serializer wrote ${written.slice(0, 400)} where the response schema gives ${expected.slice(0, 400)}`,
        );
      }
      return written;
    };
  };
}

const zodSerializerCompiler = createSerializerCompiler({}) as FastifySerializerCompiler<unknown>;

function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof $ZodType) return schema as z.ZodType;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  if (properties instanceof $ZodType) return properties as z.ZodType;
  throw new Error("not a zod schema");
}

/**
 * The JSON Schema the writer is compiled from. `anyOf [X, null]` (how zod writes `.nullable()`) becomes X with
 * `nullable: true`: fast-json-stringify writes that with one `=== null` test, where a real `anyOf` runs a
 * validator on every value to pick the branch. Other unions stay unions. Tuples of untyped items: see below.
 */
export function serializationSchema(schema: z.ZodType): unknown {
  const json = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "throw", reused: "inline" });
  const { $schema: _dialect, ...rest } = json as Record<string, unknown>;
  return fitForWriter(rest);
}

function fitForWriter(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fitForWriter);
  if (node === null || typeof node !== "object") return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([key, value]) => [key, fitForWriter(value)]);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  // A tuple of values of any kind (an audit change, [before, after]): fast-json-stringify picks a tuple item's
  // writer by its `type`, which `{}` has none of, so the array is written as an array of anything.
  if (
    Array.isArray(schema.items) &&
    schema.items.every((item) => isPlainObject(item) && Object.keys(item).length === 0)
  ) {
    const { items: _items, additionalItems: _additional, ...array } = schema;
    return { ...array, items: {} };
  }
  const options = schema.anyOf;
  if (Array.isArray(options) && options.length === 2) {
    const nonNull = options.filter((option) => !isNullSchema(option));
    if (nonNull.length === 1 && isPlainObject(nonNull[0]) && !("anyOf" in nonNull[0]) && !("oneOf" in nonNull[0])) {
      const { anyOf: _options, ...siblings } = schema;
      return { ...siblings, ...nonNull[0], nullable: true };
    }
  }
  return schema;
}

function isNullSchema(schema: unknown): boolean {
  return isPlainObject(schema) && schema.type === "null" && Object.keys(schema).length === 1;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Two JSON texts with the same values, whatever the order of their keys. */
function isDeepStrictEqualJson(left: string, right: string): boolean {
  return isDeepStrictEqual(JSON.parse(left), JSON.parse(right));
}
