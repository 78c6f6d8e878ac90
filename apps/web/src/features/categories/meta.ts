import { IconCategory } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

export const categoriesMeta: ResourceMeta = {
  name: "categories",
  ns: "CATEGORIES",
  navLabel: "NAV.CATEGORIES",
  icon: IconCategory,
  section: "MARKETPLACE",
  permissions: {
    index: "CATEGORIES_INDEX",
    create: "CATEGORIES_CREATE",
    show: "CATEGORIES_SHOW",
    edit: "CATEGORIES_EDIT",
    activate: "CATEGORIES_ACTIVATE",
    delete: "CATEGORIES_DELETE",
  },
  load: () => import("./resource.tsx"),
};
