import { Alert, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import type { StepUpBody, StepUpOptions } from "@palco/shared";
import { IconAlertCircle } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "@/lib/api.ts";
import { SecondFactorForm, type SecondFactorProof } from "./second-factor-form.tsx";

type Options = { state: "loading" } | { state: "ready"; value: StepUpOptions } | { state: "error" };

type Props = {
  /** True once the step-up passed, false when the member gave up. */
  onSettle: (passed: boolean) => void;
  /** After the closing transition: the host unmounts the modal. */
  onClosed: () => void;
};

/**
 * The step-up prompt, opened by StepUpHost when a sensitive route refused a call with STEP_UP_REQUIRED: the member
 * proves it is them with one of their methods (passkey first, the app's code, a recovery code, or the password for a
 * member without a factor), and the refused call is sent again and completes where it was made.
 */
export function StepUpModal({ onSettle, onClosed }: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const [options, setOptions] = useState<Options>({ state: "loading" });
  const [failure, setFailure] = useState<string | null>(null);
  const [renewingPasskey, setRenewingPasskey] = useState(false);

  const loadOptions = useCallback(async () => {
    setOptions({ state: "loading" });
    try {
      const value = await api<StepUpOptions>("/api/auth/step-up/options", { method: "POST" });
      setOptions({ state: "ready", value });
    } catch {
      setOptions({ state: "error" });
    }
  }, []);

  /**
   * The server spends the passkey's challenge on any answer: another try needs new options. They replace the old
   * ones in place, so the form stays as it is, its message included.
   */
  const renewPasskeyOptions = async () => {
    setRenewingPasskey(true);
    try {
      const value = await api<StepUpOptions>("/api/auth/step-up/options", { method: "POST" });
      setOptions({ state: "ready", value });
    } catch {
      // The button stays; its next try fails and asks again.
    } finally {
      setRenewingPasskey(false);
    }
  };

  const finish = (passed: boolean) => {
    onSettle(passed);
    setOpened(false);
  };

  useEffect(() => {
    void loadOptions();
  }, [loadOptions]);

  const prove = async (proof: SecondFactorProof) => {
    setFailure(null);
    await api<unknown>("/api/auth/step-up", { method: "POST", body: proof satisfies StepUpBody });
    finish(true);
  };

  const onFailure = (error: unknown) =>
    setFailure(error instanceof ApiError && error.status === 429 ? "AUTH.TOO_MANY_ATTEMPTS" : "STEP_UP.FAILED");

  const ready = options.state === "ready" ? options.value : null;
  const passwordOnly = ready !== null && ready.methods.length === 1 && ready.methods[0] === "password";

  return (
    <Modal
      opened={opened}
      onClose={() => finish(false)}
      onExitTransitionEnd={onClosed}
      title={t("STEP_UP.TITLE")}
      centered
      radius="md"
      closeButtonProps={{ "aria-label": t("COMMON.CLOSE") }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(passwordOnly ? "STEP_UP.TEXT_PASSWORD" : "STEP_UP.TEXT")}
        </Text>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {t(failure)}
          </Alert>
        )}
        {options.state === "loading" && (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={t("COMMON.LOADING")} />
          </Group>
        )}
        {options.state === "error" && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            <Stack gap="xs" align="flex-start">
              {t("STEP_UP.OPTIONS_FAILED")}
              <Button size="xs" variant="light" color="red" onClick={() => void loadOptions()} data-autofocus>
                {t("COMMON.RETRY")}
              </Button>
            </Stack>
          </Alert>
        )}
        {ready && (
          <SecondFactorForm
            methods={ready.methods}
            passkeyOptions={ready.passkeyOptions}
            onProof={prove}
            onFailure={onFailure}
            onPasskeySpent={() => void renewPasskeyOptions()}
            passkeyRenewing={renewingPasskey}
            submitLabel={t("STEP_UP.CONFIRM")}
            footer={
              <Button variant="default" fullWidth onClick={() => finish(false)}>
                {t("COMMON.CANCEL")}
              </Button>
            }
          />
        )}
      </Stack>
    </Modal>
  );
}
