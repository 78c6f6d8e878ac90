import type { Booking, BookingMessage, BookingMessagesPage, BookingStatus, PaymentStatus } from "@palco/shared";
import { instantToWallTime } from "@palco/shared/time";
import type { InfiniteData } from "@tanstack/react-query";
import { formatDateTime } from "@/kit/format.ts";

/**
 * What the booking screens compute from a booking, kept apart from the components so it can be tested: its dates
 * on the venue's clock, which actions its state allows, and the message threads as the panels show them.
 */

/**
 * An instant in the screens' date format (D/M/YYYY h:mm:ss A) on the venue's clock: booking and ticket dates,
 * created-at. A booking happens where the venue is, whatever the clock of the browser; an unknown zone falls back
 * to the browser's clock.
 */
export function venueDateTime(instant: string, timeZone: string, language?: string): string {
  let wallTime: string;
  try {
    wallTime = instantToWallTime(new Date(instant), timeZone);
  } catch {
    return formatDateTime(instant, language);
  }
  return formatDateTime(wallTime, language);
}

/** What the state machine of PUT /bookings/{id} and POST …/cancel allows (apps/api bookings routes). */
export type BookingActionsAllowed = { markSent: boolean; markDelivered: boolean; payOwner: boolean; cancel: boolean };

/**
 * Nothing changes on a canceled booking; the tickets are sent once, then delivered once; the owner is paid once.
 * Staff only ever cancel (the marketplace sets the other statuses).
 */
export function allowedActions(
  booking: Pick<Booking, "status" | "ticketsSentAt" | "ticketsDeliveredAt" | "ownerPaymentStatus">,
): BookingActionsAllowed {
  const open = booking.status !== "canceled";
  return {
    markSent: open && !booking.ticketsSentAt,
    markDelivered: open && Boolean(booking.ticketsSentAt) && !booking.ticketsDeliveredAt,
    payOwner: open && booking.ownerPaymentStatus === "pending",
    cancel: open,
  };
}

/** Badge colours: theme colours whose light variant the theme keeps readable (app/theme.ts). */
export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  pending: "gray",
  accepted: "teal",
  rejected: "red",
  partial: "yellow",
  missed: "orange",
  canceled: "red",
};
export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: "gray",
  authorization: "blue",
  capture: "teal",
  refund: "orange",
};

/** Staff replies carry the member they answer (spec 02 §3); the author says so too. */
export const isStaffMessage = (message: BookingMessage) =>
  message.repliedToUser !== null || message.author.kind === "staff";

/**
 * A thread's loaded pages (page 1 the newest, each newest first) as one list, oldest first. Pages are read by
 * offset, so a message written between two page loads shows up on both: each message is kept once, in id order
 * (the order the server writes and pages them in).
 */
export function threadMessages(pages: BookingMessagesPage[] | undefined): BookingMessage[] | undefined {
  if (!pages) return undefined;
  const byId = new Map<number, BookingMessage>();
  for (const page of pages) for (const message of page.items) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A thread's cache with one more message (sent here, or pushed live), added once to the newest page. */
export function withMessage(
  data: InfiniteData<BookingMessagesPage, number> | undefined,
  message: BookingMessage,
): InfiniteData<BookingMessagesPage, number> | undefined {
  const [newest, ...older] = data?.pages ?? [];
  if (!data || !newest) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
  return { ...data, pages: [{ ...newest, items: [message, ...newest.items], total: newest.total + 1 }, ...older] };
}
