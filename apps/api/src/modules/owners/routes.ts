import { type Owner, owner, ownerListQuery } from "@palco/shared";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { crudResource, registerCrud } from "../../platform/crud.ts";
import { DocumentStore, registerDocumentRoute } from "../../platform/documents.ts";
import { registerReviewRoutes } from "../../platform/review.ts";
import {
  asLanguage,
  decisionHistory,
  reviewedAuditPolicy,
  reviewFilter,
  waitingFirst,
} from "../../platform/review-filters.ts";
import { boxes, members, ownerBankAccounts, owners } from "../../platform/schema.ts";
import { announceReviewQueue } from "../review-queue/announce.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const link = (id: number, kind: string, key: string | null) => DocumentStore.path("owners", id, kind, key);

/** The owner as answered, with the signed links of its documents for the member who asked. */
function present(app: FastifyInstance) {
  return (entity: Owner, request: FastifyRequest): Owner => ({
    ...entity,
    ownerIdPictureUrl: {
      front: app.documents.sign(request, entity.ownerIdPictureUrl.front),
      back: app.documents.sign(request, entity.ownerIdPictureUrl.back),
    },
    proofOfResidencyPictureUrl: app.documents.sign(request, entity.proofOfResidencyPictureUrl),
  });
}

/** Owners are created by the marketplace app: here they are listed, reviewed, and blocked or unblocked. */
export function ownerResource(app: FastifyInstance) {
  return crudResource({
    path: "owners",
    tag: "Owners",
    noun: "owner",
    table: owners,
    permissions: { index: "OWNERS_INDEX", all: "OWNERS_INDEX", show: "OWNERS_SHOW", activate: "OWNERS_ACTIVATE" },
    schemas: {
      entity: owner,
      option: z.object({ id: z.number(), name: z.string() }),
      input: z.object({}),
      listQuery: ownerListQuery,
    },
    entity: {
      fields: {
        id: owners.id,
        fullName: owners.name,
        email: members.email,
        phone: members.phone,
        phoneCountry: members.phoneCountry,
        placeOfBirth: members.placeOfBirth,
        rfc: owners.rfc,
        documentType: owners.documentType,
        birthAt: members.birthAt,
        address: owners.address,
        bankAccount: sql<Owner["bankAccount"]>`(
          select json_build_object('bankName', ${ownerBankAccounts.bankName},
            'accountNumber', ${ownerBankAccounts.accountNumber}, 'clabeNumber', ${ownerBankAccounts.clabe},
            'holderName', ${ownerBankAccounts.holderName})
          from ${ownerBankAccounts} where ${ownerBankAccounts.ownerId} = ${owners.id}
          order by ${ownerBankAccounts.position} limit 1)`,
        boxes: sql<number>`(select count(*)::int from ${boxes} where ${boxes.ownerId} = ${owners.id})`,
        idFrontKey: owners.idFrontKey,
        idBackKey: owners.idBackKey,
        proofOfResidencyKey: owners.proofOfResidencyKey,
        status: owners.status,
        readyForReview: owners.readyForReview,
        readyAt: owners.readyAt,
        review: owners.review,
        isActive: owners.isActive,
        decisions: decisionHistory("owners", owners.id),
        createdAt: owners.createdAt,
        updatedAt: owners.updatedAt,
      },
      from: (db, fields) =>
        db.select(fields).from(owners).innerJoin(members, eq(members.id, owners.memberId)).$dynamic(),
      map: ({ idFrontKey, idBackKey, proofOfResidencyKey, ...row }) => ({
        ...row,
        documentType: row.documentType as Owner["documentType"],
        status: row.status as Owner["status"],
        ownerIdPictureUrl: { front: link(row.id, "id-front", idFrontKey), back: link(row.id, "id-back", idBackKey) },
        proofOfResidencyPictureUrl: link(row.id, "proof-of-residency", proofOfResidencyKey),
        readyAt: iso(row.readyAt),
        createdAt: iso(row.createdAt)!,
        updatedAt: iso(row.updatedAt)!,
      }),
    },
    option: { fields: { id: owners.id, name: owners.name }, map: (row) => row },
    filters: { status: reviewFilter(owners) },
    orderWhen: waitingFirst(owners),
    sorts: { createdAt: owners.createdAt, fullName: owners.name },
    present: present(app),
    audit: reviewedAuditPolicy("owners"),
  });
}

export async function ownerRoutes(app: FastifyInstance) {
  const resource = ownerResource(app);
  registerCrud(app, resource);
  const lock = async (tx: typeof app.db, id: number) => {
    const locked = await tx.select({ id: owners.id }).from(owners).where(eq(owners.id, id)).for("update");
    if (locked.length === 0) return undefined;
    const [row] = await resource.entity.from(tx, resource.entity.fields).where(eq(owners.id, id)).limit(1);
    return row ? resource.entity.map(row as never) : undefined;
  };
  registerReviewRoutes(app, {
    base: "/api/owners",
    tags: ["Owners"],
    resource: "owners",
    decided: () => announceReviewQueue(app, "owners"),
    ns: "OWNERS",
    permission: "OWNERS_CHANGE_STATUS",
    table: owners,
    lock,
    present: present(app),
    response: owner,
    policy: reviewedAuditPolicy("owners"),
    async recipient(db, entity) {
      const [member] = await db
        .select({ language: members.language, firstName: members.firstName })
        .from(members)
        .innerJoin(owners, eq(owners.memberId, members.id))
        .where(and(eq(owners.id, entity.id)));
      return {
        email: entity.email,
        name: member?.firstName ?? entity.fullName,
        language: asLanguage(member?.language),
        subject: { kind: "owner" },
      };
    },
  });
  registerDocumentRoute(app, {
    resource: "owners",
    tag: "Owners",
    permission: "OWNERS_SHOW",
    async keys(db, id) {
      const [row] = await db
        .select({ front: owners.idFrontKey, back: owners.idBackKey, proof: owners.proofOfResidencyKey })
        .from(owners)
        .where(eq(owners.id, id));
      return row && { "id-front": row.front, "id-back": row.back, "proof-of-residency": row.proof };
    },
  });
}
