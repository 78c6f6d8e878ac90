import { type AuditResource, errorBody, idParams } from "@palco/shared";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type AuditPolicy, auditedWrite } from "./audit.ts";
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
  /** The answer as the member who asked sees it (signed document links); the loaded entity by default. */
  present?(entity: TEntity, request: FastifyRequest): TEntity | Promise<TEntity>;
  /** The resource's path segment in the audit trail ("countries"). */
  resource: AuditResource;
  policy?: AuditPolicy | undefined;
  /**
   * Locks the row and answers the entity (undefined when it does not exist), inside the change's transaction.
   * By default: SELECT … FOR UPDATE on the table of `change`, then `load`.
   */
  lock?(tx: Db, id: number): Promise<TEntity | undefined>;
  /**
   * Either the table whose flag flips (the kit runs it in a transaction with its audit entry and If-Match check),
   * or a change with rules of its own (users: not oneself, sessions end) that does all of that itself.
   */
  change: ActivatableTable | FlagChange;
}

/** Locks the row (SELECT … FOR UPDATE) until the transaction ends, then loads the record; undefined if missing. */
export async function lockRow<TEntity>(
  tx: Db,
  table: PgTable & { id: PgColumn },
  id: number,
  load: (db: Db, id: number) => Promise<TEntity | undefined>,
): Promise<TEntity | undefined> {
  const locked = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update");
  return locked.length === 0 ? undefined : load(tx, id);
}

/** Sets the flag in a transaction that checks If-Match and records the change; 404 for an unknown id. */
function flipFlag<TEntity>(table: ActivatableTable, options: ActivationRoutes<TEntity>): FlagChange {
  return (db, id, isActive, request) =>
    db.transaction(async (tx) => {
      await auditedWrite(tx, {
        request,
        resource: options.resource,
        recordId: id,
        action: isActive ? "activate" : "deactivate",
        policy: options.policy,
        load: () => (options.lock ? options.lock(tx, id) : lockRow(tx, table, id, options.load)),
        async apply() {
          const updated = await tx
            .update(table as ActivatableTable)
            .set({ isActive, updatedAt: new Date() })
            .where(eq(table.id, id))
            .returning({ id: table.id });
          if (updated.length === 0) throw notFound();
        },
      });
    });
}

/** PUT {base}/:id/activate and /deactivate (spec 01 §4, spec 02 §4): every blockable resource has this pair. */
export function registerActivationRoutes<TEntity>(app: FastifyInstance, options: ActivationRoutes<TEntity>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const change = typeof options.change === "function" ? options.change : flipFlag(options.change, options);
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
        const entity = await options.load(app.db, id);
        return options.present ? options.present(entity, request) : entity;
      },
    );
  }
}
