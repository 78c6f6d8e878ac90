import {
  CATALOGUE_IMAGE_MAX_BYTES,
  VENUE_PICTURE_MIN_WIDTH,
  venue,
  venueInput,
  venueListQuery,
  venueOption,
} from "@palco/shared";
import { eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { crudResource, registerCrud, rowExists } from "../../platform/crud.ts";
import { PICTURE_VARIANTS } from "../../platform/images.ts";
import { boxes, cities, countries, events, states, venues } from "../../platform/schema.ts";

const iso = (date: Date) => date.toISOString();

export const venueResource = crudResource({
  path: "venues",
  tag: "Venues",
  noun: "venue",
  table: venues,
  permissions: {
    index: "VENUES_INDEX",
    // The event form's venue select and the events, boxes and bookings filters list every venue.
    all: ["VENUES_INDEX", "EVENTS_INDEX", "EVENTS_CREATE", "EVENTS_EDIT", "BOXES_INDEX", "BOOKINGS_INDEX"],
    show: ["VENUES_SHOW", "VENUES_EDIT"],
    create: "VENUES_CREATE",
    edit: "VENUES_EDIT",
    delete: "VENUES_DELETE",
    activate: "VENUE_ACTIVATE",
  },
  schemas: { entity: venue, option: venueOption, input: venueInput, listQuery: venueListQuery },
  entity: {
    fields: {
      id: venues.id,
      name: venues.name,
      pictureUrl: venues.pictureUrl,
      pictureSmallUrl: venues.pictureSmallUrl,
      pictureWidth: venues.pictureWidth,
      pictureHeight: venues.pictureHeight,
      address: venues.address,
      latitude: venues.latitude,
      longitude: venues.longitude,
      contact: venues.contact,
      isActive: venues.isActive,
      // Its events by start, and how many boxes owners offer there.
      events: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', ${events.id}, 'name', ${events.name}) order by ${events.startsAt}, ${events.id})
        from ${events} where ${events.venueId} = ${venues.id}), '[]'::json)`,
      boxes: sql<number>`(select count(*)::int from ${boxes} where ${boxes.venueId} = ${venues.id})`.mapWith(Number),
      city: { id: cities.id, name: cities.name },
      state: { id: states.id, name: states.name, code: states.code },
      country: { id: countries.id, name: countries.name, code: countries.code },
      createdAt: venues.createdAt,
      updatedAt: venues.updatedAt,
    },
    from: (db, fields) =>
      db
        .select(fields)
        .from(venues)
        .innerJoin(cities, eq(cities.id, venues.cityId))
        .innerJoin(states, eq(states.id, cities.stateId))
        .innerJoin(countries, eq(countries.id, states.countryId))
        .$dynamic(),
    map: (row) => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) }),
  },
  option: {
    fields: {
      id: venues.id,
      name: venues.name,
      cityId: venues.cityId,
      isActive: venues.isActive,
      // The event form offers starts on this clock (the server reads them on it).
      timeZone: sql<string>`(select ${cities.timeZone} from ${cities} where ${cities.id} = ${venues.cityId})`,
    },
    map: (row) => row,
  },
  sorts: { name: venues.name },
  filters: { city: (cityId) => eq(venues.cityId, cityId) },
  // A deleted venue leaves every list with its events (events/routes.ts) and keeps its row for their history.
  live: isNull(venues.deletedAt),
  softDelete: () => ({ deletedAt: new Date() }),
  toValues: (input) => ({
    name: input.name,
    address: input.address,
    contact: input.contact,
    cityId: input.city,
    latitude: input.latitude,
    longitude: input.longitude,
  }),
  references: [
    {
      field: "city",
      id: (values) => values.cityId,
      exists: (db, id) => rowExists(db, cities, eq(cities.id, id)),
    },
  ],
  upload: {
    field: "picture",
    folder: "venues",
    variants: PICTURE_VARIANTS,
    maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
    missingOnCreate: "VENUES.VALIDATION.PICTURE_MISSING",
    minWidth: { width: VENUE_PICTURE_MIN_WIDTH, messageKey: "VENUES.VALIDATION.IMAGE_WIDTH" },
    // The size stored is the upload's, as the server measured it; what the client says is never read.
    columns: (stored) => ({
      pictureUrl: stored?.url ?? null,
      pictureSmallUrl: stored?.smallUrl ?? null,
      pictureWidth: stored?.sourceWidth ?? null,
      pictureHeight: stored?.sourceHeight ?? null,
    }),
    files: (entity) => [entity.pictureUrl, entity.pictureSmallUrl],
  },
});

export async function venueRoutes(app: FastifyInstance) {
  registerCrud(app, venueResource);
}
