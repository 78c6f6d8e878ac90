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

/**
 * A refused action as the specification words it: its own text as the headline and, when the server gave one, the
 * server's specific reason under it ("This booking is already canceled").
 */
export type Failure = { headline: string; reason: string | null; at: number };

export function failureOf(headline: string, reasons: string[] | null): Failure {
  return { headline, reason: reasons && reasons.length > 0 ? reasons.join("\n") : null, at: Date.now() };
}

export function FailureAlert({ failure, onClose }: { failure: Failure; onClose: () => void }) {
  return failure.reason ? (
    <ErrorAlert title={failure.headline} message={failure.reason} resetKey={failure.at} onClose={onClose} />
  ) : (
    <ErrorAlert message={failure.headline} resetKey={failure.at} onClose={onClose} />
  );
}
