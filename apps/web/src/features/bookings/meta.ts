import { IconTicket } from "@tabler/icons-react";
import type { ResourceMeta } from "@/kit/resource.ts";
import { loadFeatureTexts } from "@/lib/i18n.ts";

/**
 * Guests book boxes in the marketplace app: staff follow each booking here (tickets, the owner's payout,
 * cancellation) and answer the guest and the owner.
 */
export const bookingsMeta: ResourceMeta = {
  name: "bookings",
  ns: "BOOKINGS",
  navLabel: "NAV.BOOKINGS",
  icon: IconTicket,
  section: "MARKETPLACE",
  permissions: { index: "BOOKINGS_INDEX", show: "BOOKINGS_SHOW" },
  load: () => Promise.all([import("./resource.tsx"), loadFeatureTexts("bookings")]).then(([resource]) => resource),
  loadDetail: () => import("./detail-parts.ts").then((parts) => parts.loadBookingDetail()),
};
