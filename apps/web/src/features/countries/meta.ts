import { IconWorld } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

export const countriesMeta: ResourceMeta = {
  name: "countries",
  ns: "COUNTRIES",
  navLabel: "NAV.COUNTRIES",
  icon: IconWorld,
  section: "GEOGRAPHY",
  permissions: {
    index: "COUNTRIES_INDEX",
    create: "COUNTRIES_CREATE",
    show: "COUNTRIES_SHOW",
    edit: "COUNTRIES_EDIT",
    activate: "COUNTRIES_ACTIVATE",
    delete: "COUNTRY_DELETE",
  },
  load: () => import("./resource.tsx"),
};
