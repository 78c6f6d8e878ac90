import { city, cityInput, cityListQuery, cityOption } from "@palco/shared";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { crudResource, registerCrud, rowExists } from "../../platform/crud.ts";
import { cities, countries, states, venues } from "../../platform/schema.ts";
import { citySearchTrigrams, citySearchWordPairs } from "./schema.ts";

export const cityResource = crudResource({
  path: "cities",
  tag: "Cities",
  noun: "city",
  table: cities,
  permissions: {
    index: "CITIES_INDEX",
    // Cities feed the venue form and the venue, box and event list filters.
    all: ["CITIES_INDEX", "VENUES_INDEX", "VENUES_CREATE", "VENUES_EDIT", "BOXES_INDEX", "EVENTS_INDEX"],
    show: "CITIES_SHOW",
    create: "CITIES_CREATE",
    edit: "CITIES_EDIT",
    delete: "CITY_DELETE",
    activate: "CITIES_ACTIVATE",
  },
  schemas: { entity: city, option: cityOption, input: cityInput, listQuery: cityListQuery },
  entity: {
    fields: {
      id: cities.id,
      name: cities.name,
      code: cities.code,
      timeZone: cities.timeZone,
      isActive: cities.isActive,
      stateId: cities.stateId,
      state: { id: states.id, name: states.name, code: states.code },
      country: { id: countries.id, name: countries.name, code: countries.code },
      createdAt: cities.createdAt,
      updatedAt: cities.updatedAt,
    },
    from: (db, fields) =>
      db
        .select(fields)
        .from(cities)
        .innerJoin(states, eq(states.id, cities.stateId))
        .innerJoin(countries, eq(countries.id, states.countryId))
        .$dynamic(),
    map: (row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }),
  },
  option: {
    fields: {
      id: cities.id,
      name: cities.name,
      code: cities.code,
      stateId: cities.stateId,
      isActive: cities.isActive,
    },
    map: (row) => row,
  },
  sorts: { name: cities.name, code: cities.code },
  // A million cities: a rare term's total and page read from the trigram counts instead of the index's rows.
  searchRollup: { table: citySearchTrigrams, trigram: citySearchTrigrams.trigram, rows: citySearchTrigrams.cities },
  // A term of several words ("san tl"): its page and count from the pairs of words, in name order.
  searchPairs: {
    table: citySearchWordPairs,
    key: citySearchWordPairs.pairKey,
    firstWord: citySearchWordPairs.firstWord,
    nextWord: citySearchWordPairs.nextWord,
    rowId: citySearchWordPairs.cityId,
    orderKeys: [[cities.name, citySearchWordPairs.name]],
  },
  filters: {
    state: (stateId) => eq(cities.stateId, stateId),
    country: (countryId) =>
      inArray(cities.stateId, sql`(select ${states.id} from ${states} where ${states.countryId} = ${countryId})`),
  },
  toValues: (input) => ({ name: input.name, code: input.code, timeZone: input.timeZone, stateId: input.state }),
  references: [
    {
      field: "state",
      id: (values) => values.stateId,
      exists: (db, id) => rowExists(db, states, eq(states.id, id)),
    },
  ],
  unique: {
    field: "code",
    messageKey: "CITIES.VALIDATION.CODE_TAKEN",
    collides: (values) => eq(cities.code, values.code),
  },
  // Deleted venues count too: their rows (and their events) still refer to the city.
  children: {
    messageKey: "CITIES.IN_USE",
    exist: (db, id) => rowExists(db, venues, eq(venues.cityId, id)),
  },
});

export async function cityRoutes(app: FastifyInstance) {
  registerCrud(app, cityResource);
}
