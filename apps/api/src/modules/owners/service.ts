import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../platform/db.ts";
import { ownerBankAccounts, owners } from "../../platform/schema.ts";
import { type StoredNotification, storeNotification } from "../notifications/service.ts";

/**
 * What the marketplace does to owner profiles, as domain services: a member fills in their profile in the
 * marketplace app and sends it for review, which tells staff. The activity simulator and the demo go through them.
 */

export interface NewOwnerProfile {
  memberId: number;
  /** The legal name, as on the ID. */
  name: string;
  address: string;
  rfc: string;
  documentType: "id" | "passport";
  idFrontKey?: string | null;
  idBackKey?: string | null;
  proofOfResidencyKey?: string | null;
  /** In order: the first is the one shown and paid into. */
  bankAccounts: { bankName: string; accountNumber: string; clabe: string; holderName: string }[];
  at?: Date;
}

/** A member's owner profile, as a draft (pending, not yet sent for review). Returns its id. */
export async function createOwnerProfile(tx: Db, input: NewOwnerProfile): Promise<number> {
  const at = input.at ?? new Date();
  const [row] = await tx
    .insert(owners)
    .values({
      memberId: input.memberId,
      name: input.name,
      address: input.address,
      rfc: input.rfc,
      documentType: input.documentType,
      idFrontKey: input.idFrontKey ?? null,
      idBackKey: input.idBackKey ?? null,
      proofOfResidencyKey: input.proofOfResidencyKey ?? null,
      status: "pending",
      readyForReview: false,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: owners.id });
  if (input.bankAccounts.length > 0) {
    await tx
      .insert(ownerBankAccounts)
      .values(input.bankAccounts.map((account, index) => ({ ownerId: row!.id, position: index + 1, ...account })));
  }
  return row!.id;
}

export class NotSubmittableError extends Error {
  constructor(readonly what: "owner" | "box") {
    super(`this ${what} cannot be sent for review`);
  }
}

/**
 * The member sends their profile for review (again, after it was returned): it waits for a decision from now on,
 * and staff are told. An accepted profile, or one already waiting, cannot be sent.
 */
export async function sendOwnerForReview(
  tx: Db,
  ownerId: number,
  options: { at?: Date; notices?: StoredNotification[] } = {},
): Promise<void> {
  const at = options.at ?? new Date();
  const updated = await tx
    .update(owners)
    .set({ status: "pending", readyForReview: true, readyAt: at, updatedAt: at })
    .where(and(eq(owners.id, ownerId), ne(owners.status, "accepted"), eq(owners.readyForReview, false)))
    .returning({ id: owners.id });
  if (updated.length === 0) throw new NotSubmittableError("owner");
  const notice = await announceOwnerReady(tx, ownerId, at);
  if (notice) options.notices?.push(notice);
}

/** Tells staff that an owner waits for review ("owner-ready"); stored in the caller's transaction. */
export async function announceOwnerReady(tx: Db, ownerId: number, at: Date): Promise<StoredNotification | undefined> {
  const [owner] = await tx
    .select({ id: owners.id, memberId: owners.memberId, name: owners.name })
    .from(owners)
    .where(eq(owners.id, ownerId));
  if (!owner) return undefined;
  return storeNotification(tx, {
    kind: "owner-ready",
    recordId: owner.id,
    member: { id: owner.memberId, name: owner.name },
    payload: { name: owner.name },
    at,
  });
}
