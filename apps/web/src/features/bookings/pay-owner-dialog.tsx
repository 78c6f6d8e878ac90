import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type Booking, ownerPaymentForm, PAYMENT_REFERENCE_MAX_LENGTH } from "@palco/shared";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ErrorAlert } from "@/kit/error-alert.tsx";
import { useErrorText } from "@/kit/error-text.ts";
import { formatMoney } from "@/kit/format.ts";
import type { Notice } from "@/kit/step-up-declined.ts";

type OwnerPaymentValues = z.input<typeof ownerPaymentForm>;

export type PayOwnerDialogProps = {
  booking: Booking;
  opened: boolean;
  pending: boolean;
  /** The member closed "Confirm it is you": said above the field, which keeps what was typed. */
  declined: Notice | null;
  onDismissDeclined: () => void;
  /** What the server found wanting in the reference; a new object each time, so the same text is shown again. */
  refusal: { message: string } | null;
  onSubmit: (reference: string) => void;
  onClose: () => void;
};

/**
 * "Record owner payment" (spec 02 §4): the payment reference, checked with the shared schema before it is sent.
 * A module of its own, loaded once the booking is on screen: its form brings react-hook-form and zod, which the
 * booking's first paint does not need. Mounted afresh for each opening (the caller's `key`), so it opens empty.
 */
export default function PayOwnerDialog({
  booking,
  opened,
  pending,
  declined,
  onDismissDeclined,
  refusal,
  onSubmit,
  onClose,
}: PayOwnerDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<OwnerPaymentValues>({
    resolver: zodResolver(ownerPaymentForm),
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    defaultValues: { ownerPaymentReference: "" },
  });
  const { setError } = form;

  useEffect(() => {
    if (refusal) setError("ownerPaymentReference", { type: "server", message: refusal.message }, { shouldFocus: true });
  }, [refusal, setError]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("BOOKINGS.ACTIONS.PAY_OWNER")}
      centered
      radius="md"
      closeButtonProps={{ "aria-label": t("COMMON.CLOSE") }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values.ownerPaymentReference))}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("BOOKINGS.PAY_OWNER_TEXT", { owner: booking.box.userName, amount: formatMoney(booking.ownerTotal) })}
          </Text>
          {declined && (
            <ErrorAlert message={declined.text} neutral resetKey={declined.at} onClose={onDismissDeclined} />
          )}
          <TextInput
            {...form.register("ownerPaymentReference")}
            label={t("BOOKINGS.FIELDS.PAYMENT_REFERENCE")}
            description={t("BOOKINGS.REFERENCE_HINT")}
            error={errorText(form.formState.errors.ownerPaymentReference)}
            maxLength={PAYMENT_REFERENCE_MAX_LENGTH}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t("COMMON.CANCEL")}
            </Button>
            <Button type="submit" color="teal" loading={pending}>
              {t("BOOKINGS.PAY_OWNER_CONFIRM")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
