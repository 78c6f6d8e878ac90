import {
  CATALOGUE_IMAGE_MAX_BYTES,
  EVENT_MIN_LEAD_MS,
  type Event,
  event,
  eventInput,
  eventListQuery,
  eventOption,
  instantToWallTime,
  isStorableInstant,
  wallTimeToInstant,
} from "@palco/shared";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { crudResource, registerCrud, rowExists } from "../../platform/crud.ts";
import type { Db } from "../../platform/db.ts";
import { unprocessable } from "../../platform/errors.ts";
import { PICTURE_VARIANTS } from "../../platform/images.ts";
import { bookings, boxes, categories, cities, eventCategories, events, states, venues } from "../../platform/schema.ts";

const iso = (date: Date) => date.toISOString();

/** The venue an event is at, if it exists for the API (not deleted), with what its rules need. */
async function venueOf(db: Db, id: number) {
  const [row] = await db
    .select({ id: venues.id, isActive: venues.isActive, timeZone: cities.timeZone })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .where(and(eq(venues.id, id), isNull(venues.deletedAt)));
  return row;
}

/** Spec 02 §5: the start is at least 72 hours away (checked when it is set or changed). */
function checkLead(startsAt: Date) {
  if (startsAt.getTime() < Date.now() + EVENT_MIN_LEAD_MS) {
    throw unprocessable({ startsAt: "EVENTS.VALIDATION.STARTS_AT_MIN" });
  }
}

async function checkVenueActive(db: Db, venueId: number) {
  if (!(await venueOf(db, venueId))?.isActive) throw unprocessable({ venue: "EVENTS.VALIDATION.VENUE_INACTIVE" });
}

/** The day (YYYY-MM-DD) on the wall clocks of the event's venue city. */
const localDay = sql`(${events.startsAt} at time zone (
  select ${cities.timeZone} from ${venues} join ${cities} on ${cities.id} = ${venues.cityId}
  where ${venues.id} = ${events.venueId}))::date`;

export const eventResource = crudResource({
  path: "events",
  tag: "Events",
  noun: "event",
  table: events,
  permissions: {
    index: "EVENTS_INDEX",
    all: ["EVENTS_INDEX", "BOOKINGS_INDEX"],
    show: ["EVENTS_SHOW", "EVENTS_EDIT"],
    create: "EVENTS_CREATE",
    edit: "EVENTS_EDIT",
    delete: "EVENTS_DELETE",
    activate: "EVENTS_ACTIVATE",
  },
  schemas: { entity: event, option: eventOption, input: eventInput, listQuery: eventListQuery },
  entity: {
    fields: {
      id: events.id,
      name: events.name,
      pictureUrl: events.pictureUrl,
      pictureSmallUrl: events.pictureSmallUrl,
      duration: events.duration,
      startsAt: events.startsAt,
      timeZone: cities.timeZone,
      isActive: events.isActive,
      venue: {
        id: venues.id,
        name: venues.name,
        // The venue's boxes on sale (accepted and unblocked), which the detail links to.
        boxes: sql<{ id: number; number: string; boxZone: string }[]>`coalesce((
          select json_agg(json_build_object('id', ${boxes.id}, 'number', ${boxes.number}, 'boxZone', ${boxes.zone})
            order by ${boxes.name}, ${boxes.id})
          from ${boxes} where ${boxes.venueId} = ${venues.id} and ${boxes.status} = 'accepted' and ${boxes.isActive}),
          '[]'::json)`,
      },
      city: { id: cities.id, name: cities.name },
      state: { id: states.id, name: states.name },
      categories: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', ${categories.id}, 'name', ${categories.name})
          order by ${categories.order}, ${categories.id})
        from ${eventCategories} join ${categories} on ${categories.id} = ${eventCategories.categoryId}
        where ${eventCategories.eventId} = ${events.id}), '[]'::json)`,
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
    },
    from: (db, fields) =>
      db
        .select(fields)
        .from(events)
        .innerJoin(venues, eq(venues.id, events.venueId))
        .innerJoin(cities, eq(cities.id, venues.cityId))
        .innerJoin(states, eq(states.id, cities.stateId))
        .$dynamic(),
    map: ({ venue, city, state, ...row }) => ({
      ...row,
      startsAt: iso(row.startsAt),
      localStartsAt: instantToWallTime(row.startsAt, row.timeZone),
      venue: { ...venue, city: { ...city, state } },
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    }),
  },
  option: {
    fields: { id: events.id, name: events.name, venueId: events.venueId, isActive: events.isActive },
    map: (row) => row,
  },
  order: events.startsAt,
  // Where staff work: upcoming events soonest first, then those already started, most recent first.
  split: sql`${events.startsAt} >= now()`,
  // A chosen order is one walk of its index, not split: all events by start, or by name.
  sorts: { startsAt: events.startsAt, name: events.name },
  filters: {
    venue: (venueId) => eq(events.venueId, venueId),
    city: (cityId) => sql`${events.venueId} in (select ${venues.id} from ${venues} where ${venues.cityId} = ${cityId})`,
    state: (stateId) =>
      sql`${events.venueId} in (select ${venues.id} from ${venues} join ${cities} on ${cities.id} = ${venues.cityId}
        where ${cities.stateId} = ${stateId})`,
    // The index on starts_at narrows to the day ± every UTC offset in use (−12 h … +14 h); the venue's zone decides.
    startsAt: (day) => sql`${events.startsAt} >= (${day}::date::timestamp at time zone 'UTC') - interval '14 hours'
      and ${events.startsAt} < (${day}::date::timestamp at time zone 'UTC') + interval '38 hours'
      and ${localDay} = ${day}::date`,
    // Today, this week (ISO: from Monday) or this month on the venue's wall clock, at the time of the request: an event
    // of the period starts less than its length (plus a day for the offsets) away from now, which the index on
    // starts_at narrows to; then the period of its start and of now on the venue's clock must be the same.
    period: (period) => {
      const unit = sql`(case ${period} when 'today' then 'day' when 'this-week' then 'week' else 'month' end)`;
      const reach = sql`(case ${period} when 'today' then interval '2 days' when 'this-week' then interval '8 days'
        else interval '32 days' end)`;
      return sql`${events.startsAt} > now() - ${reach} and ${events.startsAt} < now() + ${reach}
        and exists (select 1 from ${venues} join ${cities} on ${cities.id} = ${venues.cityId}
          where ${venues.id} = ${events.venueId}
            and date_trunc(${unit}, ${events.startsAt} at time zone ${cities.timeZone})
              = date_trunc(${unit}, now() at time zone ${cities.timeZone}))`;
    },
  },
  // The events of a deleted venue leave every list and detail with it.
  live: sql`${events.venueId} in (select ${venues.id} from ${venues} where ${venues.deletedAt} is null)`,
  async toValues(input, tx) {
    const venue = await venueOf(tx, input.venue);
    if (!venue) throw unprocessable({ venue: "VALIDATION.NOT_FOUND_REFERENCE" });
    // The wall time the staff member typed, on the clocks of the venue's city.
    const startsAt = wallTimeToInstant(input.startsAt, venue.timeZone);
    // Its end too is read back as an instant (bookings, reports).
    const endsAt = new Date(startsAt.getTime() + input.duration * 3_600_000);
    if (!isStorableInstant(startsAt) || !isStorableInstant(endsAt)) {
      throw unprocessable({ startsAt: "VALIDATION.DATE_OUT_OF_RANGE" });
    }
    return { name: input.name, duration: input.duration, venueId: venue.id, startsAt };
  },
  hooks: {
    async beforeCreate(tx, values) {
      checkLead(values.startsAt);
      await checkVenueActive(tx, values.venueId);
      return values;
    },
    async beforeUpdate(tx, values, before: Event) {
      // An event already inside the 72 hours (or past) can still be corrected, as long as its start is not moved.
      if (values.startsAt.getTime() !== Date.parse(before.startsAt)) checkLead(values.startsAt);
      if (values.venueId !== before.venue.id) await checkVenueActive(tx, values.venueId);
      return values;
    },
    async afterSave(tx, id, input) {
      const wanted = [...new Set(input.categories)];
      if (wanted.length > 0) {
        const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted));
        if (found.length !== wanted.length) throw unprocessable({ categories: "EVENTS.VALIDATION.CATEGORIES_FORMAT" });
      }
      await tx.delete(eventCategories).where(eq(eventCategories.eventId, id));
      if (wanted.length > 0) {
        await tx.insert(eventCategories).values(wanted.map((categoryId) => ({ eventId: id, categoryId })));
      }
    },
  },
  // A booked event keeps its row: the bookings (and their money) refer to it. Block it instead.
  children: {
    messageKey: "EVENTS.HAS_BOOKINGS",
    exist: (db, id) => rowExists(db, bookings, eq(bookings.eventId, id)),
  },
  upload: {
    field: "picture",
    folder: "events",
    variants: PICTURE_VARIANTS,
    maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
    missingOnCreate: "EVENTS.VALIDATION.PICTURE_MISSING",
    columns: (stored) => ({ pictureUrl: stored?.url ?? null, pictureSmallUrl: stored?.smallUrl ?? null }),
    files: (entity) => [entity.pictureUrl, entity.pictureSmallUrl],
  },
});

export async function eventRoutes(app: FastifyInstance) {
  registerCrud(app, eventResource);
}
