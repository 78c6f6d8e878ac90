import { IconUsers } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

export const usersMeta: ResourceMeta = {
  name: "users",
  ns: "USERS",
  navLabel: "NAV.USERS",
  icon: IconUsers,
  section: "ACCESS",
  permissions: {
    index: "USERS_INDEX",
    create: "USERS_CREATE",
    show: "USERS_SHOW",
    edit: "USERS_EDIT",
    activate: "USERS_ACTIVATE",
    delete: "USERS_DELETE",
  },
  load: () => import("./resource.tsx"),
};
