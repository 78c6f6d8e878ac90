import {
  AUDIT_DERIVED_FIELDS,
  BOOKING_MESSAGES_PAGE_SIZE,
  type Booking,
  type BookingListItem,
  type BookingMessage,
  booking,
  bookingListQuery,
  bookingMessage,
  bookingMessageInput,
  bookingMessagesPage,
  bookingMessagesQuery,
  bookingsPage,
  bookingUpdate,
  errorBody,
  fromCents,
  idParams,
  type ListSort,
  OWNER_PAYMENT_STATUSES,
  type OwnerPaymentStatus,
  type PaymentStatus,
  toCents,
} from "@palco/shared";
import { and, count, desc, eq, isNotNull, isNull, like, or, type Placeholder, sql } from "drizzle-orm";
import { alias, type PgSelect, type SelectedFields } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditedWrite } from "../../platform/audit.ts";
import type { Db } from "../../platform/db.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { requireStepUp } from "../../platform/guard.ts";
import {
  allOf,
  chosenOrder,
  escapeLike,
  filterCondition,
  type ListCondition,
  type ListSource,
  listPage,
  noCondition,
  type PageRequest,
  PREFIX_TERM_LENGTH,
  param,
  scannedLike,
  searchCondition,
} from "../../platform/list-query.ts";
import {
  auditLog,
  bookingMessages,
  bookingPayments,
  bookings,
  boxes,
  cities,
  events,
  members,
  ownerBankAccounts,
  owners,
  venues,
} from "../../platform/schema.ts";
import { deliver, rowsOf, type StoredNotification, staffHolding, storeNotification } from "../notifications/service.ts";
import { bookingParticipants } from "./service.ts";

const tags = ["Bookings"];
const errors = { "4xx": errorBody };
const iso = (date: Date | null) => (date ? date.toISOString() : null);

const ownerMembers = alias(members, "owner_members");

/**
 * What a list row shows, read only for the page's rows (the page is chosen on `bookings` alone). The event, venue,
 * guest and box are scalar subqueries rather than joins: PostgreSQL plans each on its own, where a join of seven
 * tables cost it five times longer to plan than to run (the list's statements are planned with every request's
 * values, see platform/list-query.ts).
 */
const listFields = {
  id: bookings.id,
  key: bookings.key,
  folio: bookings.folio,
  boxType: bookings.boxType,
  status: bookings.status,
  event: sql<BookingListItem["event"]>`(select json_build_object('id', e.id, 'name', e.name)
    from ${events} e where e.id = ${bookings.eventId})`,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  total: bookings.total,
  paymentStatus: bookings.paymentStatus,
  venue: sql<BookingListItem["venue"]>`(select json_build_object('id', v.id, 'name', v.name, 'timeZone', c.time_zone)
    from ${venues} v join ${cities} c on c.id = v.city_id where v.id = ${bookings.venueId})`,
  buyer: sql<BookingListItem["buyer"]>`(select json_build_object('id', m.id, 'firstName', m.first_name,
      'lastName', m.last_name, 'email', m.email, 'phone', m.phone, 'phoneCountry', m.phone_country)
    from ${members} m where m.id = ${bookings.buyerId})`,
  box: sql<BookingListItem["box"]>`(select json_build_object('id', x.id, 'number', x.number, 'boxZone', x.zone,
      'userName', o.name)
    from ${boxes} x join ${owners} o on o.id = x.owner_id where x.id = ${bookings.boxId})`,
  createdAt: bookings.createdAt,
};

/**
 * The booking with what its detail joins (the owner's member, the venue's city and the guest for the timeline); the
 * export joins its event too (export.ts).
 */
export const fromBookings = (db: Db, fields: SelectedFields) =>
  db
    .select(fields)
    .from(bookings)
    .innerJoin(boxes, eq(boxes.id, bookings.boxId))
    .innerJoin(owners, eq(owners.id, boxes.ownerId))
    .innerJoin(venues, eq(venues.id, bookings.venueId))
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .innerJoin(members, eq(members.id, bookings.buyerId))
    .$dynamic() as unknown as PgSelect;

type ListRow = {
  id: number;
  key: string;
  folio: string;
  boxType: string;
  status: string;
  event: BookingListItem["event"];
  startsAt: Date;
  endsAt: Date;
  total: string;
  paymentStatus: string | null;
  venue: BookingListItem["venue"];
  buyer: BookingListItem["buyer"];
  box: BookingListItem["box"];
  createdAt: Date;
};

function toListItem(row: ListRow): BookingListItem {
  return {
    id: row.id,
    key: row.key,
    folio: row.folio,
    boxType: row.boxType as BookingListItem["boxType"],
    status: row.status as BookingListItem["status"],
    event: row.event,
    startsAt: iso(row.startsAt)!,
    endsAt: iso(row.endsAt)!,
    total: row.total,
    payment: row.paymentStatus ? { status: row.paymentStatus as PaymentStatus } : null,
    venue: row.venue,
    buyer: row.buyer,
    box: row.box,
    createdAt: iso(row.createdAt)!,
  };
}

/** Newest first: a list ordered by id alone, descending (platform/list-query.ts). */
const listSource: ListSource<typeof listFields> = {
  table: bookings,
  sort: [],
  descending: true,
  // By id (the primary key) and by each of bookingSorts (bookings_*_idx on (key, id)).
  indexedOrders: true,
  fields: listFields,
  from: (db, fields) => db.select(fields).from(bookings).$dynamic() as unknown as PgSelect,
};

/** The fields the list sorts by on request (SORT_FIELDS.bookings), each to the keys of its (keys…, id) index. */
export const bookingSorts = {
  createdAt: [bookings.createdAt],
  startsAt: [bookings.startsAt],
  total: [bookings.total],
  status: [bookings.status],
};

const filters = {
  venueId: (value: unknown) => eq(bookings.venueId, value as number),
  boxType: (value: unknown) => eq(bookings.boxType, value as string),
  status: (value: unknown) => eq(bookings.status, value as string),
  paymentStatus: (value: unknown) => eq(bookings.paymentStatus, value as string),
};

/** A folio is "F" and seven digits: only a term made of those can be part of one. */
const FOLIO_PART = /^f?\d{1,7}$|^f$/i;
/** A whole key ("PLC-7K3M9Q", service.ts), as a guest quotes it on the phone. */
const WHOLE_KEY = /^plc-[0-9a-z]{6}$/i;

/**
 * The search: a whole key finds its booking; any other term of three characters or more is found anywhere in
 * `search_text` (key, guest's name and e-mail, owner, box: lower-cased, so a case-sensitive LIKE of the lower-cased
 * term, which the trigram index serves and which is much cheaper per row than ILIKE) or in the folio; a shorter one
 * at the start of the key or the folio. The folio is only looked at when the term could be part of one.
 */
function bookingSearch(term: string | undefined): ListCondition {
  const trimmed = term?.trim();
  if (!trimmed) return noCondition;
  if ([...trimmed].length <= PREFIX_TERM_LENGTH) {
    if (!FOLIO_PART.test(trimmed)) return searchCondition(trimmed, { contains: [], prefix: [bookings.key] });
    // Its own key: requests of one key share one SQL statement.
    const condition = searchCondition(trimmed, { contains: [], prefix: [bookings.key, bookings.folio] });
    return { ...condition, key: "prefix-folio" };
  }
  const search = param("search");
  // Found by its unique index: the trigrams of "plc-" are in every booking, which makes a trigram lookup slow.
  if (WHOLE_KEY.test(trimmed))
    return { key: "key", where: eq(bookings.key, sql`upper(${search})`), values: { search: trimmed } };
  const text = like(bookings.searchText, sql`lower(${search})`);
  // The same test read row by row (ListCondition.scanned).
  const scannedText = scannedLike(bookings.searchText, "lower", search);
  const values = { search: `%${escapeLike(trimmed)}%` };
  if (FOLIO_PART.test(trimmed)) {
    // A folio is upper-case, so LIKE of the upper-cased term finds what ILIKE would: PostgreSQL estimates a LIKE
    // against the column's statistics at a quarter of ILIKE's planning cost, and every list request plans it three
    // times (the page, the planner's estimate, the count).
    const folio = like(bookings.folio, sql`upper(${search})`);
    const scannedFolio = scannedLike(bookings.folio, "upper", search);
    return {
      key: "contains-folio",
      where: or(text, folio),
      scanned: or(scannedText, scannedFolio),
      values,
      estimable: true,
      matchesPattern: true,
    };
  }
  return { key: "contains", where: text, scanned: scannedText, values, estimable: true, matchesPattern: true };
}

/**
 * The filters (and owner payment status) whose page is, whatever their values, the start of one range of an index in
 * the list's order (its own, unless `anyOrder`). One plan then walks every value's page as a plan made for it would
 * (docs/decisions.md, "One plan for a venue's page"); elsewhere the best plan depends on the values (a rare status
 * sorted by total is read from its own index and sorted), which only a plan that sees them chooses.
 */
const ONE_RANGE_SHAPES: { filters: (keyof typeof filters)[]; ownerPayment?: OwnerPaymentStatus; anyOrder?: true }[] = [
  // bookings_venue_*_idx, one per order.
  { filters: ["venueId"], anyOrder: true },
  // bookings_venue_filters_idx.
  { filters: ["venueId", "boxType", "status", "paymentStatus"] },
  // bookings_owner_payment_pending_idx: the shipped view "awaiting owner payment".
  { filters: ["status", "paymentStatus"], ownerPayment: "pending" },
  // bookings_owner_paid_idx.
  { filters: [], ownerPayment: "payed" },
];

/**
 * The conditions of a list request: the search (key, folio, guest's name or e-mail, owner, box: `search_text` and
 * the folio, see the schema) and the four filters, all on `bookings` alone.
 */
export function bookingListCondition(query: Record<string, unknown> & { search?: string | undefined }) {
  const search = bookingSearch(query.search);
  // A blank filter is no filter.
  const filterValue = (name: string) => (query[name] === "" ? undefined : query[name]);
  const used = Object.keys(filters).filter((name) => filterValue(name) !== undefined);
  const ownerPayment = (OWNER_PAYMENT_STATUSES as readonly unknown[]).includes(query.ownerPaymentStatus)
    ? (query.ownerPaymentStatus as OwnerPaymentStatus)
    : undefined;
  const oneRange = ONE_RANGE_SHAPES.some(
    (shape) =>
      shape.ownerPayment === ownerPayment &&
      (shape.anyOrder || !query.sort) &&
      shape.filters.length === used.length &&
      shape.filters.every((name) => used.includes(name)),
  );
  return allOf(
    search,
    ...Object.entries(filters).map(([name, toCondition]) =>
      filterCondition(name, filterValue(name), toCondition as never, {
        // A venue's bookings are one range of bookings_venue_idx and bookings_venue_filters_idx.
        bounded: name === "venueId",
        onePlan: oneRange,
      }),
    ),
    ownerPaymentCondition(ownerPayment, oneRange),
  );
}

/**
 * The owner payment status is derived (spec 02 §4): payed once a reference is recorded. Each value is its own SQL
 * (a null test takes no parameter), so that the test is written out and the indexes partial on it serve it:
 * bookings_owner_payment_pending_idx "accepted, captured and the owner not paid yet" (the shipped view) as one range,
 * bookings_owner_paid_idx the paid ones newest first. Counted, never estimated: the planner takes the reference's
 * absence as independent of the status, while only accepted bookings are ever paid (it guessed 120,000 bookings
 * awaiting payment among a million where 17,000 were).
 */
function ownerPaymentCondition(value: OwnerPaymentStatus | undefined, oneRange: boolean): ListCondition {
  if (!value) return noCondition;
  return {
    key: `ownerPaymentStatus=${value}`,
    where: value === "pending" ? isNull(bookings.ownerPaymentReference) : isNotNull(bookings.ownerPaymentReference),
    values: {},
    estimable: false,
    // One range of its index: counted up to the cap along it, with one plan too (ListQueries.countGeneric).
    bounded: oneRange,
    onePlan: oneRange,
  };
}

export { listSource as bookingListSource };

/** The booking with everything its detail shows; the timeline reads the trail, the payments and the threads. */
const detailFields = {
  ...listFields,
  updatedAt: bookings.updatedAt,
  canceledAt: bookings.canceledAt,
  ticketsSentAt: bookings.ticketsSentAt,
  ticketsDeliveredAt: bookings.ticketsDeliveredAt,
  ownerTotal: bookings.ownerTotal,
  subtotal: bookings.subtotal,
  guestFeeRate: bookings.guestFeeRate,
  hostFeeRate: bookings.hostFeeRate,
  ivaRate: bookings.ivaRate,
  guestFee: bookings.guestFee,
  hostFee: bookings.hostFee,
  iva: bookings.iva,
  ownerPaymentReference: bookings.ownerPaymentReference,
  address: bookings.address,
  seats: bookings.seats,
  boxVenue: { id: venues.id, name: venues.name },
  ownerId: owners.id,
  ownerMember: {
    id: ownerMembers.id,
    email: ownerMembers.email,
    phone: ownerMembers.phone,
    phoneCountry: ownerMembers.phoneCountry,
  },
  payments: sql<Booking["payments"]>`coalesce((
    select json_agg(json_build_object('id', p.id, 'status', p.status, 'amount', p.amount::text,
      'createdAt', p.created_at, 'updatedAt', p.updated_at) order by p.position)
    from ${bookingPayments} p where p.booking_id = ${bookings.id}), '[]'::json)`,
  bankAccounts: sql<Booking["box"]["user"]["bankAccounts"]>`coalesce((
    select json_agg(json_build_object('bankName', a.bank_name, 'accountNumber', a.account_number,
      'clabeNumber', a.clabe, 'holderName', a.holder_name) order by a.position)
    from ${ownerBankAccounts} a where a.owner_id = ${owners.id}), '[]'::json)`,
  timeline: sql<Booking["timeline"]>`coalesce((select json_agg(t order by t.at, t.kind) from (
      select ${bookings.createdAt} as at, 'created' as kind,
        ${members.firstName} || ' ' || ${members.lastName} as by, 1 as count
      union all
      select p.updated_at, 'paid', null, 1 from ${bookingPayments} p
        where p.booking_id = ${bookings.id} and p.position = 1 and p.status = 'capture'
      union all
      select a.at, case a.action when 'tickets-sent' then 'ticketsSent' when 'tickets-delivered'
          then 'ticketsDelivered' when 'owner-paid' then 'ownerPaid' else 'canceled' end, a.actor_name, 1
        from ${auditLog} a where a.resource = 'bookings' and a.record_id = ${bookings.id}::text
          and a.action in ('tickets-sent', 'tickets-delivered', 'owner-paid', 'cancel')
      union all
      -- A thread's messages, one line per author and day (on the venue's clocks).
      select min(m.created_at),
        case when m.staff_id is not null or m.staff_name is not null then 'staffMessages'
          when m.thread_member_id = ${bookings.buyerId} then 'guestMessages' else 'ownerMessages' end,
        coalesce(m.staff_name, min(w.first_name || ' ' || w.last_name)), count(*)::int
        from ${bookingMessages} m join ${members} w on w.id = m.thread_member_id
        where m.booking_id = ${bookings.id}
        group by m.thread_member_id, m.staff_id, m.staff_name,
          (m.created_at at time zone ${cities.timeZone})::date
    ) t), '[]'::json)`,
};

type DetailRow = ListRow & {
  updatedAt: Date;
  canceledAt: Date | null;
  ticketsSentAt: Date | null;
  ticketsDeliveredAt: Date | null;
  ownerTotal: string;
  subtotal: string;
  guestFeeRate: string;
  hostFeeRate: string;
  ivaRate: string;
  guestFee: string;
  hostFee: string;
  iva: string;
  ownerPaymentReference: string | null;
  address: string | null;
  seats: number;
  boxVenue: { id: number; name: string };
  ownerId: number;
  ownerMember: { id: number; email: string; phone: string; phoneCountry: string };
  payments: Booking["payments"];
  bankAccounts: Booking["box"]["user"]["bankAccounts"];
  timeline: { at: string; kind: Booking["timeline"][number]["kind"]; by: string | null; count: number }[];
};

const detailFrom = (db: Db) =>
  (fromBookings(db, detailFields) as unknown as PgSelect).innerJoin(ownerMembers, eq(ownerMembers.id, owners.memberId));

/** Exact sum of amounts ("18500.00"), in centavos. */
const sum = (amounts: string[]) => amounts.reduce((total, amount) => total + toCents(amount), 0n);

function toBooking(row: DetailRow): Booking {
  const item = toListItem(row);
  const refunds = row.payments.filter((payment) => payment.status === "refund" && payment.id !== row.payments[0]?.id);
  const refundCents = sum(refunds.map((payment) => payment.amount));
  return {
    ...item,
    updatedAt: iso(row.updatedAt)!,
    canceledAt: iso(row.canceledAt),
    ticketsSentAt: iso(row.ticketsSentAt),
    ticketsDeliveredAt: iso(row.ticketsDeliveredAt),
    ownerTotal: row.ownerTotal,
    subtotal: row.subtotal,
    fees: {
      guestRate: row.guestFeeRate,
      hostRate: row.hostFeeRate,
      ivaRate: row.ivaRate,
      guest: row.guestFee,
      host: row.hostFee,
      iva: row.iva,
    },
    ownerPaymentReference: row.ownerPaymentReference,
    ownerPaymentStatus: row.ownerPaymentReference ? "payed" : "pending",
    address: row.address,
    seats: row.seats,
    payments: row.payments.map((payment) => ({
      ...payment,
      createdAt: new Date(payment.createdAt).toISOString(),
      updatedAt: new Date(payment.updatedAt).toISOString(),
    })),
    refundDue: refunds.length > 0 ? fromCents(refundCents) : null,
    box: {
      ...item.box,
      venue: row.boxVenue,
      user: { id: row.ownerMember.id, email: row.ownerMember.email, bankAccounts: row.bankAccounts },
      owner: { id: row.ownerId, phone: row.ownerMember.phone, phoneCountry: row.ownerMember.phoneCountry },
    },
    timeline: row.timeline.map((entry) => ({ ...entry, at: new Date(entry.at).toISOString() })),
  };
}

/** The statement of one booking's detail (exported for bench/bookings.mjs, which runs it under pgbench). */
export const bookingDetailQuery = (db: Db, id: number | Placeholder) =>
  detailFrom(db).where(eq(bookings.id, id)).limit(1);

async function findBooking(db: Db, id: number): Promise<Booking | undefined> {
  const [row] = (await bookingDetailQuery(db, id)) as DetailRow[];
  return row ? toBooking(row) : undefined;
}

/**
 * findBooking as a named statement, prepared once per pooled connection: with its payments, bank accounts and
 * timeline, PostgreSQL took longer to plan the detail than to run it (0.4 ms). Outside transactions only (it runs
 * on the pool, not on a transaction's connection).
 */
export function preparedFindBooking(db: Db): (id: number) => Promise<Booking | undefined> {
  const statement = bookingDetailQuery(db, sql.placeholder("id")).prepare("booking_detail");
  return async (id) => {
    const [row] = (await statement.execute({ id })) as DetailRow[];
    return row ? toBooking(row) : undefined;
  };
}

/** The booking with its row locked until the transaction ends: two actions on one booking take turns. */
async function lockBooking(tx: Db, id: number): Promise<Booking | undefined> {
  const locked = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).for("update");
  return locked.length === 0 ? undefined : findBooking(tx, id);
}

/** The timeline is read from the trail and the threads: recording it again would repeat them. */
const BOOKING_AUDIT_POLICY = { ignore: AUDIT_DERIVED_FIELDS.bookings } as const;

type BookingChange = { ownerPaymentReference?: string | undefined; ticketsSentAt?: string | undefined };

/** Which change a PUT /bookings/{id} asks for (the body holds exactly one): the trail's name for it. */
const changeOf = (body: BookingChange) =>
  body.ownerPaymentReference !== undefined
    ? "owner-paid"
    : body.ticketsSentAt !== undefined
      ? "tickets-sent"
      : "tickets-delivered";

/**
 * The state machine of PUT /bookings/{id}, checked on the locked row: nothing changes on a canceled booking; the
 * tickets are sent once, then delivered once; the owner is paid once (a reference is never overwritten).
 */
function changeValues(before: Booking, body: BookingChange, now: Date) {
  if (before.status === "canceled") throw conflict("BOOKINGS.CANCELED");
  switch (changeOf(body)) {
    case "owner-paid":
      if (before.ownerPaymentReference) throw conflict("BOOKINGS.OWNER_ALREADY_PAID");
      return { ownerPaymentReference: body.ownerPaymentReference!, ownerPaidAt: now };
    case "tickets-sent":
      if (before.ticketsSentAt) throw conflict("BOOKINGS.TICKETS_ALREADY_SENT");
      return { ticketsSentAt: now };
    default:
      if (!before.ticketsSentAt) throw conflict("BOOKINGS.TICKETS_NOT_SENT");
      if (before.ticketsDeliveredAt) throw conflict("BOOKINGS.TICKETS_ALREADY_DELIVERED");
      return { ticketsDeliveredAt: now };
  }
}

const toMessage = (row: {
  id: number;
  message: string;
  createdAt: Date;
  threadMemberId: number;
  memberName: string;
  staffId: number | null;
  staffName: string | null;
}): BookingMessage => {
  const byStaff = row.staffId !== null || row.staffName !== null;
  return {
    id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    author: byStaff
      ? { id: row.staffId ?? 0, name: row.staffName ?? "", kind: "staff" }
      : { id: row.threadMemberId, name: row.memberName, kind: "member" },
    repliedToUser: byStaff ? { id: row.threadMemberId, name: row.memberName } : null,
  };
};

const messageFields = {
  id: bookingMessages.id,
  message: bookingMessages.message,
  createdAt: bookingMessages.createdAt,
  threadMemberId: bookingMessages.threadMemberId,
  memberName: sql<string>`${members.firstName} || ' ' || ${members.lastName}`,
  staffId: bookingMessages.staffId,
  staffName: bookingMessages.staffName,
};

/** 422 unless `userId` is the booking's guest or its box's owner (the two threads a booking has). */
async function checkParticipant(db: Db, bookingId: number, userId: number) {
  const participants = await bookingParticipants(db, bookingId);
  if (!participants) throw notFound();
  if (userId !== participants.guest && userId !== participants.owner) {
    throw unprocessable({ userId: "BOOKINGS.VALIDATION.NOT_A_PARTICIPANT" });
  }
}

/** A message as it appears in one booking thread, read by message id (the answer and the live event). */
export async function readMessage(db: Db, messageId: number): Promise<BookingMessage | undefined> {
  const [row] = await db
    .select(messageFields)
    .from(bookingMessages)
    .innerJoin(members, eq(members.id, bookingMessages.threadMemberId))
    .where(eq(bookingMessages.id, messageId));
  return row ? toMessage(row) : undefined;
}

/**
 * Pushes `bookingMessageStored` {bookingId, userId, message} to the open sockets of every staff member who may read
 * the booking, on every API instance: an open thread shows the message without a reload.
 */
export async function announceMessage(
  app: FastifyInstance,
  bookingId: number,
  userId: number,
  message: BookingMessage,
) {
  if (!app.realtime) return;
  const readers = rowsOf<{ id: number }>(await app.db.execute(staffHolding(["BOOKINGS_SHOW"])));
  for (const reader of readers)
    app.realtime.emitToUser(reader.id, "bookingMessageStored", { bookingId, userId, message });
}

export async function bookingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readBooking = preparedFindBooking(app.db);
  /** The booking after a committed action: read again, so its timeline has the action's own trail entry. */
  const answerAfterWrite = async (id: number): Promise<Booking> => {
    const found = await readBooking(id);
    if (!found) throw notFound();
    return found;
  };

  r.get(
    "/api/bookings",
    {
      config: { permission: "BOOKINGS_INDEX" },
      schema: {
        tags,
        summary: "List bookings, newest first (paged, 12 per page)",
        description:
          "search matches the key, the folio, the guest's name or e-mail, the owner's name and the box's zone and " +
          "number; venueId, boxType, status and paymentStatus (the first payment's) filter.",
        querystring: bookingListQuery,
        response: { 200: bookingsPage, ...errors },
      },
    },
    async (request) => {
      const query = request.query as PageRequest & Record<string, unknown> & { search?: string };
      const order = chosenOrder(query.sort as ListSort | undefined, bookingSorts, listSource.sort);
      const { rows, ...page } = await listPage(app.db, listSource, bookingListCondition(query), query, order);
      return { ...page, lastPage: Math.max(page.pageCount, 1), items: rows.map((row) => toListItem(row as never)) };
    },
  );

  r.get(
    "/api/bookings/:id",
    {
      config: { permission: "BOOKINGS_SHOW" },
      schema: { tags, summary: "One booking", params: idParams, response: { 200: booking, ...errors } },
    },
    async (request) => {
      const found = await readBooking(request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  r.put(
    "/api/bookings/:id",
    {
      config: { permission: "BOOKINGS_UPDATE" },
      schema: {
        tags,
        summary: "Mark the tickets sent or delivered, or record the owner's payment: exactly one per request",
        description:
          "ticketsSentAt and ticketsDeliveredAt are ISO timestamps; the server stamps its own clock. 409 when the " +
          "booking is canceled, the tickets were already sent (or delivered, or not sent yet), or the owner was " +
          "already paid (a reference is never overwritten). 422 for none or more than one change.\n\n" +
          "Recording the owner's payment (ownerPaymentReference) is sensitive: 403 with code STEP_UP_REQUIRED " +
          "unless the session proved a factor (or the password) within STEP_UP_SECONDS; renew with " +
          "POST /api/auth/step-up. The tickets changes are not.",
        params: idParams,
        body: bookingUpdate,
        response: { 200: booking, ...errors },
      },
    },
    async (request) => {
      const id = request.params.id;
      // Money leaves the marketplace on this record's word: a stolen session alone must not be enough.
      if (changeOf(request.body) === "owner-paid") requireStepUp(request);
      const now = new Date();
      await app.db.transaction((tx) =>
        auditedWrite(tx, {
          request,
          resource: "bookings",
          recordId: id,
          action: changeOf(request.body),
          policy: BOOKING_AUDIT_POLICY,
          load: () => lockBooking(tx, id),
          async apply(before) {
            await tx
              .update(bookings)
              .set({ ...changeValues(before, request.body, now), updatedAt: now })
              .where(eq(bookings.id, id));
          },
        }),
      );
      return answerAfterWrite(id);
    },
  );

  r.post(
    "/api/bookings/:id/cancel",
    {
      config: { permission: "BOOKINGS_CANCEL_BOOKING" },
      schema: {
        tags,
        summary: "Cancel a booking: frees the box for its dates and records the refund owed to the guest",
        description: "409 when it is already canceled. Answers the booking as it is now.",
        params: idParams,
        response: { 200: booking, ...errors },
      },
    },
    async (request) => {
      const id = request.params.id;
      const now = new Date();
      const notices: StoredNotification[] = [];
      await app.db.transaction((tx) =>
        auditedWrite(tx, {
          request,
          resource: "bookings",
          recordId: id,
          action: "cancel",
          policy: BOOKING_AUDIT_POLICY,
          load: () => lockBooking(tx, id),
          async apply(before) {
            if (before.status === "canceled") throw conflict("BOOKINGS.ALREADY_CANCELED");
            await tx
              .update(bookings)
              .set({ status: "canceled", canceledAt: now, updatedAt: now })
              .where(eq(bookings.id, id));
            // What the guest paid (captured) or has on hold (authorized) goes back: a refund entry staff see.
            const paid = before.payments
              .filter((payment) => payment.status === "capture" || payment.status === "authorization")
              .map((payment) => payment.amount);
            if (paid.length > 0) {
              const cents = sum(paid);
              await tx.insert(bookingPayments).values({
                bookingId: id,
                position: before.payments.length + 1,
                status: "refund",
                amount: fromCents(cents),
                createdAt: now,
                updatedAt: now,
              });
            }
            // The rest of the staff hear of it (not the one who did it).
            notices.push(
              await storeNotification(tx, {
                kind: "booking-canceled",
                recordId: id,
                member: { id: before.buyer.id, name: `${before.buyer.firstName} ${before.buyer.lastName}` },
                payload: {
                  name: `${before.buyer.firstName} ${before.buyer.lastName}`,
                  key: before.key,
                  box: `${before.box.boxZone} ${before.box.number}`,
                  venue: before.venue.name,
                },
                exceptUserId: request.sessionUser!.id,
                at: now,
              }),
            );
          },
        }),
      );
      deliver(app.realtime, notices);
      return answerAfterWrite(id);
    },
  );

  r.get(
    "/api/bookings/:id/messages",
    {
      config: { permission: "BOOKINGS_SHOW" },
      schema: {
        tags,
        summary: `One thread of a booking (userId: its guest or its owner), ${BOOKING_MESSAGES_PAGE_SIZE} per page`,
        description: "Page 1 holds the newest messages; each page lists its messages newest first.",
        params: idParams,
        querystring: bookingMessagesQuery,
        response: { 200: bookingMessagesPage, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { userId, page } = request.query;
      await checkParticipant(app.db, id, userId);
      const thread = and(eq(bookingMessages.bookingId, id), eq(bookingMessages.threadMemberId, userId));
      const [rows, [counted]] = await Promise.all([
        app.db
          .select(messageFields)
          .from(bookingMessages)
          .innerJoin(members, eq(members.id, bookingMessages.threadMemberId))
          .where(thread)
          .orderBy(desc(bookingMessages.id))
          .limit(BOOKING_MESSAGES_PAGE_SIZE)
          .offset((page - 1) * BOOKING_MESSAGES_PAGE_SIZE),
        app.db.select({ total: count() }).from(bookingMessages).where(thread),
      ]);
      const total = Number(counted?.total ?? 0);
      return {
        items: rows.map(toMessage),
        page,
        pageCount: Math.ceil(total / BOOKING_MESSAGES_PAGE_SIZE),
        total,
      };
    },
  );

  r.post(
    "/api/bookings/:id/messages",
    {
      config: { permission: "BOOKINGS_SHOW" },
      schema: {
        tags,
        summary: "Answer the guest or the owner (userId) in their thread",
        params: idParams,
        body: bookingMessageInput,
        response: { 200: bookingMessage, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { userId, message } = request.body;
      await checkParticipant(app.db, id, userId);
      const staff = request.sessionUser!;
      const [inserted] = await app.db
        .insert(bookingMessages)
        .values({
          bookingId: id,
          threadMemberId: userId,
          staffId: staff.id,
          staffName: `${staff.firstName} ${staff.lastName}`.trim(),
          message,
        })
        .returning({ id: bookingMessages.id });
      const [row] = await app.db
        .select(messageFields)
        .from(bookingMessages)
        .innerJoin(members, eq(members.id, bookingMessages.threadMemberId))
        .where(eq(bookingMessages.id, inserted!.id));
      const answer = toMessage(row!);
      await announceMessage(app, id, userId, answer);
      return answer;
    },
  );
}
