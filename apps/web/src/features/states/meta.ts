import { IconMap } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

export const statesMeta: ResourceMeta = {
  name: "states",
  ns: "STATES",
  navLabel: "NAV.STATES",
  icon: IconMap,
  section: "GEOGRAPHY",
  permissions: {
    index: "STATES_INDEX",
    create: "STATES_CREATE",
    show: "STATES_SHOW",
    edit: "STATES_EDIT",
    activate: "STATES_ACTIVATE",
    delete: "STATE_DELETE",
  },
  load: () => import("./resource.tsx"),
};
