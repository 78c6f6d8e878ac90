import { type AuditResource, errorBody, idParams, type Language, reviewDecision } from "@palco/shared";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type AuditPolicy, auditedWrite } from "./audit.ts";
import type { Db } from "./db.ts";
import { conflict } from "./errors.ts";
import type { RoutePermission } from "./guard.ts";
import { type ReviewSubject, reviewDecisionMail } from "./mail-templates.ts";

/** A table whose rows staff accept or return (spec 02 §4): owners and boxes. */
export type ReviewTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  readyForReview: PgColumn;
  review: PgColumn;
  isActive: PgColumn;
  updatedAt: PgColumn;
};

export interface ReviewRoutes<TEntity extends { readyForReview: boolean }> {
  /** "/api/owners": the route is `{base}/:id/status`. */
  base: string;
  tags: string[];
  /** The audit trail's resource name ("owners"). */
  resource: Extract<AuditResource, "owners" | "boxes">;
  /** Whose messages the refusals use (OWNERS.NOT_READY, OWNERS.VALIDATION.REVIEW_MISSING). */
  ns: "OWNERS" | "BOXES";
  permission: RoutePermission;
  table: ReviewTable;
  /** Locks the row (SELECT … FOR UPDATE) and loads the record; undefined when it does not exist. */
  lock(tx: Db, id: number): Promise<TEntity | undefined>;
  present(entity: TEntity, request: FastifyRequest): TEntity | Promise<TEntity>;
  response: z.ZodType<TEntity>;
  policy?: AuditPolicy;
  /** Who hears of the decision, once it is committed: the owner's address, name and language. */
  recipient(
    db: Db,
    entity: TEntity,
  ): Promise<{ email: string; name: string; language: Language; subject: ReviewSubject }>;
  /** Run after the commit: what waits in the inbox changed (the sidebar badges of every instance follow). */
  decided?(): void;
}

/**
 * PUT {base}/:id/status {status: accepted | returned, review}: the review decision as a state machine the server
 * checks. Only a record waiting for review (readyForReview) can be decided; the row lock makes two staff members
 * deciding at once take turns, and the second finds it decided: 409, never a double decision. Accept sets
 * accepted, active and not ready (and clears an old review); reject sets returned and not ready and keeps the
 * review. The decision is an audit entry (who, when, before and after, the review text) in the same transaction,
 * and the owner is e-mailed the outcome after the commit.
 */
export function registerReviewRoutes<TEntity extends { readyForReview: boolean }>(
  app: FastifyInstance,
  options: ReviewRoutes<TEntity>,
) {
  const body = reviewDecision(options.ns);
  app.withTypeProvider<ZodTypeProvider>().put(
    `${options.base}/:id/status`,
    {
      config: { permission: options.permission },
      schema: {
        tags: options.tags,
        summary: "Accept, or return with a review (only while it waits for review)",
        description:
          "409 when it is not ready for review (never sent, or already decided: also the loser of two " +
          "simultaneous decisions). A review of at least 10 letters is required to return it.",
        params: idParams,
        body,
        response: { 200: options.response, "4xx": errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status, review } = request.body;
      const accepted = status === "accepted";
      const entity = (await app.db.transaction((tx) =>
        auditedWrite(tx, {
          request,
          resource: options.resource,
          recordId: id,
          action: accepted ? "accept" : "reject",
          policy: options.policy,
          load: () => options.lock(tx, id),
          async apply(before) {
            if (!before.readyForReview) throw conflict(`${options.ns}.NOT_READY`);
            const table = options.table;
            await tx
              .update(table as ReviewTable)
              .set(
                accepted
                  ? { status, readyForReview: false, isActive: true, review: null, updatedAt: new Date() }
                  : { status, readyForReview: false, review: review ?? null, updatedAt: new Date() },
              )
              .where(eq(table.id, id));
          },
        }),
      )) as TEntity;
      options.decided?.();
      const recipient = await options.recipient(app.db, entity);
      app.background.run("review decision e-mail", () =>
        app.mailer.send(
          reviewDecisionMail(recipient.language, recipient.email, recipient.name, recipient.subject, {
            accepted,
            review: accepted ? null : (review ?? null),
          }),
        ),
      );
      return options.present(entity, request);
    },
  );
}
