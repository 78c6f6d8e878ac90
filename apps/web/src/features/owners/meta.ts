import { IconUserCheck } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";
import { loadFeatureTexts } from "@/lib/i18n.ts";

/** Owners are created in the marketplace app: staff list, review (accept or reject) and block them here. */
export const ownersMeta: ResourceMeta = {
  name: "owners",
  ns: "OWNERS",
  navLabel: "NAV.OWNERS",
  icon: IconUserCheck,
  section: "MARKETPLACE",
  permissions: { index: "OWNERS_INDEX", show: "OWNERS_SHOW", activate: "OWNERS_ACTIVATE" },
  // The review screens' texts come with them (lib/i18n.ts, feature texts).
  load: () => Promise.all([import("./resource.tsx"), loadFeatureTexts("supply")]).then(([resource]) => resource),
  loadDetail: () => import("@/kit/detail-parts.ts").then((parts) => parts.loadReviewDetail()),
};
