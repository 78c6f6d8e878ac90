import { country, countryInput, countryListQuery, countryOption } from "@palco/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { registerCrud, rowExists } from "../../platform/crud.ts";
import { countries, states } from "../../platform/schema.ts";

export async function countryRoutes(app: FastifyInstance) {
  registerCrud(app, {
    path: "countries",
    tag: "Countries",
    noun: "country",
    table: countries,
    permissions: {
      index: "COUNTRIES_INDEX",
      // The list of countries feeds the state form, the state and city list filters and the city form (states are
      // grouped by country there).
      all: [
        "COUNTRIES_INDEX",
        "STATES_INDEX",
        "STATES_CREATE",
        "STATES_EDIT",
        "CITIES_INDEX",
        "CITIES_CREATE",
        "CITIES_EDIT",
      ],
      show: "COUNTRIES_SHOW",
      create: "COUNTRIES_CREATE",
      edit: "COUNTRIES_EDIT",
      delete: "COUNTRY_DELETE",
      activate: "COUNTRIES_ACTIVATE",
    },
    schemas: { entity: country, option: countryOption, input: countryInput, listQuery: countryListQuery },
    sorts: { name: countries.name, code: countries.code },
    entity: {
      fields: {
        id: countries.id,
        name: countries.name,
        code: countries.code,
        isActive: countries.isActive,
        createdAt: countries.createdAt,
        updatedAt: countries.updatedAt,
      },
      from: (db, fields) => db.select(fields).from(countries).$dynamic(),
      map: (row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }),
    },
    option: {
      fields: { id: countries.id, name: countries.name, code: countries.code, isActive: countries.isActive },
      map: (row) => row,
    },
    toValues: (input) => ({ name: input.name, code: input.code }),
    unique: {
      field: "code",
      messageKey: "COUNTRIES.VALIDATION.CODE_TAKEN",
      collides: (values) => eq(countries.code, values.code),
    },
    children: {
      messageKey: "COUNTRIES.HAS_STATES",
      exist: (db, id) => rowExists(db, states, eq(states.countryId, id)),
    },
  });
}
