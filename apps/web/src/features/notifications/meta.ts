import { IconBell } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";
import { loadFeatureTexts } from "@/lib/i18n.ts";

/**
 * What the server tells staff about the marketplace (a booking, a payment, a message, a review waiting): each staff
 * member reads their own. One permission opens the list and the detail (spec 02 §6).
 */
export const notificationsMeta: ResourceMeta = {
  name: "notifications",
  ns: "NOTIFICATIONS",
  navLabel: "NAV.NOTIFICATIONS",
  icon: IconBell,
  section: "ACCESS",
  permissions: { index: "NOTIFICATIONS_INDEX", show: "NOTIFICATIONS_INDEX" },
  load: () => Promise.all([import("./resource.tsx"), loadFeatureTexts("notifications")]).then(([resource]) => resource),
};
