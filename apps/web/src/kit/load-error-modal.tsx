import { Button, Group, Modal, Text, ThemeIcon } from "@mantine/core";
import { IconCloudOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

type Props = {
  opened: boolean;
  /** Already translated per-entity text (e.g. COUNTRIES.ERROR_MODAL_TEXT). */
  text: string;
  retrying?: boolean;
  onBack: () => void;
  onRetry: () => void;
};

/** Shown when a detail or edit page cannot load its record: Back (to the list) or Retry. */
export function LoadErrorModal({ opened, text, retrying, onBack, onRetry }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onBack}
      withCloseButton={false}
      closeOnClickOutside={false}
      centered
      radius="md"
      title={
        <Group gap="sm">
          <ThemeIcon color="red" variant="light" radius="xl">
            <IconCloudOff size={18} />
          </ThemeIcon>
          <Text fw={600}>{t("ERRORS.MODAL_TITLE")}</Text>
        </Group>
      }
    >
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onBack}>
          {t("COMMON.BACK")}
        </Button>
        <Button onClick={onRetry} loading={retrying} data-autofocus>
          {t("COMMON.RETRY")}
        </Button>
      </Group>
    </Modal>
  );
}
