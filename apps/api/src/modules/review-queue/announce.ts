import type { ReviewQueueChangedEvent } from "@palco/shared";
import type { FastifyInstance } from "fastify";
import { rowsOf, staffHolding } from "../notifications/service.ts";

/**
 * Pushes `reviewQueueChanged` {list} to the open sockets of every staff member who sees that list's inbox badge,
 * on every API instance (Redis): a decision taken on one instance, or a record sent for review, updates the badge
 * on all of them without waiting for its once-a-minute refresh. Called after the commit; a failure only logs.
 */
export function announceReviewQueue(app: FastifyInstance, list: ReviewQueueChangedEvent["list"]): void {
  const realtime = app.realtime;
  if (!realtime) return;
  app.background.run("review queue announcement", async () => {
    const readers = rowsOf<{ id: number }>(
      await app.db.execute(staffHolding([list === "owners" ? "OWNERS_INDEX" : "BOXES_INDEX"])),
    );
    const event: ReviewQueueChangedEvent = { list };
    for (const reader of readers) realtime.emitToUser(reader.id, "reviewQueueChanged", event);
  });
}
