import type { BookingStatus, OwnerPaymentStatus, PaymentStatus, TicketStatus } from "@palco/shared";
import { useTranslation } from "react-i18next";
import { StateBadge } from "@/kit/status-badge.tsx";
import { BOOKING_STATUS_COLORS, PAYMENT_STATUS_COLORS } from "./booking-view.ts";

const OWNER_PAYMENT_COLORS: Record<OwnerPaymentStatus, string> = { pending: "orange", payed: "teal" };
const TICKET_COLORS: Record<TicketStatus, string> = { pending: "gray", sent: "blue", delivered: "teal" };

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <StateBadge
      color={BOOKING_STATUS_COLORS[status]}
      label={t(`BOOKINGS.STATUSES.${status}`)}
      testId="booking-status"
    />
  );
}

/** The first payment's status, or "-" before any payment exists. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus | null | undefined }) {
  const { t } = useTranslation();
  if (!status) return "-";
  return (
    <StateBadge
      color={PAYMENT_STATUS_COLORS[status]}
      label={t(`BOOKINGS.PAYMENT_STATUSES.${status}`)}
      testId="payment-status"
    />
  );
}

export function OwnerPaymentBadge({ status }: { status: OwnerPaymentStatus }) {
  const { t } = useTranslation();
  return (
    <StateBadge
      color={OWNER_PAYMENT_COLORS[status]}
      label={t(`BOOKINGS.OWNER_PAYMENT_STATUSES.${status}`)}
      testId="owner-payment-status"
    />
  );
}

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <StateBadge color={TICKET_COLORS[status]} label={t(`BOOKINGS.TICKET_STATUSES.${status}`)} testId="ticket-status" />
  );
}
