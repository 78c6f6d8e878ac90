import { detailPart } from "@/kit/detail-part.tsx";

// The detail's actions (their forms bring zod and the schemas), chat and sections come with the detail page only.
export const BookingActions = detailPart(() => import("./actions.tsx").then((module) => module.BookingActions));
export const BookingMessages = detailPart(() => import("./messages.tsx").then((module) => module.BookingMessages));
export const PaymentsAndFees = detailPart(() => import("./sections.tsx").then((module) => module.PaymentsAndFees));
export const BookingTimeline = detailPart(() => import("./sections.tsx").then((module) => module.BookingTimeline));

/** Loads the booking detail's parts (meta.loadDetail). */
export const loadBookingDetail = () =>
  Promise.all([
    BookingActions.preload(),
    BookingMessages.preload(),
    PaymentsAndFees.preload(),
    BookingTimeline.preload(),
  ]);
