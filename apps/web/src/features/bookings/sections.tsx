import { Box, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from "@mantine/core";
import type { Booking, BookingTimelineEntry } from "@palco/shared";
import {
  IconBan,
  IconCash,
  IconCreditCard,
  IconMessage,
  IconPackage,
  IconPackageExport,
  IconShoppingCart,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/kit/format.ts";
import { PaymentStatusBadge } from "./badges.tsx";
import { venueDateTime } from "./booking-view.ts";

const numbers = { fontVariantNumeric: "tabular-nums" } as const;

function Amounts({ rows }: { rows: [label: string, amount: string, strong?: boolean][] }) {
  return (
    <Stack component="dl" gap={6} m={0}>
      {rows.map(([label, amount, strong]) => (
        <Group key={label} justify="space-between" gap="md" wrap="nowrap">
          <Text component="dt" size="sm" c={strong ? undefined : "dimmed"} fw={strong ? 600 : undefined}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} fw={strong ? 600 : undefined} style={numbers}>
            {formatMoney(amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The guest's payments (the first one's status is the booking's), and how the total splits into price and fees. */
export function PaymentsAndFees({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const { fees } = booking;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <Box>
        <Title order={3} fz="sm" fw={600} mb="xs">
          {t("BOOKINGS.PAYMENTS.TITLE")}
        </Title>
        {booking.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("BOOKINGS.PAYMENTS.NONE")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="xs" aria-label={t("BOOKINGS.PAYMENTS.TITLE")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("BOOKINGS.PAYMENTS.STATUS")}</Table.Th>
                  <Table.Th ta="right">{t("BOOKINGS.PAYMENTS.AMOUNT")}</Table.Th>
                  <Table.Th>{t("BOOKINGS.PAYMENTS.UPDATED_AT")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {booking.payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>
                      <PaymentStatusBadge status={payment.status} />
                    </Table.Td>
                    <Table.Td ta="right" style={numbers}>
                      {formatMoney(payment.amount)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {venueDateTime(payment.updatedAt, booking.venue.timeZone)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Box>
      <Box>
        <Title order={3} fz="sm" fw={600} mb="xs">
          {t("BOOKINGS.FEES.TITLE")}
        </Title>
        <Amounts
          rows={[
            [t("BOOKINGS.FEES.SUBTOTAL"), booking.subtotal],
            [t("BOOKINGS.FEES.GUEST_FEE", { rate: fees.guestRate }), fees.guest],
            [t("BOOKINGS.FEES.HOST_FEE", { rate: fees.hostRate }), fees.host],
            [t("BOOKINGS.FEES.IVA", { rate: fees.ivaRate }), fees.iva],
            [t("BOOKINGS.FEES.TOTAL"), booking.total, true],
            [t("BOOKINGS.FEES.OWNER_TOTAL"), booking.ownerTotal, true],
          ]}
        />
      </Box>
    </SimpleGrid>
  );
}

const TIMELINE_ICONS: Record<BookingTimelineEntry["kind"], ReactNode> = {
  created: <IconShoppingCart size={14} />,
  paid: <IconCreditCard size={14} />,
  guestMessages: <IconMessage size={14} />,
  ownerMessages: <IconMessage size={14} />,
  staffMessages: <IconMessage size={14} />,
  ticketsSent: <IconPackageExport size={14} />,
  ticketsDelivered: <IconPackage size={14} />,
  ownerPaid: <IconCash size={14} />,
  canceled: <IconBan size={14} />,
};

/** What happened to the booking, oldest first: who did what, and when (on the venue's clock). */
export function BookingTimeline({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  if (booking.timeline.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("BOOKINGS.TIMELINE.EMPTY")}
      </Text>
    );
  }
  return (
    <Timeline active={booking.timeline.length - 1} bulletSize={26} lineWidth={2}>
      {booking.timeline.map((entry) => (
        <Timeline.Item
          key={`${entry.at}-${entry.kind}-${entry.by ?? ""}`}
          bullet={<span aria-hidden>{TIMELINE_ICONS[entry.kind]}</span>}
          title={t(`BOOKINGS.TIMELINE.${entry.kind}`, { count: entry.count })}
        >
          <Text size="sm" c="dimmed">
            {entry.by ?? t("BOOKINGS.TIMELINE.MARKETPLACE")}
            {" · "}
            <time dateTime={entry.at}>{venueDateTime(entry.at, booking.venue.timeZone)}</time>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
