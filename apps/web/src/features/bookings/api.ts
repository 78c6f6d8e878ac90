import type {
  Booking,
  BookingListItem,
  BookingMessage,
  BookingMessageInput,
  BookingMessagesPage,
  BookingUpdate,
} from "@palco/shared";
import { type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { createResourceApi } from "@/kit/resource-api.ts";
import { api } from "@/lib/api.ts";
import { withMessage } from "./booking-view.ts";

/**
 * GET /api/bookings (page, search, venueId, boxType, status, paymentStatus), GET /api/bookings/{id}; the changes
 * and the threads below. Nothing else shows a booking yet.
 */
export const bookingsApi = createResourceApi<Booking, BookingListItem>("bookings");

/** PUT /api/bookings/{id} with exactly one change: tickets sent, tickets delivered, or the owner's payment. */
export const updateBooking = (id: number, change: BookingUpdate) =>
  api<Booking>(`/api/bookings/${id}`, { method: "PUT", body: change });

/** POST /api/bookings/{id}/cancel: the booking as it is afterwards. */
export const cancelBooking = (id: number) => api<Booking>(`/api/bookings/${id}/cancel`, { method: "POST" });

/**
 * The cache key of one thread of a booking: `userId` is the guest's (`booking.buyer.id`) or the owner's
 * (`booking.box.user.id`). Whatever brings a message from elsewhere (a push) adds it with `addThreadMessage`.
 */
export const bookingThreadKey = (bookingId: number, userId: number) =>
  [...bookingsApi.keys.root, "messages", bookingId, userId] as const;

/** Adds a message to a thread on screen (once, however many times it arrives); a thread not loaded is left alone. */
export function addThreadMessage(client: QueryClient, bookingId: number, userId: number, message: BookingMessage) {
  client.setQueryData(bookingThreadKey(bookingId, userId), (data: Parameters<typeof withMessage>[0]) =>
    withMessage(data, message),
  );
}

/** GET /api/bookings/{id}/messages page by page: page 1 holds the newest messages, the next ones older. */
export function useBookingThread(bookingId: number, userId: number) {
  return useInfiniteQuery({
    queryKey: bookingThreadKey(bookingId, userId),
    queryFn: ({ pageParam, signal }) =>
      api<BookingMessagesPage>(`/api/bookings/${bookingId}/messages`, { query: { userId, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });
}

/** POST /api/bookings/{id}/messages: the staff member's answer in the guest's or the owner's thread. */
export const sendBookingMessage = (bookingId: number, input: BookingMessageInput) =>
  api<BookingMessage>(`/api/bookings/${bookingId}/messages`, { method: "POST", body: input });
