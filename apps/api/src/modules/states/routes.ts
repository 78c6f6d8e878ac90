import { state, stateInput, stateListQuery, stateOption } from "@palco/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { registerCrud, rowExists } from "../../platform/crud.ts";
import { cities, countries, states } from "../../platform/schema.ts";

export async function stateRoutes(app: FastifyInstance) {
  registerCrud(app, {
    path: "states",
    tag: "States",
    noun: "state",
    table: states,
    permissions: {
      index: "STATES_INDEX",
      // The list of states feeds the city form and list filter, the venue form's city groups and the event and
      // box list filters.
      all: [
        "STATES_INDEX",
        "CITIES_INDEX",
        "CITIES_CREATE",
        "CITIES_EDIT",
        "VENUES_INDEX",
        "VENUES_CREATE",
        "VENUES_EDIT",
        "EVENTS_INDEX",
        "BOXES_INDEX",
      ],
      show: "STATES_SHOW",
      create: "STATES_CREATE",
      edit: "STATES_EDIT",
      delete: "STATE_DELETE",
      activate: "STATES_ACTIVATE",
    },
    schemas: { entity: state, option: stateOption, input: stateInput, listQuery: stateListQuery },
    entity: {
      fields: {
        id: states.id,
        name: states.name,
        code: states.code,
        isActive: states.isActive,
        countryId: states.countryId,
        country: { id: countries.id, name: countries.name, code: countries.code },
        createdAt: states.createdAt,
        updatedAt: states.updatedAt,
      },
      from: (db, fields) =>
        db.select(fields).from(states).innerJoin(countries, eq(countries.id, states.countryId)).$dynamic(),
      map: (row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }),
    },
    option: {
      fields: {
        id: states.id,
        name: states.name,
        code: states.code,
        countryId: states.countryId,
        isActive: states.isActive,
      },
      map: (row) => row,
    },
    sorts: { name: states.name, code: states.code },
    filters: { country: (countryId) => eq(states.countryId, countryId) },
    toValues: (input) => ({ name: input.name, code: input.code, countryId: input.country }),
    references: [
      {
        field: "country",
        id: (values) => values.countryId,
        exists: (db, id) => rowExists(db, countries, eq(countries.id, id)),
      },
    ],
    unique: {
      field: "code",
      messageKey: "STATES.VALIDATION.CODE_TAKEN",
      // State codes are unique within their country (see the schema).
      collides: (values) => and(eq(states.countryId, values.countryId), eq(states.code, values.code))!,
    },
    children: {
      messageKey: "STATES.HAS_CITIES",
      exist: (db, id) => rowExists(db, cities, eq(cities.stateId, id)),
    },
  });
}
