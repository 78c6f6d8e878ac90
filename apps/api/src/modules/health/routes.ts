import { errorBody } from "@palco/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { languageOf, sendUnavailable } from "../../platform/errors.ts";
import type { RedisClient } from "../../platform/redis.ts";

export interface HealthOptions {
  /** Checked by the readiness probe when REDIS_URL is configured. */
  redis?: RedisClient | undefined;
}

/** Each readiness check gets this long; a probe must answer even while a dependency hangs. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

/** Resolves true when `check` succeeds within the timeout, false when it fails or takes longer. */
async function passes(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  const { redis } = options;

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      config: { permission: "public" },
      schema: {
        tags: ["Health"],
        summary: "Liveness probe",
        description: "Answers while the process runs, whatever the state of the database (see /api/health/ready).",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health/ready",
    {
      config: { permission: "public" },
      schema: {
        tags: ["Health"],
        summary: "Readiness probe",
        description:
          "200 when the database answers a trivial query (and Redis answers PING when REDIS_URL is set), " +
          `each within ${READINESS_CHECK_TIMEOUT_MS} ms; otherwise 503 with Retry-After.`,
        response: { 200: z.object({ status: z.literal("ok") }), "5xx": errorBody },
      },
    },
    async (request, reply) => {
      const checks = [passes(() => app.database.ping(), READINESS_CHECK_TIMEOUT_MS)];
      if (redis) {
        // node-redis queues commands while reconnecting: a client that is not ready fails at once instead.
        checks.push(
          passes(async () => {
            if (!redis.isReady) throw new Error("redis not ready");
            await redis.ping();
          }, READINESS_CHECK_TIMEOUT_MS),
        );
      }
      const results = await Promise.all(checks);
      if (results.every(Boolean)) return { status: "ok" as const };
      request.log.warn({ database: results[0], redis: results[1] }, "readiness check failed");
      return sendUnavailable(reply, languageOf(request));
    },
  );
}
