import { Anchor, Group, Stack, Text } from "@mantine/core";
import type { Booking, BookingListItem } from "@palco/shared";
import {
  BOOKING_STATUSES,
  BOOKING_TYPES,
  OWNER_PAYMENT_STATUSES,
  PAYMENT_STATUSES,
  ticketStatusOf,
} from "@palco/shared/resources/bookings-values";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "@/kit/format.ts";
import { defineResource, FIELD_LINE_GAP, type Field, type OptionsState } from "@/kit/resource.ts";
import { useVenueFilterOptions } from "@/lib/lookups.ts";
import { bookingsApi } from "./api.ts";
import { BookingStatusBadge, OwnerPaymentBadge, PaymentStatusBadge, TicketStatusBadge } from "./badges.tsx";
import { venueDateTime } from "./booking-view.ts";
import { BookingActions, BookingMessages, BookingTimeline, PaymentsAndFees } from "./detail-parts.ts";
import { bookingsMeta } from "./meta.ts";

const F = "BOOKINGS.FIELDS";

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
/** "Platino 101": how staff name a box (zone, then number). */
const boxName = (booking: BookingListItem) => `${booking.box.boxZone} ${booking.box.number}`;
/** "+52 3312345678": the calling code, then the number. */
const phone = (person: { phone: string; phoneCountry: string }) => `+${person.phoneCountry} ${person.phone}`;
const onVenueClock = (booking: BookingListItem, instant: string) => venueDateTime(instant, booking.venue.timeZone);

/** A fixed list of values as filter options, labelled by their translations. */
function useEnumOptions(values: readonly string[], ns: string): OptionsState {
  const { t } = useTranslation();
  return { data: values.map((value) => ({ value, label: t(`${ns}.${value}`) })), isLoading: false, isError: false };
}
const useBookingTypeOptions = () => useEnumOptions(BOOKING_TYPES, "BOOKINGS.TYPES");
const useBookingStatusOptions = () => useEnumOptions(BOOKING_STATUSES, "BOOKINGS.STATUSES");
const usePaymentStatusOptions = () => useEnumOptions(PAYMENT_STATUSES, "BOOKINGS.PAYMENT_STATUSES");
const useOwnerPaymentStatusOptions = () => useEnumOptions(OWNER_PAYMENT_STATUSES, "BOOKINGS.OWNER_PAYMENT_STATUSES");

/** One event (named) or a season (spec 02 §2: the type, with the event name for one-time bookings). */
const bookingType = (booking: Booking, t: TFunction) =>
  booking.boxType === "onetime" && booking.event
    ? t("BOOKINGS.TYPE_WITH_EVENT", { event: booking.event.name })
    : t(`BOOKINGS.TYPES.${booking.boxType}`);

/**
 * The event's start, or the season's first and last moments, on the venue's clock, and under them which clock: always
 * two lines (the field's placeholder is two lines tall), so nothing below moves when the booking arrives.
 */
const bookingDates = (booking: Booking, t: TFunction) => (
  <Stack gap={FIELD_LINE_GAP}>
    <Text span inherit>
      {booking.boxType === "onetime"
        ? onVenueClock(booking, booking.startsAt)
        : t("BOOKINGS.RANGE", {
            from: onVenueClock(booking, booking.startsAt),
            to: onVenueClock(booking, booking.endsAt),
          })}
    </Text>
    <Text span size="sm" c="dimmed">
      {t("BOOKINGS.VENUE_CLOCK", { zone: booking.venue.timeZone })}
    </Text>
  </Stack>
);

/** The total, and under it what must go back to the guest after a cancellation (in the warning colour). */
const totalWithRefund = (booking: Booking, t: TFunction) => (
  <>
    <Text span inherit fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
      {formatMoney(booking.total)}
    </Text>
    {booking.refundDue !== null && (
      <Group gap={4} mt={4} wrap="nowrap" c="orange" data-testid="refund-due">
        <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text span size="sm" fw={600}>
          {t("BOOKINGS.REFUND_DUE", { amount: formatMoney(booking.refundDue) })}
        </Text>
      </Group>
    )}
  </>
);

/**
 * A ticket stamp on the venue's clock, or Pending: in the format of every other date on screen, not spec 02 §9's
 * "YYYY-MM-DD HH:mm:ss" (one date format everywhere; docs/decisions.md, Screens).
 */
const ticketDate = (booking: Booking, instant: string | null, t: TFunction) =>
  instant ? (
    <time dateTime={instant}>{venueDateTime(instant, booking.venue.timeZone)}</time>
  ) : (
    <Text span inherit c="dimmed">
      {t("BOOKINGS.PENDING")}
    </Text>
  );

type BankAccount = Booking["box"]["user"]["bankAccounts"][number];

/** A detail of the owner's first bank account, where they are paid (spec 02 §2: the others are not shown). */
const accountValue =
  (pick: (account: BankAccount) => string, mono = false) =>
  (booking: Booking, t: TFunction) => {
    const account = booking.box.user.bankAccounts[0];
    return account ? (
      <Text span inherit ff={mono ? "monospace" : undefined}>
        {pick(account)}
      </Text>
    ) : (
      <Text span inherit c="dimmed">
        {t("BOOKINGS.NO_BANK_ACCOUNT")}
      </Text>
    );
  };

const clientFields: Field<Booking>[] = [
  { key: "buyerId", label: `${F}.ID`, value: (booking) => booking.buyer.id },
  { key: "buyerName", label: `${F}.NAME`, value: (booking) => fullName(booking.buyer) },
  { key: "buyerEmail", label: `${F}.EMAIL`, value: (booking) => booking.buyer.email },
  { key: "buyerPhone", label: `${F}.PHONE`, value: (booking) => phone(booking.buyer) },
];

const ticketFields: Field<Booking>[] = [
  {
    key: "ticketStatus",
    label: `${F}.TICKET_STATUS`,
    value: (booking) => <TicketStatusBadge status={ticketStatusOf(booking)} />,
  },
  {
    key: "ticketsSentAt",
    label: `${F}.TICKETS_SENT_AT`,
    value: (booking, t) => ticketDate(booking, booking.ticketsSentAt, t),
  },
  {
    key: "ticketsDeliveredAt",
    label: `${F}.TICKETS_DELIVERED_AT`,
    value: (booking, t) => ticketDate(booking, booking.ticketsDeliveredAt, t),
  },
];

const ownerFields: Field<Booking>[] = [
  {
    key: "ownerId",
    label: `${F}.ID`,
    value: (booking) => (
      <Anchor component={Link} to={`/owners/${booking.box.owner.id}`}>
        {booking.box.owner.id}
      </Anchor>
    ),
  },
  { key: "ownerName", label: `${F}.NAME`, value: (booking) => booking.box.userName },
  { key: "ownerEmail", label: `${F}.EMAIL`, value: (booking) => booking.box.user.email },
  { key: "ownerPhone", label: `${F}.PHONE`, value: (booking) => phone(booking.box.owner) },
  { key: "bankName", label: `${F}.BANK_NAME`, value: accountValue((account) => account.bankName) },
  { key: "accountNumber", label: `${F}.ACCOUNT_NUMBER`, value: accountValue((account) => account.accountNumber, true) },
  { key: "clabeNumber", label: `${F}.CLABE_NUMBER`, value: accountValue((account) => account.clabeNumber, true) },
  {
    key: "ownerTotal",
    label: `${F}.OWNER_TOTAL`,
    value: (booking) => (
      <Text span inherit fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
        {formatMoney(booking.ownerTotal)}
      </Text>
    ),
  },
  {
    key: "ownerPaymentStatus",
    label: `${F}.OWNER_PAYMENT_STATUS`,
    value: (booking) => <OwnerPaymentBadge status={booking.ownerPaymentStatus} />,
  },
  {
    key: "ownerPaymentReference",
    label: `${F}.PAYMENT_REFERENCE`,
    value: (booking) =>
      booking.ownerPaymentReference ? (
        <Text span inherit ff="monospace" style={{ overflowWrap: "anywhere" }}>
          {booking.ownerPaymentReference}
        </Text>
      ) : (
        "-"
      ),
  },
];

export default defineResource({
  meta: bookingsMeta,
  api: bookingsApi,
  recordLabel: (booking: Booking) => booking.key,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      { key: "client", label: `${F}.CLIENT`, link: true, value: (booking) => fullName(booking.buyer) },
      { key: "owner", label: `${F}.OWNER`, value: (booking) => booking.box.userName },
      { key: "box", label: `${F}.BOX`, nowrap: true, value: boxName },
      { key: "boxType", label: `${F}.BOX_TYPE`, kind: "enum", enumKey: "BOOKINGS.TYPES" },
      { key: "venue", label: `${F}.VENUE`, value: (booking) => booking.venue.name },
      {
        key: "status",
        label: `${F}.STATUS`,
        sort: "status",
        value: (booking) => <BookingStatusBadge status={booking.status} />,
      },
      {
        key: "paymentStatus",
        label: `${F}.PAYMENT_STATUS`,
        value: (booking) => <PaymentStatusBadge status={booking.payment?.status} />,
      },
    ],
    // The query names the API reads (spec 02 §7): venueId, boxType, status, paymentStatus; and ownerPaymentStatus.
    filters: [
      { name: "venueId", label: `${F}.VENUE`, kind: "autocomplete", useOptions: useVenueFilterOptions },
      { name: "boxType", label: `${F}.BOX_TYPE`, kind: "select", useOptions: useBookingTypeOptions },
      { name: "status", label: `${F}.STATUS`, kind: "select", useOptions: useBookingStatusOptions },
      { name: "paymentStatus", label: `${F}.PAYMENT_STATUS`, kind: "select", useOptions: usePaymentStatusOptions },
      {
        name: "ownerPaymentStatus",
        label: `${F}.OWNER_PAYMENT_STATUS`,
        kind: "select",
        useOptions: useOwnerPaymentStatusOptions,
      },
    ],
    phone: { primary: "client", secondary: ["box", "venue", "status"] },
  },
  detail: {
    // The General card (spec 02 §2); the Client, Ticket status and Owner cards follow as sections.
    fieldsTitle: "BOOKINGS.SECTIONS.GENERAL",
    fields: [
      { key: "key", label: `${F}.KEY` },
      { key: "boxType", label: `${F}.TYPE`, value: bookingType },
      { key: "dates", label: `${F}.DATES`, value: bookingDates, lines: 2 },
      { key: "status", label: `${F}.STATUS`, value: (booking) => <BookingStatusBadge status={booking.status} /> },
      {
        key: "paymentStatus",
        label: `${F}.PAYMENT_STATUS`,
        value: (booking) => <PaymentStatusBadge status={booking.payment?.status} />,
      },
      { key: "createdAt", label: `${F}.CREATED_AT`, value: (booking) => onVenueClock(booking, booking.createdAt) },
      { key: "total", label: `${F}.TOTAL`, value: totalWithRefund },
    ],
    sections: [
      { key: "client", title: "BOOKINGS.SECTIONS.CLIENT", fields: clientFields },
      { key: "tickets", title: "BOOKINGS.SECTIONS.TICKETS", fields: ticketFields },
      { key: "owner", title: "BOOKINGS.SECTIONS.OWNER", fields: ownerFields },
      {
        key: "payments",
        title: "BOOKINGS.SECTIONS.PAYMENTS",
        render: (booking) => <PaymentsAndFees booking={booking} />,
      },
      {
        key: "timeline",
        title: "BOOKINGS.SECTIONS.TIMELINE",
        render: (booking) => <BookingTimeline booking={booking} />,
      },
    ],
    // The timeline tells the booking's story from the trail; the raw trail would repeat it.
    history: false,
    badge: (booking) => <BookingStatusBadge status={booking.status} />,
    actions: (booking) => <BookingActions booking={booking} />,
    tabs: [
      { key: "info", label: "BOOKINGS.TABS.INFO" },
      { key: "messages", label: "BOOKINGS.TABS.MESSAGES", render: (booking) => <BookingMessages booking={booking} /> },
    ],
    // Spec 02 §8: the booking detail's load error reads as the services' one.
    loadErrorText: "SERVICES.ERROR_MODAL_TEXT",
  },
});
