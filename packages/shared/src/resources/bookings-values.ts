// The bookings' types, states and limits as plain values, no schema: the screens import them without loading zod (bookings.ts builds its schemas from
// them).

/** Spec 02 §9: booking types. */
export const BOOKING_TYPES = ["onetime", "season"] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

/** Spec 02 §4. Staff only ever set canceled (Cancel Booking); the marketplace sets the others. */
export const BOOKING_STATUSES = ["pending", "accepted", "rejected", "partial", "missed", "canceled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The status of a payment (spec 02 §4); a booking's payment status is its first payment's. */
export const PAYMENT_STATUSES = ["pending", "authorization", "capture", "refund"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Derived (spec 02 §4): payed once a payment reference is recorded, pending before. */
export const OWNER_PAYMENT_STATUSES = ["pending", "payed"] as const;
export type OwnerPaymentStatus = (typeof OWNER_PAYMENT_STATUSES)[number];

/** Derived from ticketsSentAt and ticketsDeliveredAt (spec 02 §4: Pending, on the way, delivered). */
export const TICKET_STATUSES = ["pending", "sent", "delivered"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * The owner payment reference (a SPEI tracking key or transfer number). Spec 02 §5 keeps two readings (at least 10
 * characters, or only required); the API takes the catalogue's: at least 10 characters after trimming.
 */
export const PAYMENT_REFERENCE_MIN_LENGTH = 10;
export const PAYMENT_REFERENCE_MAX_LENGTH = 120;

/** A chat message's longest text. */
export const BOOKING_MESSAGE_MAX_LENGTH = 2_000;
/** Messages per page of a thread (newest page first). */
export const BOOKING_MESSAGES_PAGE_SIZE = 20;

export const ticketStatusOf = (booking: { ticketsSentAt: string | null; ticketsDeliveredAt: string | null }) =>
  booking.ticketsDeliveredAt ? "delivered" : booking.ticketsSentAt ? "sent" : "pending";
