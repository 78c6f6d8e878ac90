import { Box, Button, Group, Text } from "@mantine/core";
import type { MfaStatus } from "@palco/shared";
import { IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "@/kit/confirm-modal.tsx";
import { SubsectionTitle } from "./subsection-title.tsx";

type Props = {
  status: MfaStatus;
  busy: boolean;
  /** Issues a fresh set (the old one stops working) and shows it once. */
  onGenerate: () => void;
};

/** How many recovery codes are left, and a fresh set on demand once the member has a factor. */
export function RecoverySection({ status, busy, onGenerate }: Props) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const hasFactor = status.totp || status.passkeys.length > 0;
  return (
    <Box>
      <SubsectionTitle title={t("SECURITY.RECOVERY.TITLE")} />
      <Text size="sm" c="dimmed" mt={4}>
        {t("SECURITY.RECOVERY.DESCRIPTION")}
      </Text>
      <Group justify="space-between" mt="sm" gap="sm">
        <Text size="sm" data-testid="recovery-codes-left">
          {hasFactor
            ? t("SECURITY.RECOVERY.LEFT", { count: status.recoveryCodesLeft })
            : t("SECURITY.RECOVERY.NONE_YET")}
        </Text>
        {hasFactor && (
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={busy}
            // Without codes left there is nothing to lose: no need to ask.
            onClick={() => (status.recoveryCodesLeft > 0 ? setConfirming(true) : onGenerate())}
          >
            {t("SECURITY.RECOVERY.GENERATE")}
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t("SECURITY.RECOVERY.GENERATE_TITLE")}
        confirmLabel={t("SECURITY.RECOVERY.GENERATE")}
        confirmColor="blue"
        onConfirm={() => {
          setConfirming(false);
          onGenerate();
        }}
        onClose={() => setConfirming(false)}
      >
        {t("SECURITY.RECOVERY.GENERATE_TEXT")}
      </ConfirmModal>
    </Box>
  );
}
