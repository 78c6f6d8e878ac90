import { IconUsers } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";
import { loadFeatureTexts } from "@/lib/i18n.ts";

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
  // The sessions and two-step reset of a member's detail read the Security page's texts.
  load: () => Promise.all([import("./resource.tsx"), loadFeatureTexts("security")]).then(([resource]) => resource),
};
