import { ActionIcon, Box, Button, Code, CopyButton, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { type MfaStatus, type TotpSetup, totpCode } from "@palco/shared";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmedButton } from "@/kit/confirmed-button.tsx";
import { NoticeAlert } from "@/kit/error-alert.tsx";
import type { Notice } from "@/kit/step-up-declined.ts";
import { ApiError } from "@/lib/api.ts";
import { failureNotice, securityApi } from "./api.ts";
import { groupKey } from "./codes.ts";
import { SubsectionTitle } from "./subsection-title.tsx";

type Props = {
  status: MfaStatus;
  /** A change the page announces (a translation key). */
  onNotice: (key: string) => void;
  /** The app is set up: its recovery codes, to show once. */
  onEnrolled: (recoveryCodes: string[]) => void;
  /** After a change: read the factors again. */
  onChanged: () => Promise<unknown>;
};

function TotpSetupForm({
  setup,
  onCancel,
  onEnrolled,
}: {
  setup: TotpSetup;
  onCancel: () => void;
  onEnrolled: (recoveryCodes: string[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const keyId = useId();
  const [code, setCode] = useState("");
  const codeInput = useRef<HTMLInputElement>(null);
  const instructions = useRef<HTMLParagraphElement>(null);
  // The "Set up" button that had the focus is gone: the focus goes to the first instruction, so a screen reader
  // reads the steps, and the QR code and the key, before the field (which would skip past them).
  useEffect(() => {
    instructions.current?.focus();
  }, []);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Notice | null>(null);
  const confirm = useMutation({
    mutationFn: (value: string) => securityApi.confirmTotp(value),
    onSuccess: (answer) => onEnrolled(answer.recoveryCodes),
    onError: (error) => {
      const messages = error instanceof ApiError ? error.messages : {};
      if (error instanceof ApiError && error.status === 422 && messages.code) {
        setFieldError(messages.code);
        codeInput.current?.focus();
        return;
      }
      setFailure(failureNotice(error, t("SECURITY.TOTP.CONFIRM_ERROR"), t));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFailure(null);
    const parsed = totpCode.safeParse(code);
    if (!parsed.success) {
      setFieldError(t(parsed.error.issues[0]?.message ?? "MFA.CODE_FORMAT"));
      codeInput.current?.focus();
      return;
    }
    confirm.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" mt="md">
        {failure && <NoticeAlert notice={failure} onClose={() => setFailure(null)} />}
        <Text size="sm" ref={instructions} tabIndex={-1} style={{ outline: "none" }}>
          {t("SECURITY.TOTP.STEP_SCAN")}
        </Text>
        <Box p="sm" bg="white" w="fit-content" style={{ borderRadius: 8, border: "1px solid #dee2e6" }}>
          <QRCodeSVG value={setup.otpauthUrl} size={176} role="img" aria-label={t("SECURITY.TOTP.QR_LABEL")} />
        </Box>
        <Stack gap={4}>
          <Text size="sm" id={keyId}>
            {t("SECURITY.TOTP.STEP_MANUAL")}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code
              fz="md"
              px="sm"
              py={6}
              aria-labelledby={keyId}
              data-testid="totp-key"
              style={{ letterSpacing: "0.05em", overflowWrap: "anywhere" }}
            >
              {groupKey(setup.secret)}
            </Code>
            <CopyButton value={setup.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={t(copied ? "SECURITY.TOTP.COPIED" : "SECURITY.TOTP.COPY_KEY")} withArrow>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    onClick={copy}
                    aria-label={t(copied ? "SECURITY.TOTP.COPIED" : "SECURITY.TOTP.COPY_KEY")}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <TextInput
          label={t("SECURITY.TOTP.CODE")}
          description={t("SECURITY.TOTP.STEP_CODE")}
          inputWrapperOrder={["label", "description", "input", "error"]}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          maw={280}
          withAsterisk
          error={fieldError}
          ref={codeInput}
        />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            {t("SECURITY.TOTP.CONFIRM")}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
            {t("SECURITY.TOTP.CANCEL")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The authenticator app: set it up (QR code or manual key, then a first code), or remove it. */
export function TotpSection({ status, onNotice, onEnrolled, onChanged }: Props) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [failure, setFailure] = useState<Notice | null>(null);
  const start = useMutation({
    mutationFn: () => securityApi.startTotp(),
    onSuccess: (answer) => setSetup(answer),
    onError: (error) => setFailure(failureNotice(error, t("SECURITY.TOTP.START_ERROR"), t)),
  });
  const remove = useMutation({
    mutationFn: () => securityApi.removeTotp(),
    onSuccess: async () => {
      await onChanged();
      onNotice("SECURITY.TOTP.REMOVED");
    },
    onError: (error) => {
      setFailure(failureNotice(error, t("SECURITY.TOTP.REMOVE_ERROR"), t));
    },
  });

  return (
    <Box>
      <SubsectionTitle title={t("SECURITY.TOTP.TITLE")} on={status.totp} />
      <Text size="sm" c="dimmed" mt={4}>
        {t("SECURITY.TOTP.DESCRIPTION")}
      </Text>
      {failure && (
        <Box mt="sm">
          <NoticeAlert notice={failure} onClose={() => setFailure(null)} />
        </Box>
      )}
      {setup && !status.totp ? (
        <TotpSetupForm
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnrolled={async (codes) => {
            setSetup(null);
            onEnrolled(codes);
            await onChanged();
          }}
        />
      ) : (
        <Group justify="space-between" mt="sm" gap="sm">
          <Text size="sm">{t(status.totp ? "SECURITY.TOTP.ON" : "SECURITY.TOTP.OFF")}</Text>
          {status.totp ? (
            <ConfirmedButton
              label={t("SECURITY.TOTP.REMOVE")}
              title={t("SECURITY.TOTP.REMOVE_TITLE")}
              loading={remove.isPending}
              onConfirm={() => remove.mutate()}
            >
              {t("SECURITY.TOTP.REMOVE_TEXT")}
            </ConfirmedButton>
          ) : (
            <Button
              onClick={() => {
                setFailure(null);
                start.mutate();
              }}
              loading={start.isPending}
            >
              {t("SECURITY.TOTP.SET_UP")}
            </Button>
          )}
        </Group>
      )}
    </Box>
  );
}
