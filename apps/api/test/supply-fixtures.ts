import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createBooking } from "../src/modules/bookings/service.ts";
import type { Db } from "../src/platform/db.ts";
import {
  boxes,
  boxSeasons,
  cities,
  countries,
  events,
  members,
  ownerBankAccounts,
  owners,
  states,
  venues,
} from "../src/platform/schema.ts";

const suffix = () => randomBytes(4).toString("hex");

/** A member with an owner profile and one bank account, waiting for review unless `owner` says otherwise. */
export async function insertOwner(
  db: Db,
  options: { owner?: Partial<typeof owners.$inferInsert>; language?: "en" | "es"; name?: string } = {},
): Promise<{ id: number; memberId: number; email: string }> {
  const email = `owner.${suffix()}@example.com`;
  const [member] = await db
    .insert(members)
    .values({
      firstName: "Lucía",
      lastName: "Hernández",
      email,
      phone: "3312345678",
      phoneCountry: "52",
      birthAt: "1988-04-12",
      placeOfBirth: "Guadalajara",
      language: options.language ?? "es",
    })
    .returning({ id: members.id });
  const [owner] = await db
    .insert(owners)
    .values({
      memberId: member!.id,
      name: options.name ?? "Lucía Hernández Ruiz",
      address: "Av. Chapultepec 120, Guadalajara",
      rfc: "HERL880412AB1",
      documentType: "id",
      status: "pending",
      readyForReview: true,
      readyAt: new Date(Date.now() - 3_600_000),
      ...options.owner,
    })
    .returning({ id: owners.id });
  await db.insert(ownerBankAccounts).values({
    ownerId: owner!.id,
    bankName: "BBVA México",
    accountNumber: "0123456789",
    clabe: "002010077777777771",
    holderName: "Lucía Hernández Ruiz",
  });
  return { id: owner!.id, memberId: member!.id, email };
}

/** A state in a country of its own, both named after `code`, which cities in it can start their codes with. */
export async function insertState(db: Db): Promise<{ id: number; code: string }> {
  // Eight hex digits: three collided once in a few hundred venues of one test database (the codes are unique).
  const code = suffix().toUpperCase();
  const [country] = await db
    .insert(countries)
    .values({ name: `País ${code}`, code })
    .returning({ id: countries.id });
  const [state] = await db
    .insert(states)
    .values({ name: `Estado ${code}`, code, countryId: country!.id })
    .returning({ id: states.id });
  return { id: state!.id, code };
}

/** A venue in a city of its own (a fresh country, state and city), for boxes to stand in. */
export async function insertVenue(db: Db, name = `Estadio ${suffix()}`): Promise<{ id: number; cityId: number }> {
  const { id: stateId, code } = await insertState(db);
  const [city] = await db
    .insert(cities)
    .values({ name: `Ciudad ${code}`, code: `${code}-001`, timeZone: "America/Mexico_City", stateId })
    .returning({ id: cities.id });
  const [venue] = await db
    .insert(venues)
    .values({ name, address: "-", contact: "3331234567", latitude: 20.68, longitude: -103.46, cityId: city!.id })
    .returning({ id: venues.id });
  return { id: venue!.id, cityId: city!.id };
}

/** A box waiting for review unless `box` says otherwise, with one season when its type sells seasons. */
export async function insertBox(
  db: Db,
  ownerId: number,
  venueId: number,
  box: Partial<typeof boxes.$inferInsert> = {},
): Promise<{ id: number }> {
  const [row] = await db
    .insert(boxes)
    .values({
      ownerId,
      venueId,
      number: box.number ?? String(100 + Math.floor(Math.random() * 800)),
      zone: "Platino",
      type: "both",
      availableSeats: 12,
      price: "18500.50",
      deposit: "5000.00",
      positionX: "42.50",
      positionY: "63.25",
      status: "pending",
      readyForReview: true,
      readyAt: new Date(Date.now() - 7_200_000),
      ...box,
    })
    .returning({ id: boxes.id });
  if ((box.type ?? "both") !== "onetime") {
    await db.insert(boxSeasons).values({
      boxId: row!.id,
      price: "350000.00",
      deposit: "50000.00",
      startsOn: "2026-07-10",
      endsOn: "2026-12-20",
    });
  }
  return { id: row!.id };
}

/** A guest: a member without an owner profile. */
export async function insertGuest(db: Db, firstName = "Valeria"): Promise<{ id: number; email: string }> {
  const email = `guest.${suffix()}@example.com`;
  const [member] = await db
    .insert(members)
    .values({ firstName, lastName: "Cruz Ortega", email, phone: "8112345678", phoneCountry: "52", language: "es" })
    .returning({ id: members.id });
  return { id: member!.id, email };
}

/** An event at a venue, `inDays` from now. */
export async function insertEvent(db: Db, venueId: number, inDays = 10): Promise<{ id: number; startsAt: Date }> {
  const startsAt = new Date(Date.now() + inDays * 86_400_000);
  const [row] = await db
    .insert(events)
    .values({ name: `Partido ${suffix()}`, duration: 2, startsAt, venueId })
    .returning({ id: events.id });
  return { id: row!.id, startsAt };
}

/**
 * Everything a booking needs: an accepted owner and box (type both, price 18500.50, one season), an event at its
 * venue and a guest. `book` then makes a onetime booking of that event (or a season booking).
 */
export async function insertBookable(db: Db) {
  const owner = await insertOwner(db, { owner: { status: "accepted", readyForReview: false } });
  const venue = await insertVenue(db);
  const box = await insertBox(db, owner.id, venue.id, { status: "accepted", readyForReview: false });
  const event = await insertEvent(db, venue.id);
  const guest = await insertGuest(db);
  const [season] = await db.select({ id: boxSeasons.id }).from(boxSeasons).where(eq(boxSeasons.boxId, box.id));
  return { owner, venue, box, event, guest, seasonId: season!.id };
}

export type Bookable = Awaited<ReturnType<typeof insertBookable>>;

export function book(db: Db, bookable: Bookable, what: "onetime" | "season" = "onetime"): Promise<number> {
  return createBooking(db, {
    boxId: bookable.box.id,
    buyerId: bookable.guest.id,
    what:
      what === "onetime"
        ? { type: "onetime", eventId: bookable.event.id }
        : { type: "season", seasonId: bookable.seasonId },
    address: "Calle Falsa 123, Guadalajara",
  });
}
