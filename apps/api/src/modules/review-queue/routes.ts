import { errorBody, reviewQueue } from "@palco/shared";
import { and, count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isAllowed } from "../../platform/guard.ts";
import { boxes, owners, venues } from "../../platform/schema.ts";

/** GET /api/review-queue: what waits for a decision, for the sidebar's badges (each only for who sees its list). */
export async function reviewQueueRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/review-queue",
    {
      config: { permission: null },
      schema: {
        tags: ["Owners", "Boxes"],
        summary: "How many owners and boxes wait for review (null for a list the member cannot open)",
        response: { 200: reviewQueue, "4xx": errorBody },
      },
    },
    async (request) => {
      const user = request.sessionUser!;
      const waiting = async (table: typeof owners | typeof boxes, live?: ReturnType<typeof sql>) => {
        const [row] = await app.db
          .select({ total: count() })
          .from(table)
          .where(and(eq(table.status, "pending"), eq(table.readyForReview, true), live));
        return row?.total ?? 0;
      };
      return {
        owners: isAllowed(user, "OWNERS_INDEX") ? await waiting(owners) : null,
        boxes: isAllowed(user, "BOXES_INDEX")
          ? await waiting(
              boxes,
              sql`${boxes.venueId} in (select ${venues.id} from ${venues} where ${venues.deletedAt} is null)`,
            )
          : null,
      };
    },
  );
}
