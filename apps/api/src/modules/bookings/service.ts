import { randomInt } from "node:crypto";
import { type BookingType, bookingAmounts, type PaymentStatus } from "@palco/shared";
import { and, eq, sql } from "drizzle-orm";
import { type Db, PG_UNIQUE_VIOLATION, pgErrorOf } from "../../platform/db.ts";
import {
  bookingMessages,
  bookingPayments,
  bookings,
  boxes,
  boxSeasons,
  cities,
  events,
  members,
  owners,
  venues,
} from "../../platform/schema.ts";
import { type StoredNotification, storeNotification } from "../notifications/service.ts";
import { feeRatesInForce } from "../settings/service.ts";

/**
 * What the marketplace does to bookings, as domain services: the API's actions, the demo data and the activity
 * simulator all go through them, so every booking obeys the same rules.
 */

/** Letters and digits nobody confuses when reading a key aloud (no 0/O, 1/I/L). */
const KEY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const KEY_LENGTH = 6;

/** "PLC-7K3M9Q": what the guest quotes on the phone; random, so the next one cannot be guessed. */

/**
 * A booking's money columns: its amounts (bookingAmounts) with the fee rates they were computed with, which the
 * booking keeps so a later change of the settings never rewrites it.
 */
export function bookingMoney(subtotal: string, rates: { guest: string; host: string; iva: string }) {
  return {
    ...bookingAmounts(subtotal, rates),
    guestFeeRate: rates.guest,
    hostFeeRate: rates.host,
    ivaRate: rates.iva,
  };
}

export function newBookingKey(random: (max: number) => number = randomInt): string {
  let key = "";
  for (let index = 0; index < KEY_LENGTH; index++) key += KEY_ALPHABET[random(KEY_ALPHABET.length)];
  return `PLC-${key}`;
}

/** The rates of the first fee settings (modules/settings): 7.5 % guest fee, 5 % host fee, 16 % IVA. */
export { DEFAULT_FEE_RATES } from "../settings/service.ts";

export interface NewBooking {
  boxId: number;
  buyerId: number;
  /** The event of a onetime booking, or the season of a season booking. */
  what: { type: "onetime"; eventId: number } | { type: "season"; seasonId: number };
  seats?: number;
  address?: string | null;
  status?: "pending" | "accepted" | "rejected" | "partial" | "missed";
  key?: string;
  createdAt?: Date;
  /** The fee rates to charge; by default the ones in force (GET /settings/fees). */
  rates?: { guest: string; host: string; iva: string };
  /** Collects the notifications stored (staff are told of every new booking), to deliver after the commit. */
  notices?: StoredNotification[];
}

export class BookingUnavailableError extends Error {
  constructor(readonly reason: "box" | "event" | "season" | "taken") {
    super(`booking unavailable: ${reason}`);
  }
}

/**
 * A guest books a box for an event at the box's price, or for one of its seasons at the season's price, under the
 * fee rates in force. The box must be accepted and active; a box is booked once per event and per season (a
 * partial unique index: a canceled or rejected booking frees it). The booking starts with one pending payment of
 * its total. Returns the new booking's id.
 */
export async function createBooking(tx: Db, input: NewBooking): Promise<number> {
  const [box] = await tx
    .select({
      id: boxes.id,
      venueId: boxes.venueId,
      type: boxes.type,
      price: boxes.price,
      seats: boxes.availableSeats,
      zone: boxes.zone,
      number: boxes.number,
      status: boxes.status,
      isActive: boxes.isActive,
      ownerName: owners.name,
      venueName: venues.name,
      timeZone: cities.timeZone,
    })
    .from(boxes)
    .innerJoin(owners, eq(owners.id, boxes.ownerId))
    .innerJoin(venues, eq(venues.id, boxes.venueId))
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .where(eq(boxes.id, input.boxId));
  if (box?.status !== "accepted" || !box.isActive) throw new BookingUnavailableError("box");
  const [buyer] = await tx
    .select({ firstName: members.firstName, lastName: members.lastName, email: members.email })
    .from(members)
    .where(eq(members.id, input.buyerId));
  if (!buyer) throw new Error(`no member ${input.buyerId}`);

  let subtotal: string;
  let startsAt: Date;
  let endsAt: Date;
  let type: BookingType;
  let eventId: number | null = null;
  let seasonId: number | null = null;
  if (input.what.type === "onetime") {
    if (box.type === "season" || box.price === null) throw new BookingUnavailableError("box");
    const [event] = await tx
      .select({ startsAt: events.startsAt, duration: events.duration, venueId: events.venueId })
      .from(events)
      .where(eq(events.id, input.what.eventId));
    if (!event || event.venueId !== box.venueId) throw new BookingUnavailableError("event");
    type = "onetime";
    eventId = input.what.eventId;
    subtotal = box.price;
    startsAt = event.startsAt;
    endsAt = new Date(event.startsAt.getTime() + event.duration * 3_600_000);
  } else {
    const [season] = await tx
      .select({
        price: boxSeasons.price,
        // The season's first and last day, whole, on the venue's clocks.
        startsAt: sql<Date>`(${boxSeasons.startsOn}::timestamp at time zone ${box.timeZone})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
        endsAt:
          sql<Date>`((${boxSeasons.endsOn} + 1)::timestamp at time zone ${box.timeZone}) - interval '1 second'`.mapWith(
            (value: string | Date) => new Date(value),
          ),
      })
      .from(boxSeasons)
      .where(and(eq(boxSeasons.id, input.what.seasonId), eq(boxSeasons.boxId, box.id)));
    if (!season || box.type === "onetime") throw new BookingUnavailableError("season");
    type = "season";
    seasonId = input.what.seasonId;
    subtotal = season.price;
    startsAt = season.startsAt;
    endsAt = season.endsAt;
  }

  // The rates in force now (the fee settings), copied onto the booking: a later change never rewrites it.
  const money = bookingMoney(subtotal, input.rates ?? (await feeRatesInForce(tx)));
  const key = input.key ?? newBookingKey();
  const buyerName = `${buyer.firstName} ${buyer.lastName}`;
  // What a search finds a booking by, as it was made (chr(31) between parts, which nobody types).
  const searchText = [key, buyerName, buyer.email, box.ownerName, `${box.zone} ${box.number}`]
    .join("\u001f")
    .toLowerCase();
  const createdAt = input.createdAt ?? new Date();
  try {
    const [row] = await tx
      .insert(bookings)
      .values({
        key,
        boxId: box.id,
        venueId: box.venueId,
        buyerId: input.buyerId,
        boxType: type,
        eventId,
        seasonId,
        startsAt,
        endsAt,
        status: input.status ?? "pending",
        paymentStatus: "pending",
        seats: input.seats ?? box.seats,
        address: input.address ?? null,
        ...money,
        searchText,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: bookings.id });
    await tx.insert(bookingPayments).values({
      bookingId: row!.id,
      position: 1,
      status: "pending",
      amount: money.total,
      createdAt,
      updatedAt: createdAt,
    });
    const notice = await storeNotification(tx, {
      kind: "booking-created",
      recordId: row!.id,
      member: { id: input.buyerId, name: buyerName },
      payload: { name: buyerName, key, box: `${box.zone} ${box.number}`, venue: box.venueName },
      at: createdAt,
    });
    input.notices?.push(notice);
    return row!.id;
  } catch (error) {
    if (pgErrorOf(error)?.code === PG_UNIQUE_VIOLATION) throw new BookingUnavailableError("taken");
    throw error;
  }
}

/**
 * The first payment moves (authorized, captured, refunded by the provider): its status is the booking's payment
 * status, kept on the booking for the list's filter.
 */
export async function setPaymentStatus(
  tx: Db,
  bookingId: number,
  status: PaymentStatus,
  at = new Date(),
  notices?: StoredNotification[],
) {
  await tx
    .update(bookingPayments)
    .set({ status, updatedAt: at })
    .where(and(eq(bookingPayments.bookingId, bookingId), eq(bookingPayments.position, 1)));
  await tx.update(bookings).set({ paymentStatus: status, updatedAt: at }).where(eq(bookings.id, bookingId));
  // Staff are told when the money is in (captured).
  if (status === "capture") {
    const about = await bookingSubject(tx, bookingId);
    if (about) {
      // Stored whether or not the caller collects it for live delivery.
      const notice = await storeNotification(tx, {
        kind: "booking-paid",
        recordId: bookingId,
        member: about.buyer,
        payload: about.payload,
        at,
      });
      notices?.push(notice);
    }
  }
}

/** What a booking's notifications say: its guest, key, box and venue. */
export async function bookingSubject(db: Db, bookingId: number) {
  const [row] = await db
    .select({
      buyerId: bookings.buyerId,
      buyerName: sql<string>`${members.firstName} || ' ' || ${members.lastName}`,
      key: bookings.key,
      box: sql<string>`${boxes.zone} || ' ' || ${boxes.number}`,
      venue: venues.name,
    })
    .from(bookings)
    .innerJoin(members, eq(members.id, bookings.buyerId))
    .innerJoin(boxes, eq(boxes.id, bookings.boxId))
    .innerJoin(venues, eq(venues.id, bookings.venueId))
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  return {
    buyer: { id: row.buyerId, name: row.buyerName },
    payload: { name: row.buyerName, key: row.key, box: row.box, venue: row.venue },
  };
}

/** How much of a message a notification quotes. */
const EXCERPT_LENGTH = 80;

/**
 * A booking's guest or owner writes in their thread (the marketplace app; the simulator). Staff are told, unless
 * `notify` is false (the demo's old threads).
 */
export async function postMemberMessage(
  tx: Db,
  input: {
    bookingId: number;
    memberId: number;
    message: string;
    at?: Date;
    notify?: boolean;
    notices?: StoredNotification[];
  },
): Promise<number> {
  const at = input.at ?? new Date();
  const [row] = await tx
    .insert(bookingMessages)
    .values({ bookingId: input.bookingId, threadMemberId: input.memberId, message: input.message, createdAt: at })
    .returning({ id: bookingMessages.id });
  if (input.notify !== false) {
    const about = await bookingSubject(tx, input.bookingId);
    const [writer] = await tx
      .select({ name: sql<string>`${members.firstName} || ' ' || ${members.lastName}` })
      .from(members)
      .where(eq(members.id, input.memberId));
    if (about && writer) {
      const excerpt =
        input.message.length > EXCERPT_LENGTH ? `${input.message.slice(0, EXCERPT_LENGTH - 1)}…` : input.message;
      const notice = await storeNotification(tx, {
        kind: "booking-message",
        recordId: input.bookingId,
        member: { id: input.memberId, name: writer.name },
        payload: { ...about.payload, name: writer.name, excerpt, threadUserId: String(input.memberId) },
        at,
      });
      input.notices?.push(notice);
    }
  }
  return row!.id;
}

/** The two members a booking's threads are with: its guest and its box's owner. */
export async function bookingParticipants(db: Db, bookingId: number) {
  const [row] = await db
    .select({ guest: bookings.buyerId, owner: owners.memberId })
    .from(bookings)
    .innerJoin(boxes, eq(boxes.id, bookings.boxId))
    .innerJoin(owners, eq(owners.id, boxes.ownerId))
    .where(eq(bookings.id, bookingId));
  return row;
}
