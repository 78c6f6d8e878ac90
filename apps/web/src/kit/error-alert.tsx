import { Alert } from "@mantine/core";
import { ERROR_ALERT_HIDE_MS } from "@palco/shared/constants";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  /** Already translated text; several lines are shown one per line. */
  message: string;
  title?: string;
  /** Hide after ERROR_ALERT_HIDE_MS (list-load errors). */
  autoHide?: boolean;
  /** Changing it shows the alert again (a new failure of the same kind). */
  resetKey?: unknown;
  onClose?: () => void;
};

/** A closable danger alert, optionally hiding itself after 5 seconds. */
export function ErrorAlert({ message, title, autoHide = false, resetKey, onClose }: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey re-shows the alert on purpose
  useEffect(() => {
    setVisible(true);
    if (!autoHide) return;
    const timer = setTimeout(() => setVisible(false), ERROR_ALERT_HIDE_MS);
    return () => clearTimeout(timer);
  }, [autoHide, message, resetKey]);

  if (!visible) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle />}
      title={title}
      withCloseButton
      closeButtonLabel={t("COMMON.CLOSE")}
      onClose={() => {
        setVisible(false);
        onClose?.();
      }}
      styles={{ message: { whiteSpace: "pre-line" } }}
    >
      {message}
    </Alert>
  );
}
