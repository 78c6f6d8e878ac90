import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../../platform/audit.ts";
import { conflict } from "../../platform/errors.ts";
import { type RunResult, runSimulation, type SimulatedEvent } from "./service.ts";

/** A run's bounds: never endless, whatever is asked. */
export const SIMULATION_LIMITS = {
  defaultCount: 30,
  maxCount: 10_000,
  defaultIntervalMs: 1_000,
  maxIntervalMs: 60_000,
  maxDurationMs: 60 * 60 * 1000,
} as const;

const whole = (min: number, max: number) =>
  z
    .number({ error: "VALIDATION.INVALID" })
    .int("VALIDATION.INVALID")
    .min(min, "VALIDATION.INVALID")
    .max(max, "VALIDATION.INVALID");

const simulationRequest = z.object({
  count: whole(1, SIMULATION_LIMITS.maxCount)
    .optional()
    .describe(`How many events (default ${SIMULATION_LIMITS.defaultCount}; unbounded by count with durationMs alone)`),
  intervalMs: whole(0, SIMULATION_LIMITS.maxIntervalMs)
    .default(SIMULATION_LIMITS.defaultIntervalMs)
    .describe("Milliseconds from one event to the next"),
  durationMs: whole(1, SIMULATION_LIMITS.maxDurationMs)
    .optional()
    .describe("Stop after this long at the latest (one hour at most, and by default)"),
});

/** One line of the answer (NDJSON): the run's start, each event, its end. */
type SimulationLine =
  | { type: "start"; count: number; intervalMs: number; durationMs: number }
  | ({ type: "event" } & SimulatedEvent)
  | { type: "end"; events: number; reason: RunResult["reason"] | "error"; summary?: string };

/**
 * POST /api/simulation: simulated marketplace activity in this API process (service.ts), for super-admins, on a
 * server started with SIMULATION=true (the default with the demo data). The answer streams one JSON line per
 * event as it happens and ends with the run; a client that goes away stops it. One run at a time per process.
 */
export async function simulationRoutes(app: FastifyInstance) {
  let running: AbortController | undefined;
  // Shutting down ends a run at once (its stream ends, so the drain does not wait for it).
  app.addHook("preClose", async () => {
    running?.abort();
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/simulation",
    {
      config: { permission: "super-admin" },
      // Each line must reach the client as it is written.
      compress: false,
      schema: {
        tags: ["Simulation"],
        summary: "Run simulated marketplace activity (sign-ups, reviews requested, bookings, payments, messages)",
        description:
          "Answers application/x-ndjson: a start line {type: start, count, intervalMs, durationMs}, one line per " +
          "event as it happens {type: event, n, kind, at, recordId, summary, notified (staff told)}, and an end line " +
          "{type: end, events, reason: count, duration, stopped or error}. Stops after " +
          "count events or durationMs, whichever comes first, or when the client disconnects. 409 when the server " +
          "runs without SIMULATION=true (or demo data), or while another run is going on.",
        body: simulationRequest,
        produces: ["application/x-ndjson"],
      },
    },
    async (request, reply) => {
      if (!app.appConfig.simulation) throw conflict("SIMULATION.DISABLED");
      if (running) throw conflict("SIMULATION.RUNNING");
      const { intervalMs } = request.body;
      const durationMs = request.body.durationMs ?? SIMULATION_LIMITS.maxDurationMs;
      const count =
        request.body.count ??
        (request.body.durationMs === undefined ? SIMULATION_LIMITS.defaultCount : SIMULATION_LIMITS.maxCount);
      const controller = new AbortController();
      running = controller;
      try {
        await recordAudit(app.db, request, {
          action: "simulate",
          resource: "simulation",
          changes: { count: [null, count], intervalMs: [null, intervalMs], durationMs: [null, durationMs] },
        });
      } catch (error) {
        running = undefined;
        throw error;
      }

      const stream = new PassThrough();
      const send = (line: SimulationLine) => stream.write(`${JSON.stringify(line)}\n`);
      // The client went away before the end: stop the run.
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      send({ type: "start", count, intervalMs, durationMs });
      request.log.info({ count, intervalMs, durationMs }, "simulation started");
      let events = 0;
      runSimulation(app, {
        count,
        intervalMs,
        durationMs,
        signal: controller.signal,
        onEvent: (event) => {
          events = event.n;
          send({ type: "event", ...event });
        },
      })
        .then(
          (result) => {
            request.log.info(result, "simulation ended");
            send({ type: "end", ...result });
          },
          (error: unknown) => {
            request.log.error({ err: error }, "simulation failed");
            send({ type: "end", events, reason: "error", summary: "the simulation stopped on an error (see the log)" });
          },
        )
        .finally(() => {
          if (running === controller) running = undefined;
          stream.end();
        });
      return reply.type("application/x-ndjson; charset=utf-8").send(stream);
    },
  );
}
