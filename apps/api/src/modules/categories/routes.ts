import {
  CATALOGUE_IMAGE_MAX_BYTES,
  type Category,
  category,
  categoryInput,
  categoryListQuery,
  categoryOption,
} from "@palco/shared";
import type { FastifyInstance } from "fastify";
import { crudResource, registerCrud } from "../../platform/crud.ts";
import { gaplessOrder } from "../../platform/display-order.ts";
import { ICON_VARIANTS } from "../../platform/images.ts";
import { categories } from "../../platform/schema.ts";

const iso = (date: Date) => date.toISOString();

export const categoryResource = crudResource({
  path: "categories",
  tag: "Categories",
  noun: "category",
  table: categories,
  permissions: {
    index: "CATEGORIES_INDEX",
    // The event form's multi-select and the events list read every category.
    all: ["CATEGORIES_INDEX", "EVENTS_INDEX", "EVENTS_CREATE", "EVENTS_EDIT"],
    show: ["CATEGORIES_SHOW", "CATEGORIES_EDIT"],
    create: "CATEGORIES_CREATE",
    edit: "CATEGORIES_EDIT",
    delete: "CATEGORIES_DELETE",
    activate: "CATEGORIES_ACTIVATE",
  },
  schemas: { entity: category, option: categoryOption, input: categoryInput, listQuery: categoryListQuery },
  entity: {
    fields: {
      id: categories.id,
      name: categories.name,
      order: categories.order,
      iconUrl: categories.iconUrl,
      iconSmallUrl: categories.iconSmallUrl,
      isActive: categories.isActive,
      createdAt: categories.createdAt,
      updatedAt: categories.updatedAt,
    },
    from: (db, fields) => db.select(fields).from(categories).$dynamic(),
    map: (row) => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) }),
  },
  option: {
    fields: {
      id: categories.id,
      name: categories.name,
      order: categories.order,
      iconSmallUrl: categories.iconSmallUrl,
      isActive: categories.isActive,
    },
    map: (row) => row,
  },
  order: categories.order,
  toValues: (input) => ({ name: input.name, order: input.order }),
  upload: {
    field: "picture",
    folder: "categories",
    variants: ICON_VARIANTS,
    maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
    removable: true,
    columns: (stored) => ({ iconUrl: stored?.url ?? null, iconSmallUrl: stored?.smallUrl ?? null }),
    files: (entity) => [entity.iconUrl, entity.iconSmallUrl],
  },
  hooks: gaplessOrder<typeof categories.$inferInsert, Category>(categories, "categories.order"),
});

export async function categoryRoutes(app: FastifyInstance) {
  registerCrud(app, categoryResource);
}
