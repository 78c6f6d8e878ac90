import { IconShieldLock } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";

export const rolesMeta: ResourceMeta = {
  name: "roles",
  ns: "ROLES",
  navLabel: "NAV.ROLES",
  icon: IconShieldLock,
  section: "ACCESS",
  permissions: {
    index: "ROLES_INDEX",
    create: "ROLES_CREATE",
    show: "ROLES_SHOW",
    edit: "ROLES_EDIT",
    // Spec 01 §6: USERS_DELETE also gates role delete; there is no ROLES_DELETE.
    delete: "USERS_DELETE",
  },
  load: () => import("./resource.tsx"),
};
