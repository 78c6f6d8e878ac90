import { IconSparkles } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

/** Services have no block/unblock (spec 02 §2). */
export const servicesMeta: ResourceMeta = {
  name: "services",
  ns: "SERVICES",
  navLabel: "NAV.SERVICES",
  icon: IconSparkles,
  section: "MARKETPLACE",
  permissions: {
    index: "SERVICES_INDEX",
    create: "SERVICES_CREATE",
    show: "SERVICES_SHOW",
    edit: "SERVICES_EDIT",
    delete: "SERVICES_DELETE",
  },
  load: () => import("./resource.tsx"),
};
