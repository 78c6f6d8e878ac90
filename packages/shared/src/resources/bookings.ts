import { z } from "zod";
import {
  BOOKING_MESSAGE_MAX_LENGTH,
  BOOKING_STATUSES,
  BOOKING_TYPES,
  OWNER_PAYMENT_STATUSES,
  PAYMENT_REFERENCE_MAX_LENGTH,
  PAYMENT_REFERENCE_MIN_LENGTH,
  PAYMENT_STATUSES,
} from "./bookings-values.ts";
import { idReference, optionalIdFilter, paged, pageQuery, textInput, timestamp } from "./common.ts";
import { fromCents, toCents } from "./money.ts";
import { sortParam } from "./sort.ts";
import { SORT_FIELDS } from "./sort-fields.ts";
import { money, ownerBankAccount } from "./supply.ts";

/**
 * Bookings (spec 02 §2–§5, §7): a guest books a box for one event (onetime) or for a season; staff follow the
 * tickets, the owner's payout and cancellations, and talk with the guest and the owner. Answered with the field
 * names of spec 02 §3.
 */

const ref = z.object({ id: z.number().int(), name: z.string() });

export const bookingPayment = z.object({
  id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  amount: money,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type BookingPayment = z.infer<typeof bookingPayment>;

export const bookingBuyer = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Calling code without "+" ("52"). */
  phoneCountry: z.string(),
});

/** What lists show of a booking (GET /bookings items). */
export const bookingListItem = z.object({
  id: z.number().int(),
  key: z.string(),
  folio: z.string(),
  boxType: z.enum(BOOKING_TYPES),
  status: z.enum(BOOKING_STATUSES),
  /** The event of a onetime booking. */
  event: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The event's start and end, or the season's first and last day on the venue's clocks. */
  startsAt: timestamp,
  endsAt: timestamp,
  total: money,
  /** The first payment's status (null before any payment exists). */
  payment: z.object({ status: z.enum(PAYMENT_STATUSES) }).nullable(),
  /** With its city's time zone: the booking's dates are read on the venue's clocks. */
  venue: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }),
  buyer: bookingBuyer,
  box: z.object({
    id: z.number().int(),
    number: z.string(),
    boxZone: z.string(),
    /** The owner's name (spec 02 §3). */
    userName: z.string(),
  }),
  createdAt: timestamp,
});
export type BookingListItem = z.infer<typeof bookingListItem>;

/** GET /bookings: the paged list, with `lastPage` as the spec's client reads it. */
export const bookingsPage = paged(bookingListItem).extend({ lastPage: z.number().int() });

/** One line of a booking's timeline: its own events and every staff action, oldest first. */
export const TIMELINE_KINDS = [
  "created",
  "paid",
  "guestMessages",
  "ownerMessages",
  "staffMessages",
  "ticketsSent",
  "ticketsDelivered",
  "ownerPaid",
  "canceled",
] as const;
export const bookingTimelineEntry = z.object({
  at: timestamp,
  kind: z.enum(TIMELINE_KINDS),
  /** Who did it: the staff member, the guest or the owner; null for the marketplace itself. */
  by: z.string().nullable(),
  /** How many messages of a day ("guestMessages" …), else 1. */
  count: z.number().int(),
});
export type BookingTimelineEntry = z.infer<typeof bookingTimelineEntry>;

export const booking = bookingListItem.extend({
  updatedAt: timestamp,
  canceledAt: timestamp.nullable(),
  ticketsSentAt: timestamp.nullable(),
  ticketsDeliveredAt: timestamp.nullable(),
  /** What the guest pays: the box's price plus the guest fee and its IVA. */
  total: money,
  /** What the owner receives: the box's price less the host fee and its IVA. */
  ownerTotal: money,
  /** The box's price, and the fees in force when the booking was made (rates in percent, amounts in pesos). */
  subtotal: money,
  fees: z.object({
    guestRate: z.string(),
    hostRate: z.string(),
    ivaRate: z.string(),
    guest: money,
    host: money,
    iva: money,
  }),
  ownerPaymentReference: z.string().nullable(),
  ownerPaymentStatus: z.enum(OWNER_PAYMENT_STATUSES),
  /** Where the tickets go. */
  address: z.string().nullable(),
  seats: z.number().int(),
  payments: z.array(bookingPayment),
  /** What must go back to the guest after a cancellation (null when nothing was paid). */
  refundDue: money.nullable(),
  box: bookingListItem.shape.box.extend({
    venue: ref,
    /** The owner as a marketplace member: the id their chat thread goes by, and where they are paid. */
    user: z.object({
      id: z.number().int(),
      email: z.string(),
      bankAccounts: z.array(ownerBankAccount),
    }),
    owner: z.object({ id: z.number().int(), phone: z.string(), phoneCountry: z.string() }),
  }),
  timeline: z.array(bookingTimelineEntry),
});
export type Booking = z.infer<typeof booking>;

const enumFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values, { error: "VALIDATION.INVALID" })
    .optional()
    .or(z.literal("").transform(() => undefined));

/** GET /bookings (spec 02 §7), plus the owner payment status (docs/decisions.md, "Saved views"). */
export const bookingListQuery = pageQuery.extend({
  venueId: optionalIdFilter,
  boxType: enumFilter(BOOKING_TYPES),
  status: enumFilter(BOOKING_STATUSES),
  paymentStatus: enumFilter(PAYMENT_STATUSES),
  /** Whether the owner's payout is recorded (derived from ownerPaymentReference, spec 02 §4). */
  ownerPaymentStatus: enumFilter(OWNER_PAYMENT_STATUSES),
  sort: sortParam(SORT_FIELDS.bookings),
});
export type BookingListQuery = z.input<typeof bookingListQuery>;

/** An instant as JSON sends it (an ISO 8601 timestamp with its offset or Z). */
const isoInstant = z.iso.datetime({ offset: true, error: "BOOKINGS.VALIDATION.DATE_FORMAT" });

/** The owner payment reference as the API and the form check it. */
export const paymentReference = textInput("BOOKINGS.VALIDATION.REFERENCE_MISSING")
  .trim()
  .min(1, "BOOKINGS.VALIDATION.REFERENCE_MISSING")
  .min(PAYMENT_REFERENCE_MIN_LENGTH, "BOOKINGS.VALIDATION.REFERENCE_FORMAT")
  .max(PAYMENT_REFERENCE_MAX_LENGTH, "VALIDATION.TOO_LONG")
  .regex(/^[^\u0000-\u001f]*$/, "VALIDATION.INVALID_CHARACTERS");
export const ownerPaymentForm = z.object({ ownerPaymentReference: paymentReference });

/**
 * PUT /bookings/{id}: exactly one change at a time (spec 02 §7). The stamps are the moment staff confirm; the
 * server records its own clock (a browser's may be wrong), so the value only has to be a timestamp.
 */
export const bookingUpdate = z
  .strictObject(
    {
      ownerPaymentReference: paymentReference.optional(),
      ticketsSentAt: isoInstant.optional(),
      ticketsDeliveredAt: isoInstant.optional(),
    },
    { error: "BOOKINGS.VALIDATION.ONE_CHANGE" },
  )
  .superRefine((body, context) => {
    const given = Object.values(body).filter((value) => value !== undefined).length;
    if (given !== 1) context.addIssue({ code: "custom", path: [], message: "BOOKINGS.VALIDATION.ONE_CHANGE" });
  });
export type BookingUpdate = z.input<typeof bookingUpdate>;

export const bookingMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  createdAt: timestamp,
  /** Who wrote it: the thread's guest or owner, or a staff member (then repliedToUser is set). */
  author: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(["member", "staff"]) }),
  /** Set on a staff reply (spec 02 §3: its presence marks an admin reply): the member it answers. */
  repliedToUser: ref.nullable(),
});
export type BookingMessage = z.infer<typeof bookingMessage>;

export const bookingMessagesQuery = z.object({
  userId: idReference("BOOKINGS.VALIDATION.USER_MISSING"),
  page: z.coerce
    .number({ error: "VALIDATION.INVALID" })
    .int("VALIDATION.INVALID")
    .min(1, "VALIDATION.INVALID")
    .max(1_000_000, "VALIDATION.INVALID")
    .default(1),
});

/** GET /bookings/{id}/messages: page 1 is the newest messages, each page newest first (spec 02 §7). */
export const bookingMessagesPage = z.object({
  items: z.array(bookingMessage),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type BookingMessagesPage = z.infer<typeof bookingMessagesPage>;

export const bookingMessageInput = z.object({
  userId: idReference("BOOKINGS.VALIDATION.USER_MISSING"),
  message: textInput("BOOKINGS.VALIDATION.MESSAGE_MISSING")
    .trim()
    .min(1, "BOOKINGS.VALIDATION.MESSAGE_MISSING")
    .max(BOOKING_MESSAGE_MAX_LENGTH, "VALIDATION.TOO_LONG"),
});
export type BookingMessageInput = z.input<typeof bookingMessageInput>;

/** `cents × rate%`, rounded half up (rate with at most two decimals). */
export const percentOf = (cents: bigint, rate: string): bigint => {
  const rateHundredths = toCents(rate);
  return (cents * rateHundredths + 5_000n) / 10_000n;
};

/**
 * What a booking of a box at `subtotal` costs the guest and pays the owner under the fee rates in force: the
 * guest fee and the host fee are the platform's, IVA is charged on both fees; the guest pays the box, their fee and
 * its IVA; the owner receives the box less the host fee and its IVA.
 */
export function bookingAmounts(subtotal: string, rates: { guest: string; host: string; iva: string }) {
  const base = toCents(subtotal);
  const guest = percentOf(base, rates.guest);
  const host = percentOf(base, rates.host);
  const guestIva = percentOf(guest, rates.iva);
  const hostIva = percentOf(host, rates.iva);
  return {
    subtotal: fromCents(base),
    guestFee: fromCents(guest),
    hostFee: fromCents(host),
    iva: fromCents(guestIva + hostIva),
    total: fromCents(base + guest + guestIva),
    ownerTotal: fromCents(base - host - hostIva),
  };
}
