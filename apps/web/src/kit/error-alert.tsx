import { Alert } from "@mantine/core";
import { ERROR_ALERT_HIDE_MS } from "@palco/shared/constants";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Notice } from "./step-up-declined.ts";

type Props = {
  /** Already translated text; several lines are shown one per line. */
  message: string;
  title?: string;
  /** Hide after ERROR_ALERT_HIDE_MS (list-load errors). */
  autoHide?: boolean;
  /** Changing it shows the alert again (a new failure of the same kind). */
  resetKey?: unknown;
  onClose?: () => void;
  /** Not a failure: an action the member chose not to complete (a declined step-up), said without alarm. */
  neutral?: boolean;
};

/** A closable danger alert, optionally hiding itself after 5 seconds. */
export function ErrorAlert({ message, title, autoHide = false, resetKey, onClose, neutral = false }: Props) {
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
      color={neutral ? "gray" : "red"}
      variant="light"
      icon={neutral ? <IconInfoCircle /> : <IconAlertCircle />}
      role={neutral ? "status" : undefined}
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

/** The alert of an action's failure, or of a step-up the member declined (neutral): see step-up-declined.ts. */
export function NoticeAlert({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  return <ErrorAlert message={notice.text} neutral={notice.neutral} resetKey={notice.at} onClose={onClose} />;
}
