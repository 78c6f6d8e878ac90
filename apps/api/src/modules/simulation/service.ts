import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { GUEST_LINES, OWNER_LINES } from "../../demo/bookings.ts";
import { memberSignUp, randomPerson, specimenBox, specimenOwnerProfile } from "../../demo/supply.ts";
import type { Db } from "../../platform/db.ts";
import { announceMessage, readMessage } from "../bookings/routes.ts";
import {
  BookingUnavailableError,
  bookingParticipants,
  bookingSubject,
  createBooking,
  postMemberMessage,
  setPaymentStatus,
} from "../bookings/service.ts";
import { createBox, sendBoxForReview } from "../boxes/service.ts";
import { signUpMember } from "../members/service.ts";
import { deliver, rowsOf, type StoredNotification } from "../notifications/service.ts";
import { createOwnerProfile, sendOwnerForReview } from "../owners/service.ts";
import { announceReviewQueue } from "../review-queue/announce.ts";

/**
 * Simulated marketplace activity (`npm run simulate`): members signing up, owners and boxes sent for review,
 * bookings made and paid, guests and owners writing, each through the domain services the marketplace itself
 * uses, in the running API process, so every notification is stored like a real one and pushed over the sockets
 * (through Redis to every instance) once its transaction commits.
 */

export const SIMULATION_KINDS = [
  "member-signed-up",
  "owner-submitted",
  "box-submitted",
  "booking-created",
  "booking-paid",
  "guest-message",
  "owner-message",
] as const;
export type SimulationKind = (typeof SIMULATION_KINDS)[number];

/** The order a run goes through, again and again: every kind appears within the first ten events. */
const CYCLE: SimulationKind[] = [
  "booking-created",
  "guest-message",
  "member-signed-up",
  "booking-paid",
  "owner-message",
  "owner-submitted",
  "booking-created",
  "box-submitted",
  "guest-message",
  "booking-paid",
];

/**
 * What is tried, in order, when the planned kind has nothing to act on: every free box already booked (the demo
 * books every box for every event; a box the watcher accepts becomes bookable), no pending payment, no booking to
 * write about yet. Signing up always works.
 */
const FALLBACKS: SimulationKind[] = ["guest-message", "booking-created", "owner-submitted", "member-signed-up"];

export interface SimulatedEvent {
  /** 1 for the run's first event. */
  n: number;
  kind: SimulationKind;
  at: string;
  /** The member, owner, box or booking it made or changed. */
  recordId: number;
  summary: string;
  /** How many staff members were told (notification recipients). */
  notified: number;
}

interface Outcome {
  recordId: number;
  summary: string;
  /** Stored, and delivered as soon as their transaction committed. */
  notices: StoredNotification[];
}

const first = <T>(rows: unknown): T | undefined => rowsOf<T>(rows)[0];

/** One run's memory: the members it signed up (they book next) and the bookings it made (paid and talked about next). */
export class Simulation {
  private readonly members: number[] = [];
  private readonly bookings: number[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly random: () => number = Math.random,
  ) {}

  private pick<T>(items: readonly T[]): T | undefined {
    return items.length === 0 ? undefined : items[Math.floor(this.random() * items.length)];
  }

  /** Runs `work` in a transaction, then pushes the notifications it stored at once (before anything else). */
  private async commit<T>(notices: StoredNotification[], work: (tx: Db) => Promise<T>): Promise<T> {
    const result = await this.app.db.transaction((tx) => work(tx));
    deliver(this.app.realtime, notices);
    return result;
  }

  /** The run's `n`th event: the planned kind, or the first fallback that has something to act on. */
  async next(n: number): Promise<SimulatedEvent> {
    const planned = CYCLE[(n - 1) % CYCLE.length]!;
    for (const kind of [planned, ...FALLBACKS.filter((fallback) => fallback !== planned)]) {
      const outcome = await this.perform(kind);
      if (!outcome) continue;
      return {
        n,
        kind,
        at: new Date().toISOString(),
        recordId: outcome.recordId,
        summary: outcome.summary,
        notified: outcome.notices.reduce((total, notice) => total + notice.recipients.length, 0),
      };
    }
    throw new Error("no simulated activity was possible");
  }

  /** Runs one kind of activity; undefined when there is nothing to act on. */
  perform(kind: SimulationKind): Promise<Outcome | undefined> {
    switch (kind) {
      case "member-signed-up":
        return this.signUp();
      case "owner-submitted":
        return this.submitOwner();
      case "box-submitted":
        return this.submitBox();
      case "booking-created":
        return this.book();
      case "booking-paid":
        return this.pay();
      case "guest-message":
        return this.write("guest");
      case "owner-message":
        return this.write("owner");
    }
  }

  private async signUp(): Promise<Outcome> {
    const person = randomPerson(this.random);
    const member = memberSignUp(person, this.random, randomBytes(3).toString("hex"));
    const id = await this.commit([], (tx) => signUpMember(tx, member));
    this.members.push(id);
    return { recordId: id, summary: `${member.firstName} ${member.lastName} signed up (${member.email})`, notices: [] };
  }

  /** Someone signs up as an owner and sends their profile for review. Documents are stored before the transaction. */
  private async submitOwner(): Promise<Outcome> {
    const person = randomPerson(this.random);
    const member = memberSignUp(person, this.random, randomBytes(3).toString("hex"));
    const profile = await specimenOwnerProfile(person, this.random, this.app.documents);
    const notices: StoredNotification[] = [];
    const ownerId = await this.commit(notices, async (tx) => {
      const memberId = await signUpMember(tx, member);
      const id = await createOwnerProfile(tx, { memberId, ...profile });
      await sendOwnerForReview(tx, id, { notices });
      return id;
    });
    announceReviewQueue(this.app, "owners");
    return { recordId: ownerId, summary: `${profile.name} sent an owner profile for review`, notices };
  }

  /** An accepted owner describes a new box at an open venue and sends it for review. */
  private async submitBox(): Promise<Outcome | undefined> {
    const owner = first<{ id: number; name: string; address: string }>(
      await this.app.db.execute(sql`select id, name, address from owners
        where status = 'accepted' and is_active order by random() limit 1`),
    );
    // Where events are coming, so the box can be booked once staff accept it.
    const venue = first<{ id: number; name: string }>(
      await this.app.db.execute(sql`select v.id, v.name from venues v
        where v.deleted_at is null and v.is_active
        order by exists (select 1 from events e where e.venue_id = v.id and e.is_active and e.starts_at > now()) desc,
          random()
        limit 1`),
    );
    if (!owner || !venue) return undefined;
    const made = await specimenBox(
      this.random,
      { venue: venue.name, owner: owner.name, ownerAddress: owner.address },
      this.app.images,
      this.app.documents,
    );
    const notices: StoredNotification[] = [];
    const boxId = await this.commit(notices, async (tx) => {
      const id = await createBox(tx, {
        ownerId: owner.id,
        venueId: venue.id,
        box: made.box,
        seasons: made.seasons,
        photos: made.photos,
      });
      await sendBoxForReview(tx, id, { notices });
      return id;
    });
    announceReviewQueue(this.app, "boxes");
    return {
      recordId: boxId,
      summary: `${owner.name} sent box ${made.box.zone} ${made.box.number} at ${venue.name} for review`,
      notices,
    };
  }

  /** A guest (often one who just signed up) books a free box for a coming event, or for a coming season. */
  private async book(): Promise<Outcome | undefined> {
    const buyerId = this.members.length > 0 && this.random() < 0.7 ? this.pick(this.members) : await this.randomGuest();
    if (buyerId === undefined) return undefined;
    // Boxes in random order, then the soonest free event (or season) of the first that has one.
    const onetime = async () =>
      first<{ box_id: number; event_id: number }>(
        await this.app.db.execute(sql`select b.id as box_id, e.id as event_id
          from (select id, venue_id from boxes where status = 'accepted' and is_active and type <> 'season'
                  and price is not null order by random() limit 200) b
          join venues v on v.id = b.venue_id and v.deleted_at is null and v.is_active
          cross join lateral (select e.id from events e
            where e.venue_id = b.venue_id and e.is_active and e.starts_at > now() + interval '1 day'
              and not exists (select 1 from bookings k where k.box_id = b.id and k.event_id = e.id
                and k.status not in ('canceled', 'rejected'))
            order by e.starts_at limit 1) e
          limit 1`),
      );
    const season = async () =>
      first<{ box_id: number; season_id: number }>(
        await this.app.db.execute(sql`select b.id as box_id, s.id as season_id
          from (select id, venue_id from boxes where status = 'accepted' and is_active and type <> 'onetime'
                  order by random() limit 200) b
          join venues v on v.id = b.venue_id and v.deleted_at is null and v.is_active
          cross join lateral (select s.id from box_seasons s
            where s.box_id = b.id and s.starts_on > current_date
              and not exists (select 1 from bookings k where k.box_id = b.id and k.season_id = s.id
                and k.status not in ('canceled', 'rejected'))
            order by s.starts_on limit 1) s
          limit 1`),
      );
    const seasonFirst = this.random() < 0.25;
    let what: Parameters<typeof createBooking>[1]["what"] | undefined;
    let boxId = 0;
    for (const find of seasonFirst ? [season, onetime] : [onetime, season]) {
      const found = await find();
      if (!found) continue;
      boxId = found.box_id;
      what =
        "event_id" in found
          ? { type: "onetime", eventId: found.event_id }
          : { type: "season", seasonId: (found as { season_id: number }).season_id };
      break;
    }
    if (!what) return undefined;
    const notices: StoredNotification[] = [];
    let bookingId: number;
    try {
      bookingId = await this.commit(notices, (tx) => createBooking(tx, { boxId, buyerId, what, notices }));
    } catch (error) {
      // Someone else booked it in the meantime: try something else.
      if (error instanceof BookingUnavailableError) return undefined;
      throw error;
    }
    this.bookings.push(bookingId);
    const about = await bookingSubject(this.app.db, bookingId);
    return {
      recordId: bookingId,
      summary: about
        ? `${about.payload.name} booked ${about.payload.box} at ${about.payload.venue} (${about.payload.key})`
        : `booking ${bookingId} made`,
      notices,
    };
  }

  /** A guest (a member who is not an owner) at random: the first from a random point of the ids, else the first. */
  private async randomGuest(): Promise<number | undefined> {
    const guest = (from: ReturnType<typeof sql>) =>
      this.app.db.execute(sql`select m.id from members m
        where m.is_active and not exists (select 1 from owners o where o.member_id = m.id) ${from}
        order by m.id limit 1`);
    const from = sql`and m.id >= (select min(id) + floor(random() * (max(id) - min(id) + 1))::int from members)`;
    return (first<{ id: number }>(await guest(from)) ?? first<{ id: number }>(await guest(sql``)))?.id;
  }

  /** The payment of a pending booking (one of this run's first) is captured, which confirms the booking. */
  private async pay(): Promise<Outcome | undefined> {
    const ours = sql`and id in (${sql.join(this.bookings.length > 0 ? this.bookings : [0], sql`, `)})`;
    const candidates = async (scope: ReturnType<typeof sql>) =>
      rowsOf<{ id: number }>(
        await this.app.db.execute(sql`select id from bookings
          where payment_status = 'pending' and status = 'pending' and ends_at > now() ${scope}
          order by id desc limit 50`),
      );
    let pending = this.bookings.length > 0 ? await candidates(ours) : [];
    if (pending.length === 0) pending = await candidates(sql``);
    const chosen = this.pick(pending)?.id;
    if (chosen === undefined) return undefined;
    const notices: StoredNotification[] = [];
    const paid = await this.commit(notices, async (tx) => {
      // Locked and checked again: staff may have canceled it meanwhile.
      const still = first<{ id: number }>(
        await tx.execute(sql`select id from bookings
          where id = ${chosen} and payment_status = 'pending' and status = 'pending' for update`),
      );
      if (!still) return false;
      const at = new Date();
      await setPaymentStatus(tx, chosen, "capture", at, notices);
      await tx.execute(sql`update bookings set status = 'accepted', updated_at = ${at} where id = ${chosen}`);
      return true;
    });
    if (!paid) return undefined;
    const about = await bookingSubject(this.app.db, chosen);
    return {
      recordId: chosen,
      summary: about ? `${about.payload.name} paid booking ${about.payload.key}` : `booking ${chosen} paid`,
      notices,
    };
  }

  /** The guest or the owner of a booking (one of this run's, or a recent one) writes in their thread. */
  private async write(side: "guest" | "owner"): Promise<Outcome | undefined> {
    let bookingId = this.random() < 0.6 ? this.pick(this.bookings) : undefined;
    if (bookingId === undefined) {
      const recent = rowsOf<{ id: number }>(
        await this.app.db.execute(sql`select id from bookings
          where status not in ('canceled', 'rejected') and ends_at > now() order by id desc limit 50`),
      );
      bookingId = this.pick(recent)?.id ?? this.pick(this.bookings);
    }
    if (bookingId === undefined) return undefined;
    const participants = await bookingParticipants(this.app.db, bookingId);
    if (!participants) return undefined;
    const memberId = side === "guest" ? participants.guest : participants.owner;
    const message = this.pick(side === "guest" ? GUEST_LINES : OWNER_LINES)!;
    const notices: StoredNotification[] = [];
    const messageId = await this.commit(notices, (tx) =>
      postMemberMessage(tx, { bookingId, memberId, message, notices }),
    );
    // An open thread shows it at once.
    const posted = await readMessage(this.app.db, messageId);
    if (posted) await announceMessage(this.app, bookingId, memberId, posted);
    const about = await bookingSubject(this.app.db, bookingId);
    return {
      recordId: bookingId,
      summary: `${posted?.author.name ?? "someone"} (${side}) wrote on booking ${about?.payload.key ?? bookingId}: "${message}"`,
      notices,
    };
  }
}

export interface RunOptions {
  /** Stops after this many events… */
  count: number;
  /** …or once this long has passed, whichever comes first. */
  durationMs: number;
  /** From one event's start to the next one's (a steady rate, whatever a step takes). */
  intervalMs: number;
  /** Aborting stops the run before its next event (the client went away, the server is closing). */
  signal?: AbortSignal;
  onEvent?: (event: SimulatedEvent) => void;
  random?: () => number;
}

export interface RunResult {
  events: number;
  reason: "count" | "duration" | "stopped";
}

/** Runs simulated activity until `count` events, `durationMs` or the signal, whichever comes first. */
export async function runSimulation(app: FastifyInstance, options: RunOptions): Promise<RunResult> {
  const simulation = new Simulation(app, options.random);
  const started = Date.now();
  const deadline = started + options.durationMs;
  let events = 0;
  for (;;) {
    if (options.signal?.aborted) return { events, reason: "stopped" };
    if (events >= options.count) return { events, reason: "count" };
    if (Date.now() >= deadline) return { events, reason: "duration" };
    const event = await simulation.next(events + 1);
    events += 1;
    options.onEvent?.(event);
    if (events >= options.count) return { events, reason: "count" };
    const nextAt = started + events * options.intervalMs;
    const wait = Math.min(nextAt, deadline) - Date.now();
    if (wait > 0) {
      try {
        await sleep(wait, undefined, { signal: options.signal });
      } catch {
        return { events, reason: "stopped" };
      }
    }
    // Decided by the schedule, not by reading the clock again: a timer may wake a millisecond before the deadline,
    // and an event due at (or after) the deadline is not part of the run.
    if (nextAt >= deadline) return { events, reason: "duration" };
  }
}
