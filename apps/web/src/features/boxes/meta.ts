import { IconArmchair2 } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";
import { loadFeatureTexts } from "@/lib/i18n.ts";

/** Boxes are created by their owners in the marketplace app: staff list, review and block them here. */
export const boxesMeta: ResourceMeta = {
  name: "boxes",
  ns: "BOXES",
  navLabel: "NAV.BOXES",
  icon: IconArmchair2,
  section: "MARKETPLACE",
  permissions: { index: "BOXES_INDEX", show: "BOXES_SHOW", activate: "BOXES_ACTIVATE" },
  // The review screens' texts come with them (lib/i18n.ts, feature texts).
  load: () => Promise.all([import("./resource.tsx"), loadFeatureTexts("supply")]).then(([resource]) => resource),
  loadDetail: () => import("@/kit/detail-parts.ts").then((parts) => parts.loadBoxDetail()),
};
