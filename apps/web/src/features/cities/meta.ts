import { IconBuildingCommunity } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

export const citiesMeta: ResourceMeta = {
  name: "cities",
  ns: "CITIES",
  navLabel: "NAV.CITIES",
  icon: IconBuildingCommunity,
  section: "GEOGRAPHY",
  permissions: {
    index: "CITIES_INDEX",
    create: "CITIES_CREATE",
    show: "CITIES_SHOW",
    edit: "CITIES_EDIT",
    activate: "CITIES_ACTIVATE",
    delete: "CITY_DELETE",
  },
  load: () => import("./resource.tsx"),
};
