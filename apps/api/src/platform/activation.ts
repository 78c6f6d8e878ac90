import { errorBody, idParams } from "@palco/shared";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Db } from "./db.ts";
import { notFound } from "./errors.ts";
import type { RoutePermission } from "./guard.ts";

/** A table whose rows are blocked and unblocked through their `isActive` flag. */
export type ActivatableTable = PgTable & { id: PgColumn; isActive: PgColumn; updatedAt: PgColumn };

type FlagChange = (db: Db, id: number, isActive: boolean, request: FastifyRequest) => Promise<void>;

export interface ActivationRoutes<TEntity> {
  /** Path of the collection, e.g. "/api/payment-methods"; the routes are `{base}/:id/activate|deactivate`. */
  base: string;
  tags: string[];
  permission: RoutePermission;
  summary: { activate: string; deactivate: string };
  /** What both routes answer: the entity after the change. */
  response: z.ZodType<TEntity>;
  load(db: Db, id: number): Promise<TEntity>;
  /** Either the table whose flag flips, or a change with rules of its own (users: not oneself, sessions end). */
  change: ActivatableTable | FlagChange;
}

/** Sets the flag, answering 404 for an unknown id. */
function flipFlag(table: ActivatableTable): FlagChange {
  return async (db, id, isActive) => {
    const updated = await db
      .update(table as ActivatableTable)
      .set({ isActive, updatedAt: new Date() })
      .where(eq(table.id, id))
      .returning({ id: table.id });
    if (updated.length === 0) throw notFound();
  };
}

/** PUT {base}/:id/activate and /deactivate (spec 01 §4, spec 02 §4): every blockable resource has this pair. */
export function registerActivationRoutes<TEntity>(app: FastifyInstance, options: ActivationRoutes<TEntity>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const change = typeof options.change === "function" ? options.change : flipFlag(options.change);
  for (const [action, isActive] of [
    ["activate", true],
    ["deactivate", false],
  ] as const) {
    r.put(
      `${options.base}/:id/${action}`,
      {
        config: { permission: options.permission },
        schema: {
          tags: options.tags,
          summary: options.summary[action],
          params: idParams,
          response: { 200: options.response, "4xx": errorBody },
        },
      },
      async (request) => {
        const { id } = request.params;
        await change(app.db, id, isActive, request);
        return options.load(app.db, id);
      },
    );
  }
}
