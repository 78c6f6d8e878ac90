import { IconBuildingStadium } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

export const venuesMeta: ResourceMeta = {
  name: "venues",
  ns: "VENUES",
  navLabel: "NAV.VENUES",
  icon: IconBuildingStadium,
  section: "MARKETPLACE",
  permissions: {
    index: "VENUES_INDEX",
    create: "VENUES_CREATE",
    show: "VENUES_SHOW",
    edit: "VENUES_EDIT",
    // Spec 02 §6 spells this one in the singular.
    activate: "VENUE_ACTIVATE",
    delete: "VENUES_DELETE",
  },
  load: () => import("./resource.tsx"),
};
