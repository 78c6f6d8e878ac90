import { bookingListQuery, type ListSort, ticketStatusOf } from "@palco/shared";
import { eq } from "drizzle-orm";
import type { PgSelect, SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db.ts";
import { chosenOrder, type ListSource } from "../../platform/list-query.ts";
import { bookings, boxes, cities, events, members, owners, venues } from "../../platform/schema.ts";
import { type ExportDeclaration, money, text, whole } from "../exports/declaration.ts";
import { bookingListCondition, bookingListSource, bookingSorts, fromBookings } from "./routes.ts";

/** A booking as its export reads it: the list's fields and the detail's money, flat, joined for the batch's rows. */
const exportFields = {
  id: bookings.id,
  key: bookings.key,
  folio: bookings.folio,
  status: bookings.status,
  boxType: bookings.boxType,
  event: events.name,
  venue: venues.name,
  timeZone: cities.timeZone,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  boxNumber: boxes.number,
  boxZone: boxes.zone,
  owner: owners.name,
  guestFirstName: members.firstName,
  guestLastName: members.lastName,
  guestEmail: members.email,
  guestPhone: members.phone,
  guestPhoneCountry: members.phoneCountry,
  total: bookings.total,
  subtotal: bookings.subtotal,
  guestFee: bookings.guestFee,
  hostFee: bookings.hostFee,
  iva: bookings.iva,
  ownerTotal: bookings.ownerTotal,
  paymentStatus: bookings.paymentStatus,
  ownerPaymentReference: bookings.ownerPaymentReference,
  ticketsSentAt: bookings.ticketsSentAt,
  ticketsDeliveredAt: bookings.ticketsDeliveredAt,
  seats: bookings.seats,
  canceledAt: bookings.canceledAt,
  createdAt: bookings.createdAt,
};

type ExportRow = {
  id: number;
  key: string;
  folio: string;
  status: string;
  boxType: string;
  event: string | null;
  venue: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  boxNumber: string;
  boxZone: string;
  owner: string;
  guestFirstName: string;
  guestLastName: string;
  guestEmail: string;
  guestPhone: string;
  guestPhoneCountry: string;
  total: string;
  subtotal: string;
  guestFee: string;
  hostFee: string;
  iva: string;
  ownerTotal: string;
  paymentStatus: string | null;
  ownerPaymentReference: string | null;
  ticketsSentAt: Date | null;
  ticketsDeliveredAt: Date | null;
  seats: number;
  canceledAt: Date | null;
  createdAt: Date;
};

/** The list's own order and table (newest first, chosen on `bookings` alone), joined only for the batch's rows. */
const exportSource: ListSource<SelectedFields> = {
  ...(bookingListSource as unknown as ListSource<SelectedFields>),
  fields: exportFields,
  from: (db: Db, fields: SelectedFields) =>
    fromBookings(db, fields).leftJoin(events, eq(events.id, bookings.eventId)) as unknown as PgSelect,
};

/** What the booking's detail adds to the list: read only by members who may open a booking. */
const DETAIL = "BOOKINGS_SHOW" as const;

export const bookingExport: ExportDeclaration<ExportRow> = {
  resource: "bookings",
  permission: "BOOKINGS_INDEX",
  personal: true,
  listQuery: bookingListQuery,
  rows: (_db, query) => ({
    source: exportSource,
    condition: bookingListCondition(query as never),
    // The order the list was sorted by (`sort`), else its own (newest first).
    order: chosenOrder(query.sort as ListSort | undefined, bookingSorts, bookingListSource.sort),
    map: (row) => row as unknown as ExportRow,
  }),
  columns: [
    { header: "key", value: (row) => text(row.key), width: 14 },
    { header: "folio", value: (row) => text(row.folio), width: 10 },
    { header: "status", value: (row, c) => c.label("BOOKING_STATUSES", row.status) },
    { header: "boxType", value: (row, c) => c.label("BOOKING_TYPES", row.boxType) },
    { header: "event", value: (row) => text(row.event), width: 30 },
    { header: "venue", value: (row) => text(row.venue), width: 26 },
    { header: "startsAt", value: (row, c) => c.instant(row.startsAt, row.timeZone), width: 20 },
    { header: "endsAt", value: (row, c) => c.instant(row.endsAt, row.timeZone), width: 20 },
    { header: "timeZone", value: (row) => text(row.timeZone), width: 20 },
    { header: "boxNumber", value: (row) => text(row.boxNumber), width: 10 },
    { header: "boxZone", value: (row) => text(row.boxZone) },
    { header: "owner", value: (row) => text(row.owner), width: 26 },
    { header: "guest", value: (row) => text(`${row.guestFirstName} ${row.guestLastName}`), width: 26 },
    { header: "guestEmail", value: (row) => text(row.guestEmail), width: 30 },
    { header: "guestPhone", value: (row) => text(`+${row.guestPhoneCountry} ${row.guestPhone}`) },
    { header: "total", value: (row) => money(row.total), width: 14 },
    { header: "paymentStatus", value: (row, c) => c.label("PAYMENT_STATUSES", row.paymentStatus) },
    {
      header: "ticketStatus",
      value: (row, c) =>
        c.label(
          "TICKET_STATUSES",
          ticketStatusOf({
            ticketsSentAt: row.ticketsSentAt ? "sent" : null,
            ticketsDeliveredAt: row.ticketsDeliveredAt ? "delivered" : null,
          }),
        ),
    },
    { header: "createdAt", value: (row, c) => c.instant(row.createdAt, row.timeZone), width: 20 },
    { header: "seats", value: (row) => whole(row.seats), permission: DETAIL },
    { header: "subtotal", value: (row) => money(row.subtotal), permission: DETAIL, width: 14 },
    { header: "guestFee", value: (row) => money(row.guestFee), permission: DETAIL, width: 14 },
    { header: "hostFee", value: (row) => money(row.hostFee), permission: DETAIL, width: 14 },
    { header: "iva", value: (row) => money(row.iva), permission: DETAIL, width: 14 },
    { header: "ownerTotal", value: (row) => money(row.ownerTotal), permission: DETAIL, width: 14 },
    {
      header: "ownerPaymentStatus",
      value: (row, c) => c.label("OWNER_PAYMENT_STATUSES", row.ownerPaymentReference ? "payed" : "pending"),
      permission: DETAIL,
    },
    { header: "ownerPaymentReference", value: (row) => text(row.ownerPaymentReference), permission: DETAIL },
    { header: "canceledAt", value: (row, c) => c.instant(row.canceledAt, row.timeZone), permission: DETAIL },
  ],
};
