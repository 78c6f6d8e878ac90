import { Anchor, Button, Checkbox, Group, Modal, Stack, Text, VisuallyHidden } from "@mantine/core";
import type { Booking } from "@palco/shared";
import { IconCash, IconExternalLink, IconPackage, IconPackageExport, IconX } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { AUDIT_LOG_KEY } from "@/kit/audit-keys.ts";
import { ConfirmModal } from "@/kit/confirm-modal.tsx";
import { useDetailFeedback } from "@/kit/detail-page.tsx";
import { RefusedButton } from "@/kit/page-header.tsx";
import { type Notice, stepUpDeclinedNotice } from "@/kit/step-up-declined.ts";
import { ApiError, serverMessages } from "@/lib/api.ts";
import { flash } from "@/lib/flash.ts";
import { useCan } from "@/lib/use-can.ts";
import { bookingsApi, cancelBooking, updateBooking } from "./api.ts";
import { allowedActions } from "./booking-view.ts";

/**
 * Where the cancellation policies will live. A placeholder (spec 02 §5: "the policies link is external and a
 * placeholder") until the marketplace publishes them.
 */
export const CANCELLATION_POLICIES_URL = "https://example.com/cancellation-policies";

type Change = { kind: "sent" } | { kind: "delivered" } | { kind: "payOwner"; reference: string } | { kind: "cancel" };
type Dialog = Change["kind"];

const SUCCESS: Record<Dialog, string> = {
  sent: "BOOKINGS.MARKED_SENT",
  delivered: "BOOKINGS.MARKED_DELIVERED",
  payOwner: "BOOKINGS.OWNER_PAID",
  cancel: "BOOKINGS.CANCELED_SUCCESS",
};

/** The stamps are the moment staff confirm; the server records its own clock anyway. */
function request(id: number, change: Change) {
  switch (change.kind) {
    case "sent":
      return updateBooking(id, { ticketsSentAt: new Date().toISOString() });
    case "delivered":
      return updateBooking(id, { ticketsDeliveredAt: new Date().toISOString() });
    case "payOwner":
      return updateBooking(id, { ownerPaymentReference: change.reference });
    case "cancel":
      return cancelBooking(id);
  }
}

// Loaded as the booking shows (rendered, it asks for its code), not before: see pay-owner-dialog.tsx.
const PayOwnerDialog = lazy(() => import("./pay-owner-dialog.tsx"));

/**
 * The header actions of a booking (spec 02 §4): mark the tickets sent, then delivered; record the owner's payment;
 * cancel. Each shows only while the booking's state allows it (cancel stays, disabled, once canceled, saying why)
 * and to staff holding its permission. The server's answer replaces the booking on screen; a failure closes the
 * dialog and the page's alert says why (a declined step-up does not: the dialog stays, with what was typed).
 */
export function BookingActions({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const canUpdate = useCan("BOOKINGS_UPDATE");
  const canCancel = useCan("BOOKINGS_CANCEL_BOOKING");
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const report = useDetailFeedback();
  const [open, setOpen] = useState<Dialog | null>(null);
  const [policiesAccepted, setPoliciesAccepted] = useState(false);
  /** The member closed "Confirm it is you": the dialog stays, with what was typed, and says the action was not done. */
  const [declined, setDeclined] = useState<Notice | null>(null);
  const newTabId = useId();
  const allowed = allowedActions(booking);
  const detailKey = bookingsApi.keys.detail(booking.id);

  /** Each opening of the payment dialog mounts a fresh form. */
  const [paymentAttempt, setPaymentAttempt] = useState(0);
  const [referenceRefusal, setReferenceRefusal] = useState<{ message: string } | null>(null);

  const change = useMutation({
    mutationFn: (next: Change) => request(booking.id, next),
    onSuccess: (answer, next) => {
      client.setQueryData(detailKey, answer);
      void client.invalidateQueries({ queryKey: bookingsApi.keys.lists });
      void client.invalidateQueries({ queryKey: [AUDIT_LOG_KEY] });
      // The answer is read before the action is written to the trail: read again for the timeline's new line.
      void client.invalidateQueries({ queryKey: detailKey });
      setOpen(null);
      navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, preventScrollReset: true, ...flash(SUCCESS[next.kind]) },
      );
    },
    onError: (error, next) => {
      const notice = stepUpDeclinedNotice(error, t);
      if (notice) {
        setDeclined(notice);
        return;
      }
      // A reference the server found wanting stays in the dialog, under the field.
      const reference = error instanceof ApiError ? error.messages.ownerPaymentReference : undefined;
      if (next.kind === "payOwner" && reference) {
        setReferenceRefusal({ message: reference });
        return;
      }
      setOpen(null);
      report(t("BOOKINGS.ACTION_ERROR"), serverMessages(error));
      // Refused because the booking changed meanwhile (409): show it as it is now.
      void client.invalidateQueries({ queryKey: detailKey });
    },
  });

  const close = () => {
    if (change.isPending) return;
    setOpen(null);
    setDeclined(null);
  };
  const confirmText = (action: string) => t("BOOKINGS.CONFIRM", { action: t(action) });
  const submitPayment = (reference: string) => {
    setDeclined(null);
    change.mutate({ kind: "payOwner", reference });
  };

  return (
    <>
      {canUpdate && allowed.markSent && (
        <Button leftSection={<IconPackageExport size={16} />} onClick={() => setOpen("sent")}>
          {t("BOOKINGS.ACTIONS.MARK_SENT")}
        </Button>
      )}
      {canUpdate && allowed.markDelivered && (
        <Button leftSection={<IconPackage size={16} />} onClick={() => setOpen("delivered")}>
          {t("BOOKINGS.ACTIONS.MARK_DELIVERED")}
        </Button>
      )}
      {canUpdate && allowed.payOwner && (
        <Button
          variant="light"
          color="teal"
          leftSection={<IconCash size={16} />}
          onClick={() => {
            setPaymentAttempt((attempt) => attempt + 1);
            setReferenceRefusal(null);
            setOpen("payOwner");
          }}
        >
          {t("BOOKINGS.ACTIONS.PAY_OWNER")}
        </Button>
      )}
      {canCancel &&
        (allowed.cancel ? (
          <Button
            variant="outline"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => {
              setPoliciesAccepted(false);
              setOpen("cancel");
            }}
          >
            {t("BOOKINGS.ACTIONS.CANCEL")}
          </Button>
        ) : (
          <RefusedButton
            refusal={t("BOOKINGS.ALREADY_CANCELED")}
            variant="outline"
            color="red"
            leftSection={<IconX size={16} />}
          >
            {t("BOOKINGS.ACTIONS.CANCEL")}
          </RefusedButton>
        ))}

      <ConfirmModal
        opened={open === "sent"}
        title={t("BOOKINGS.ACTIONS.MARK_SENT")}
        confirmLabel={t("BOOKINGS.ACTIONS.MARK_SENT")}
        confirmColor="teal"
        loading={change.isPending}
        onConfirm={() => change.mutate({ kind: "sent" })}
        onClose={close}
      >
        {confirmText("BOOKINGS.MARK_SENT_ACTION")}
      </ConfirmModal>
      <ConfirmModal
        opened={open === "delivered"}
        title={t("BOOKINGS.ACTIONS.MARK_DELIVERED")}
        confirmLabel={t("BOOKINGS.ACTIONS.MARK_DELIVERED")}
        confirmColor="teal"
        loading={change.isPending}
        onConfirm={() => change.mutate({ kind: "delivered" })}
        onClose={close}
      >
        {confirmText("BOOKINGS.MARK_DELIVERED_ACTION")}
      </ConfirmModal>

      {/* Once opened it stays, so that it closes as the others do when the payment takes its button away. */}
      {canUpdate && (allowed.payOwner || paymentAttempt > 0) && (
        <Suspense fallback={null}>
          <PayOwnerDialog
            key={paymentAttempt}
            booking={booking}
            opened={open === "payOwner"}
            pending={change.isPending}
            declined={declined}
            onDismissDeclined={() => setDeclined(null)}
            refusal={referenceRefusal}
            onSubmit={submitPayment}
            onClose={close}
          />
        </Suspense>
      )}

      <Modal
        opened={open === "cancel"}
        onClose={close}
        title={t("BOOKINGS.CANCEL_TITLE", { key: booking.key })}
        centered
        radius="md"
        closeButtonProps={{ "aria-label": t("COMMON.CLOSE") }}
        styles={{ title: { fontWeight: 600 } }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("BOOKINGS.CANCEL_TEXT")}
          </Text>
          <Anchor
            href={CANCELLATION_POLICIES_URL}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            aria-describedby={newTabId}
          >
            {t("BOOKINGS.READ_POLICIES")}
            <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: "-2px" }} />
          </Anchor>
          <VisuallyHidden id={newTabId}>{t("BOOKINGS.OPENS_IN_NEW_TAB")}</VisuallyHidden>
          <Checkbox
            label={t("BOOKINGS.ACCEPT_POLICIES")}
            checked={policiesAccepted}
            onChange={(event) => setPoliciesAccepted(event.currentTarget.checked)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              {t("BOOKINGS.KEEP")}
            </Button>
            <Button
              color="red"
              disabled={!policiesAccepted}
              loading={change.isPending}
              onClick={() => change.mutate({ kind: "cancel" })}
            >
              {t("BOOKINGS.ACTIONS.CANCEL")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
