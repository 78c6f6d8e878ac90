import { type Box, box, boxListQuery } from "@palco/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { crudResource, registerCrud } from "../../platform/crud.ts";
import type { Db } from "../../platform/db.ts";
import { DocumentStore, registerDocumentRoute } from "../../platform/documents.ts";
import { registerReviewRoutes } from "../../platform/review.ts";
import {
  asLanguage,
  decisionHistory,
  reviewedAuditPolicy,
  reviewFilter,
  waitingFirst,
} from "../../platform/review-filters.ts";
import { boxes, boxImages, boxSeasons, cities, members, owners, venues } from "../../platform/schema.ts";
import { announceReviewQueue } from "../review-queue/announce.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const link = (id: number, kind: string, key: string | null) => DocumentStore.path("boxes", id, kind, key);

function present(app: FastifyInstance) {
  return (entity: Box, request: FastifyRequest): Box => ({
    ...entity,
    propertyTitlePictureUrl: app.documents.sign(request, entity.propertyTitlePictureUrl),
    proofOfResidencyPictureUrl: app.documents.sign(request, entity.proofOfResidencyPictureUrl),
  });
}

/** Boxes are created by their owners in the marketplace app: here they are listed, reviewed, blocked, unblocked. */
export function boxResource(app: FastifyInstance) {
  return crudResource({
    path: "boxes",
    tag: "Boxes",
    noun: "box",
    table: boxes,
    permissions: {
      index: "BOXES_INDEX",
      all: "BOXES_INDEX",
      show: "BOXES_SHOW",
      activate: "BOXES_ACTIVATE",
    },
    schemas: {
      entity: box,
      option: z.object({ id: z.number(), name: z.string(), venueId: z.number() }),
      input: z.object({}),
      listQuery: boxListQuery,
    },
    entity: {
      fields: {
        id: boxes.id,
        number: boxes.number,
        boxZone: boxes.zone,
        detail: boxes.detail,
        type: boxes.type,
        availableSeats: boxes.availableSeats,
        price: boxes.price,
        deposit: boxes.deposit,
        images: sql<Box["images"]>`coalesce((
          select json_agg(json_build_object('url', ${boxImages.url}, 'smallUrl', ${boxImages.smallUrl},
            'width', ${boxImages.width}, 'height', ${boxImages.height}) order by ${boxImages.position})
          from ${boxImages} where ${boxImages.boxId} = ${boxes.id}), '[]'::json)`,
        // Money as text: a JSON number would turn "18500.00" into 18500 (and large amounts into floats).
        seasons: sql<Box["seasons"]>`coalesce((
          select json_agg(json_build_object('price', ${boxSeasons.price}::text, 'deposit', ${boxSeasons.deposit}::text,
            'seasonStartsAt', ${boxSeasons.startsOn}, 'seasonEndsAt', ${boxSeasons.endsOn})
            order by ${boxSeasons.startsOn}, ${boxSeasons.id})
          from ${boxSeasons} where ${boxSeasons.boxId} = ${boxes.id}), '[]'::json)`,
        positionX: boxes.positionX,
        positionY: boxes.positionY,
        cancellationPolicy: boxes.cancellationPolicy,
        accessIndications: boxes.accessIndications,
        isShared: boxes.isShared,
        venue: { id: venues.id, name: venues.name },
        venuePictureUrl: venues.pictureUrl,
        venuePictureWidth: venues.pictureWidth,
        venuePictureHeight: venues.pictureHeight,
        city: { id: cities.id, name: cities.name },
        owner: { id: owners.id, name: owners.name },
        propertyTitleKey: boxes.propertyTitleKey,
        proofOfResidencyKey: boxes.proofOfResidencyKey,
        status: boxes.status,
        readyForReview: boxes.readyForReview,
        readyAt: boxes.readyAt,
        review: boxes.review,
        isActive: boxes.isActive,
        decisions: decisionHistory("boxes", boxes.id),
        createdAt: boxes.createdAt,
        updatedAt: boxes.updatedAt,
      },
      from: (db, fields) =>
        db
          .select(fields)
          .from(boxes)
          .innerJoin(venues, eq(venues.id, boxes.venueId))
          .innerJoin(cities, eq(cities.id, venues.cityId))
          .innerJoin(owners, eq(owners.id, boxes.ownerId))
          .$dynamic(),
      map: ({ positionX, positionY, propertyTitleKey, proofOfResidencyKey, ...row }) => ({
        ...row,
        type: row.type as Box["type"],
        status: row.status as Box["status"],
        pictureUrl: row.images[0]?.smallUrl ?? null,
        position: { x: Number(positionX), y: Number(positionY) },
        userName: row.owner.name,
        propertyTitlePictureUrl: link(row.id, "property-title", propertyTitleKey),
        proofOfResidencyPictureUrl: link(row.id, "proof-of-residency", proofOfResidencyKey),
        readyAt: iso(row.readyAt),
        createdAt: iso(row.createdAt)!,
        updatedAt: iso(row.updatedAt)!,
      }),
    },
    option: { fields: { id: boxes.id, name: boxes.name, venueId: boxes.venueId }, map: (row) => row },
    filters: {
      status: reviewFilter(boxes),
      venue: (venueId) => eq(boxes.venueId, venueId),
      city: (cityId) =>
        sql`${boxes.venueId} in (select ${venues.id} from ${venues} where ${venues.cityId} = ${cityId})`,
      // Boxes sold by season: the seasonal types (their seasons section has the prices).
      seasons: (only) => sql`(${only} <> 'true' or ${boxes.type} in ('season', 'both'))`,
    },
    orderWhen: waitingFirst(boxes),
    // The zone column shows the zone; the order is the box's name, "zone number".
    sorts: { createdAt: boxes.createdAt, boxZone: boxes.name },
    // The boxes of a deleted venue leave the lists with it.
    live: sql`${boxes.venueId} in (select ${venues.id} from ${venues} where ${venues.deletedAt} is null)`,
    present: present(app),
    audit: reviewedAuditPolicy("boxes"),
  });
}

async function lockBox(resource: ReturnType<typeof boxResource>, tx: Db, id: number) {
  const locked = await tx.select({ id: boxes.id }).from(boxes).where(eq(boxes.id, id)).for("update");
  if (locked.length === 0) return undefined;
  const [row] = await resource.entity
    .from(tx, resource.entity.fields)
    .where(sql`${boxes.id} = ${id} and ${resource.live}`)
    .limit(1);
  return row ? resource.entity.map(row as never) : undefined;
}

export async function boxRoutes(app: FastifyInstance) {
  const resource = boxResource(app);
  registerCrud(app, resource);
  registerReviewRoutes(app, {
    base: "/api/boxes",
    tags: ["Boxes"],
    resource: "boxes",
    decided: () => announceReviewQueue(app, "boxes"),
    ns: "BOXES",
    permission: "BOXES_CHANGE_STATUS",
    table: boxes,
    lock: (tx, id) => lockBox(resource, tx, id),
    present: present(app),
    response: box,
    policy: reviewedAuditPolicy("boxes"),
    async recipient(db, entity) {
      const [member] = await db
        .select({ email: members.email, firstName: members.firstName, language: members.language })
        .from(owners)
        .innerJoin(members, eq(members.id, owners.memberId))
        .where(eq(owners.id, entity.owner.id));
      return {
        email: member?.email ?? "",
        name: member?.firstName ?? entity.userName,
        language: asLanguage(member?.language),
        subject: { kind: "box", label: `${entity.boxZone} ${entity.number} (${entity.venue.name})` },
      };
    },
  });
  registerDocumentRoute(app, {
    resource: "boxes",
    tag: "Boxes",
    permission: "BOXES_SHOW",
    async keys(db, id) {
      const [row] = await db
        .select({ title: boxes.propertyTitleKey, proof: boxes.proofOfResidencyKey })
        .from(boxes)
        .where(eq(boxes.id, id));
      return row && { "property-title": row.title, "proof-of-residency": row.proof };
    },
  });
}
