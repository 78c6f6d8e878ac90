import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../platform/db.ts";
import { boxes, boxImages, boxSeasons, owners, venues } from "../../platform/schema.ts";
import { type StoredNotification, storeNotification } from "../notifications/service.ts";
import { NotSubmittableError } from "../owners/service.ts";

/**
 * What the marketplace does to boxes, as domain services: an owner describes a box in the marketplace app and
 * sends it for review, which tells staff. The activity simulator and the demo go through them.
 */

export interface NewBox {
  ownerId: number;
  venueId: number;
  box: Omit<typeof boxes.$inferInsert, "id" | "ownerId" | "venueId" | "status" | "readyForReview" | "readyAt">;
  /** Calendar days on the venue's clocks, both included. */
  seasons?: { price: string; deposit: string; startsOn: string; endsOn: string }[];
  /** Public photos already stored (platform/images.ts), in display order. */
  photos?: { url: string; smallUrl: string; width: number; height: number }[];
  at?: Date;
}

/** A box as a draft (pending, not yet sent for review), with its seasons and photos. Returns its id. */
export async function createBox(tx: Db, input: NewBox): Promise<number> {
  const at = input.at ?? new Date();
  const [row] = await tx
    .insert(boxes)
    .values({
      ...input.box,
      ownerId: input.ownerId,
      venueId: input.venueId,
      status: "pending",
      readyForReview: false,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: boxes.id });
  const boxId = row!.id;
  if (input.seasons && input.seasons.length > 0) {
    await tx.insert(boxSeasons).values(input.seasons.map((season) => ({ ...season, boxId })));
  }
  if (input.photos && input.photos.length > 0) {
    await tx.insert(boxImages).values(input.photos.map((photo, index) => ({ ...photo, boxId, position: index + 1 })));
  }
  return boxId;
}

/**
 * The owner sends a box for review (again, after it was returned): it waits for a decision from now on, and staff
 * are told. An accepted box, or one already waiting, cannot be sent.
 */
export async function sendBoxForReview(
  tx: Db,
  boxId: number,
  options: { at?: Date; notices?: StoredNotification[] } = {},
): Promise<void> {
  const at = options.at ?? new Date();
  const updated = await tx
    .update(boxes)
    .set({ status: "pending", readyForReview: true, readyAt: at, updatedAt: at })
    .where(and(eq(boxes.id, boxId), ne(boxes.status, "accepted"), eq(boxes.readyForReview, false)))
    .returning({ id: boxes.id });
  if (updated.length === 0) throw new NotSubmittableError("box");
  const notice = await announceBoxReady(tx, boxId, at);
  if (notice) options.notices?.push(notice);
}

/** Tells staff that a box waits for review ("box-ready"); stored in the caller's transaction. */
export async function announceBoxReady(tx: Db, boxId: number, at: Date): Promise<StoredNotification | undefined> {
  const [box] = await tx
    .select({
      id: boxes.id,
      memberId: owners.memberId,
      name: owners.name,
      box: sql<string>`${boxes.zone} || ' ' || ${boxes.number}`,
      venue: venues.name,
    })
    .from(boxes)
    .innerJoin(owners, eq(owners.id, boxes.ownerId))
    .innerJoin(venues, eq(venues.id, boxes.venueId))
    .where(eq(boxes.id, boxId));
  if (!box) return undefined;
  return storeNotification(tx, {
    kind: "box-ready",
    recordId: box.id,
    member: { id: box.memberId, name: box.name },
    payload: { name: box.name, box: box.box, venue: box.venue },
    at,
  });
}
