import { fromCents, toCents } from "@palco/shared";
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import {
  bookingSubject,
  createBooking,
  DEFAULT_FEE_RATES,
  newBookingKey,
  setPaymentStatus,
} from "../modules/bookings/service.ts";
import { announceBoxReady } from "../modules/boxes/service.ts";
import { storeNotification } from "../modules/notifications/service.ts";
import { announceOwnerReady } from "../modules/owners/service.ts";
import type { Db } from "../platform/db.ts";
import {
  auditLog,
  bookingMessages,
  bookingPayments,
  bookings,
  boxes,
  boxSeasons,
  events,
  members,
  notificationRecipients,
  notifications,
  owners,
  users,
} from "../platform/schema.ts";
import { DAY, HOUR, prng } from "./random.ts";

/**
 * Where a demo booking stands. The scenarios cycle over the bookable (event, box) and (season, box) pairs, so
 * every state a screen acts on is there: pending ones with nothing done yet, paid ones whose tickets are unsent,
 * sent or delivered, owners paid and not, a deposit only authorized, rejected, missed (a held event) and canceled
 * ones with the refund they owe.
 */
type Scenario = {
  status: "pending" | "accepted" | "rejected" | "partial" | "missed" | "canceled";
  payment: "pending" | "authorization" | "capture" | "refund";
  tickets?: "sent" | "delivered";
  ownerPaid?: boolean;
};

const SCENARIOS: Scenario[] = [
  { status: "pending", payment: "pending" },
  { status: "accepted", payment: "capture" },
  { status: "accepted", payment: "capture", tickets: "sent" },
  { status: "pending", payment: "authorization" },
  { status: "accepted", payment: "capture", tickets: "delivered", ownerPaid: true },
  { status: "partial", payment: "authorization" },
  { status: "canceled", payment: "capture" },
  { status: "pending", payment: "pending" },
  { status: "accepted", payment: "capture", tickets: "delivered" },
  { status: "rejected", payment: "refund" },
  { status: "accepted", payment: "capture", ownerPaid: true },
  { status: "pending", payment: "pending" },
  { status: "canceled", payment: "pending" },
  { status: "accepted", payment: "capture", tickets: "sent" },
];

/** A held event: its bookings were paid and lived, or missed. */
const HELD: Scenario[] = [
  { status: "accepted", payment: "capture", tickets: "delivered", ownerPaid: true },
  { status: "missed", payment: "pending" },
  { status: "accepted", payment: "capture", tickets: "delivered" },
];

const ADDRESSES = [
  "Av. Vallarta 3233, Vallarta Poniente, 44110 Guadalajara, Jal.",
  "Calle Hamburgo 112, Juárez, 06600 Ciudad de México, CDMX",
  "Av. Gómez Morín 920, Valle del Campestre, 66265 San Pedro Garza García, N.L.",
  null,
  "Blvd. Atlixcáyotl 5208, Reserva Territorial Atlixcáyotl, 72810 Puebla, Pue.",
];

/** The long threads: a guest and an owner who write a lot, and staff answering (more than a page each). */
export const GUEST_LINES = [
  "Hola, ¿a qué hora abren el acceso al palco?",
  "¿Puedo llevar a dos niños además de los adultos de la reserva?",
  "¿El estacionamiento está incluido?",
  "Perfecto, gracias. ¿Los boletos llegan por correo o en físico?",
  "¿Hay servicio de meseros durante todo el partido?",
  "Una pregunta más: ¿se puede pagar el consumo con tarjeta?",
  "Gracias por la respuesta tan rápida.",
  "¿A nombre de quién debo presentarme en el acceso?",
];
export const OWNER_LINES = [
  "Buenas tardes, ¿ya está confirmado el pago de esta reserva?",
  "¿Cuándo se deposita mi parte?",
  "Dejé las llaves del palco con el personal de acceso.",
  "El huésped me preguntó por el estacionamiento, ¿les confirmo yo?",
  "Mi CLABE es la misma que registré, no ha cambiado.",
  "¿Necesitan que firme algo para la entrega de boletos?",
  "Gracias, quedo al pendiente.",
];
const STAFF_LINES = [
  "Con gusto, lo revisamos y le confirmamos en breve.",
  "Ya quedó registrado, gracias por avisar.",
  "Sí, está incluido. Cualquier otra duda aquí estamos.",
  "Le confirmamos por este medio en cuanto tengamos respuesta.",
  "Correcto, no necesita hacer nada más.",
];

/**
 * Demo bookings over the accepted boxes and the demo events and seasons, in every state (see SCENARIOS), with
 * their staff actions in the audit trail (the booking timeline shows who did what) and chat threads, two of them
 * longer than a page. Needs the demo catalogue and supply.
 */
export async function seedDemoBookings(
  tx: Db,
  options: { exclude?: { boxIds: Set<number>; memberIds: Set<number>; eventIds: Set<number> } } = {},
): Promise<void> {
  const now = Date.now();
  const random = prng(2027);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // The history's rows (demo/history.ts) are left alone: the demo's bookings stay what they were without it.
  const exclude = options.exclude;
  const kept = <T extends { id: number }>(rows: T[], ids: Set<number> | undefined) =>
    ids ? rows.filter((row) => !ids.has(row.id)) : rows;

  const bookable = kept(
    await tx
      .select({ id: boxes.id, venueId: boxes.venueId, type: boxes.type, ownerMemberId: owners.memberId })
      .from(boxes)
      .innerJoin(owners, eq(owners.id, boxes.ownerId))
      .where(and(eq(boxes.status, "accepted"), eq(boxes.isActive, true)))
      .orderBy(asc(boxes.id)),
    exclude?.boxIds,
  );
  if (bookable.length === 0) return;
  const guests = kept(
    await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.isActive, true), notInArray(members.id, tx.select({ id: owners.memberId }).from(owners))))
      .orderBy(asc(members.id)),
    exclude?.memberIds,
  );
  if (guests.length === 0) return;
  const staff = await tx
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, email: users.email })
    .from(users)
    // The demo team acts on bookings; the super-admin (whoever tries the demo) is told of it.
    .where(and(eq(users.isActive, true), eq(users.isSuperAdmin, false)))
    .orderBy(asc(users.id))
    .limit(4);
  const eventRows = kept(
    await tx
      .select({ id: events.id, venueId: events.venueId, startsAt: events.startsAt })
      .from(events)
      .orderBy(asc(events.startsAt), asc(events.id)),
    exclude?.eventIds,
  );
  const seasonRows = await tx
    .select({ id: boxSeasons.id, boxId: boxSeasons.boxId })
    .from(boxSeasons)
    .orderBy(asc(boxSeasons.startsOn), asc(boxSeasons.id));

  type Planned = {
    boxId: number;
    ownerMemberId: number;
    what: { type: "onetime"; eventId: number } | { type: "season"; seasonId: number };
    scenario: Scenario;
    createdAt: Date;
    endsAt?: Date;
  };
  const planned: Planned[] = [];
  let upcoming = 0;
  let held = 0;
  for (const event of eventRows) {
    for (const box of bookable) {
      if (box.venueId !== event.venueId || box.type === "season") continue;
      const past = event.startsAt.getTime() < now;
      const scenario = past ? HELD[held++ % HELD.length]! : SCENARIOS[upcoming++ % SCENARIOS.length]!;
      // Booked days to weeks ahead of the event (held events: before they were held).
      const lead = (2 + random() * 25) * DAY;
      const createdAt = new Date(Math.min(now - 2 * HOUR - random() * 10 * DAY, event.startsAt.getTime() - lead));
      planned.push({
        boxId: box.id,
        ownerMemberId: box.ownerMemberId,
        what: { type: "onetime", eventId: event.id },
        scenario,
        createdAt,
      });
    }
  }
  for (const season of seasonRows) {
    const box = bookable.find((candidate) => candidate.id === season.boxId);
    if (!box) continue;
    planned.push({
      boxId: box.id,
      ownerMemberId: box.ownerMemberId,
      what: { type: "season", seasonId: season.id },
      scenario: SCENARIOS[upcoming++ % SCENARIOS.length]!,
      createdAt: new Date(now - (3 + random() * 60) * DAY),
    });
  }
  // Made in time order, so ids (the list's order) follow the dates.
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const actions: (typeof auditLog.$inferInsert)[] = [];
  const messageRows: (typeof bookingMessages.$inferInsert)[] = [];
  const staffAt = (index: number) => staff[index % Math.max(staff.length, 1)];
  const act = (bookingId: number, action: string, at: Date, changes: Record<string, unknown>, who: number) => {
    const actor = staffAt(who);
    actions.push({
      at,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      actorEmail: actor?.email ?? null,
      action,
      resource: "bookings",
      recordId: String(bookingId),
      changes,
      ip: "192.0.2.10",
    });
  };

  let threads = 0;
  for (const [index, plan] of planned.entries()) {
    const { scenario } = plan;
    const buyerId = guests[index % guests.length]!.id;
    const id = await createBooking(tx, {
      boxId: plan.boxId,
      buyerId,
      what: plan.what,
      status: scenario.status === "canceled" ? "pending" : scenario.status,
      key: newBookingKey((max) => Math.floor(random() * max)),
      address: ADDRESSES[index % ADDRESSES.length] ?? null,
      createdAt: plan.createdAt,
      rates: DEFAULT_FEE_RATES,
    });
    const created = plan.createdAt.getTime();
    // Each step a little after the one before, never in the future.
    let clock = created;
    const step = (hours: number) => {
      clock = Math.min(now - 5 * 60_000, clock + hours * HOUR);
      return new Date(clock);
    };
    const paidAt = step(0.2 + random() * 3);
    if (scenario.payment !== "pending") await setPaymentStatus(tx, id, scenario.payment, paidAt);
    if (scenario.payment === "authorization" && scenario.status === "partial") {
      // The deposit held, the rest still due: the first payment is the deposit.
      const [row] = await tx.select({ total: bookings.total }).from(bookings).where(eq(bookings.id, id));
      const deposit = (toCents(row!.total) * 30n) / 100n;
      await tx
        .update(bookingPayments)
        .set({ amount: fromCents(deposit) })
        .where(and(eq(bookingPayments.bookingId, id), eq(bookingPayments.position, 1)));
      await tx.insert(bookingPayments).values({
        bookingId: id,
        position: 2,
        status: "pending",
        amount: fromCents(toCents(row!.total) - deposit),
        createdAt: paidAt,
        updatedAt: paidAt,
      });
    }
    if (scenario.tickets) {
      const sentAt = step(6 + random() * 30);
      await tx.update(bookings).set({ ticketsSentAt: sentAt, updatedAt: sentAt }).where(eq(bookings.id, id));
      act(id, "tickets-sent", sentAt, { ticketsSentAt: [null, sentAt.toISOString()] }, index);
      if (scenario.tickets === "delivered") {
        const deliveredAt = step(20 + random() * 40);
        await tx
          .update(bookings)
          .set({ ticketsDeliveredAt: deliveredAt, updatedAt: deliveredAt })
          .where(eq(bookings.id, id));
        act(id, "tickets-delivered", deliveredAt, { ticketsDeliveredAt: [null, deliveredAt.toISOString()] }, index + 1);
      }
    }
    if (scenario.ownerPaid) {
      const paidOwnerAt = step(24 + random() * 48);
      const reference = `SPEI${String(Math.floor(random() * 1e12)).padStart(12, "0")}${pick(["BNMX", "BBVA", "SANT"])}`;
      await tx
        .update(bookings)
        .set({ ownerPaymentReference: reference, ownerPaidAt: paidOwnerAt, updatedAt: paidOwnerAt })
        .where(eq(bookings.id, id));
      act(
        id,
        "owner-paid",
        paidOwnerAt,
        { ownerPaymentReference: [null, reference], ownerPaymentStatus: ["pending", "payed"] },
        index + 2,
      );
    }
    if (scenario.status === "canceled") {
      const canceledAt = step(10 + random() * 20);
      await tx
        .update(bookings)
        .set({ status: "canceled", canceledAt, updatedAt: canceledAt })
        .where(eq(bookings.id, id));
      if (scenario.payment === "capture" || scenario.payment === "authorization") {
        const [row] = await tx
          .select({ amount: bookingPayments.amount })
          .from(bookingPayments)
          .where(and(eq(bookingPayments.bookingId, id), eq(bookingPayments.position, 1)));
        await tx.insert(bookingPayments).values({
          bookingId: id,
          position: 2,
          status: "refund",
          amount: row!.amount,
          createdAt: canceledAt,
          updatedAt: canceledAt,
        });
      }
      act(
        id,
        "cancel",
        canceledAt,
        { status: ["pending", "canceled"], canceledAt: [null, canceledAt.toISOString()] },
        index,
      );
      const about = await bookingSubject(tx, id);
      if (about) {
        await storeNotification(tx, {
          kind: "booking-canceled",
          recordId: id,
          member: about.buyer,
          payload: about.payload,
          exceptUserId: staffAt(index)?.id,
          at: canceledAt,
        });
      }
    }

    // Threads: two bookings talk a lot (more than a page in each panel), most a little, some not at all.
    const long = (scenario.status === "accepted" || scenario.status === "pending") && threads < 2 && index >= 3;
    if (long) threads++;
    const lengths = long ? [26, 23] : index % 3 === 2 ? [0, 0] : [1 + (index % 4), index % 2];
    for (const [side, length] of lengths.entries()) {
      const memberId = side === 0 ? buyerId : plan.ownerMemberId;
      const lines = side === 0 ? GUEST_LINES : OWNER_LINES;
      let at = created + HOUR;
      for (let n = 0; n < length; n++) {
        at = Math.min(now - (length - n) * 60_000, at + (0.5 + random() * 8) * HOUR);
        const byStaff = n % 3 === 1;
        const writer = staffAt(index + n);
        messageRows.push({
          bookingId: id,
          threadMemberId: memberId,
          staffId: byStaff ? (writer?.id ?? null) : null,
          staffName: byStaff ? (writer?.name ?? "Soporte") : null,
          message: byStaff ? STAFF_LINES[(index + n) % STAFF_LINES.length]! : lines[(index + n) % lines.length]!,
          createdAt: new Date(at),
        });
      }
    }
  }
  if (actions.length > 0) await tx.insert(auditLog).values(actions);
  if (messageRows.length > 0) await tx.insert(bookingMessages).values(messageRows);

  // The latest member message of each thread is news to staff.
  const lastOfThread = new Map<string, (typeof messageRows)[number]>();
  for (const row of messageRows)
    if (row.staffId === null) lastOfThread.set(`${row.bookingId}:${row.threadMemberId}`, row);
  for (const row of lastOfThread.values()) {
    const about = await bookingSubject(tx, row.bookingId);
    const [writer] = await tx
      .select({ name: sql<string>`${members.firstName} || ' ' || ${members.lastName}` })
      .from(members)
      .where(eq(members.id, row.threadMemberId));
    if (!about || !writer) continue;
    await storeNotification(tx, {
      kind: "booking-message",
      recordId: row.bookingId,
      member: { id: row.threadMemberId, name: writer.name },
      payload: { ...about.payload, name: writer.name, excerpt: row.message, threadUserId: String(row.threadMemberId) },
      at: row.createdAt!,
    });
  }
  await seedReviewNotifications(tx);
  // What is more than a week old has been read, but the newest of each kind (every kind has one to try).
  await tx
    .update(notificationRecipients)
    .set({ readAt: new Date(now - 6 * DAY) })
    .where(
      sql`${notificationRecipients.notificationId} in (select ${notifications.id} from ${notifications}
        where ${notifications.createdAt} < ${new Date(now - 7 * DAY)})
      and ${notificationRecipients.notificationId} not in (select distinct on (${notifications.kind}) ${notifications.id}
        from ${notifications} order by ${notifications.kind}, ${notifications.createdAt} desc)`,
    );
}

/** Owners and boxes waiting for review were announced to staff when they were sent. */
async function seedReviewNotifications(tx: Db) {
  const waitingOwners = await tx
    .select({ id: owners.id, readyAt: owners.readyAt })
    .from(owners)
    .where(and(eq(owners.status, "pending"), eq(owners.readyForReview, true)));
  for (const owner of waitingOwners) await announceOwnerReady(tx, owner.id, owner.readyAt ?? new Date());
  const waitingBoxes = await tx
    .select({ id: boxes.id, readyAt: boxes.readyAt })
    .from(boxes)
    .where(and(eq(boxes.status, "pending"), eq(boxes.readyForReview, true)));
  for (const box of waitingBoxes) await announceBoxReady(tx, box.id, box.readyAt ?? new Date());
}
