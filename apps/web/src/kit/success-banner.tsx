import { Alert } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useFlashMessage } from "@/lib/flash.ts";

/** The green banner for a success message passed along on a redirect (`navigate(to, flash("X.CREATED"))`). */
export function SuccessBanner() {
  const { t } = useTranslation();
  const [message, dismiss] = useFlashMessage();
  if (!message) return null;
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck />}
      withCloseButton
      closeButtonLabel={t("COMMON.CLOSE")}
      onClose={dismiss}
      mb="lg"
      data-testid="success-banner"
    >
      {t(message)}
    </Alert>
  );
}

/** The green banner of an action done on the page itself (no redirect): says so until closed. */
export function DoneAlert({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck />}
      role="status"
      withCloseButton
      closeButtonLabel={t("COMMON.CLOSE")}
      onClose={onClose}
      data-testid="success-banner"
    >
      {text}
    </Alert>
  );
}
