import { Button } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { ConfirmModal } from "./confirm-modal.tsx";

type Props = {
  /** The button's and the dialog's confirm label. */
  label: string;
  /** The dialog's title and text. */
  title: string;
  children: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
  /** Runs when the button opens the dialog (clear the previous outcome). */
  onOpen?: () => void;
  onConfirm: () => void;
};

/**
 * A red action that asks first. The dialog closes before `onConfirm` runs, so a step-up the action may need opens
 * on its own instead of on top of this dialog.
 */
export function ConfirmedButton({ label, title, children, icon, loading, onOpen, onConfirm }: Props) {
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={icon}
        loading={loading}
        onClick={() => {
          onOpen?.();
          setAsked(true);
        }}
      >
        {label}
      </Button>
      <ConfirmModal
        opened={asked}
        title={title}
        confirmLabel={label}
        onConfirm={() => {
          setAsked(false);
          onConfirm();
        }}
        onClose={() => setAsked(false)}
      >
        {children}
      </ConfirmModal>
    </>
  );
}
