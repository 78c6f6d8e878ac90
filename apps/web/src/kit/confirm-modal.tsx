import { Button, Group, Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** False when what follows the close takes the focus itself (a panel explaining a refusal). */
  returnFocus?: boolean;
};

/** A confirmation dialog; Cancel gets the focus so Enter never confirms a destructive action by accident. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor = "red",
  loading,
  onConfirm,
  onClose,
  returnFocus = true,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={title}
      centered
      returnFocus={returnFocus}
      radius="md"
      closeButtonProps={{ "aria-label": t("COMMON.CLOSE") }}
      styles={{ title: { fontWeight: 600 } }}
    >
      {children && (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      )}
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
          {t("COMMON.CANCEL")}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
