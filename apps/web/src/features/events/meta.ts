import { IconCalendarEvent } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

export const eventsMeta: ResourceMeta = {
  name: "events",
  ns: "EVENTS",
  navLabel: "NAV.EVENTS",
  icon: IconCalendarEvent,
  section: "MARKETPLACE",
  permissions: {
    index: "EVENTS_INDEX",
    create: "EVENTS_CREATE",
    show: "EVENTS_SHOW",
    edit: "EVENTS_EDIT",
    activate: "EVENTS_ACTIVATE",
    delete: "EVENTS_DELETE",
  },
  load: () => import("./resource.tsx"),
};
