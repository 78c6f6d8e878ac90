import type { Category } from "@palco/shared";
import { defineNamedIconResource } from "@/kit/named-icon-resource.tsx";
import { categoriesApi, useCategoryOrderOptions } from "./api.ts";
import { categoriesMeta } from "./meta.ts";

/** The order is a select of the places that exist, plus the next one on create; the server moves the others. */
export default defineNamedIconResource<Category>({
  meta: categoriesMeta,
  api: categoriesApi,
  schema: () => import("@palco/shared/resources/categories").then((module) => module.categoryInput),
  orderField: { kind: "select", useOptions: useCategoryOrderOptions },
  blockable: true,
});
