import { CATALOGUE_IMAGE_MAX_BYTES, service, serviceInput, serviceListQuery, serviceOption } from "@palco/shared";
import type { FastifyInstance } from "fastify";
import { crudResource, registerCrud } from "../../platform/crud.ts";
import { ICON_VARIANTS } from "../../platform/images.ts";
import { services } from "../../platform/schema.ts";

const iso = (date: Date) => date.toISOString();

/** Services take a free order (several may share one; ties list by id) and have no block/unblock. */
export const serviceResource = crudResource({
  path: "services",
  tag: "Services",
  noun: "service",
  table: services,
  permissions: {
    index: "SERVICES_INDEX",
    all: "SERVICES_INDEX",
    show: ["SERVICES_SHOW", "SERVICES_EDIT"],
    create: "SERVICES_CREATE",
    edit: "SERVICES_EDIT",
    delete: "SERVICES_DELETE",
  },
  schemas: { entity: service, option: serviceOption, input: serviceInput, listQuery: serviceListQuery },
  entity: {
    fields: {
      id: services.id,
      name: services.name,
      order: services.order,
      iconUrl: services.iconUrl,
      iconSmallUrl: services.iconSmallUrl,
      createdAt: services.createdAt,
      updatedAt: services.updatedAt,
    },
    from: (db, fields) => db.select(fields).from(services).$dynamic(),
    map: (row) => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) }),
  },
  option: {
    fields: { id: services.id, name: services.name, order: services.order, iconSmallUrl: services.iconSmallUrl },
    map: (row) => row,
  },
  order: services.order,
  toValues: (input) => ({ name: input.name, order: input.order }),
  upload: {
    field: "picture",
    folder: "services",
    variants: ICON_VARIANTS,
    maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
    removable: true,
    columns: (stored) => ({ iconUrl: stored?.url ?? null, iconSmallUrl: stored?.smallUrl ?? null }),
    files: (entity) => [entity.iconUrl, entity.iconSmallUrl],
  },
});

export async function serviceRoutes(app: FastifyInstance) {
  registerCrud(app, serviceResource);
}
