import { ActionIcon, Box, Button, Group, Modal, Paper, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { type MfaStatus, PASSKEY_NAME_MAX, type Passkey, passkeyName } from "@palco/shared";
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { IconKey, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "@/kit/confirm-modal.tsx";
import { ErrorAlert, NoticeAlert } from "@/kit/error-alert.tsx";
import { formatDateTime } from "@/kit/format.ts";
import type { Notice } from "@/kit/step-up-declined.ts";
import { isPasskeyPromptDismissed } from "@/kit/webauthn-dismissed.ts";
import { ApiError } from "@/lib/api.ts";
import { failureNotice, securityApi } from "./api.ts";
import { SubsectionTitle } from "./subsection-title.tsx";

type Failure = Notice;

/** Why the browser did not make a passkey, in the member's words; null when it was the server that refused. */
export function browserRefusalKey(error: unknown): string | null {
  // First: v14 wraps a closed or timed-out prompt in a WebAuthnError too.
  if (isPasskeyPromptDismissed(error)) return "SECURITY.PASSKEYS.CANCELLED";
  if (error instanceof WebAuthnError) {
    if (error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "SECURITY.PASSKEYS.ALREADY_REGISTERED";
    return "SECURITY.PASSKEYS.ADD_ERROR";
  }
  if (error instanceof Error && error.name === "InvalidStateError") return "SECURITY.PASSKEYS.ALREADY_REGISTERED";
  if (error instanceof Error && error.name === "NotSupportedError") return "SECURITY.PASSKEYS.UNSUPPORTED";
  return null;
}

/** The name dialog of adding or renaming a passkey; the name is checked with the API's own rule. */
function PasskeyNameModal({
  opened,
  title,
  initial,
  submitLabel,
  busy,
  failure,
  fieldError,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  failure: Failure | null;
  fieldError: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [localError, setLocalError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyName.safeParse(name);
    if (!parsed.success) {
      setLocalError(t(parsed.error.issues[0]?.message ?? "VALIDATION.REQUIRED"));
      return;
    }
    setLocalError(null);
    onSubmit(parsed.data);
  };
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      centered
      radius="md"
      closeButtonProps={{ "aria-label": t("COMMON.CLOSE") }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {failure && <ErrorAlert message={failure.text} neutral={failure.neutral} resetKey={failure.at} />}
          <TextInput
            label={t("SECURITY.PASSKEYS.NAME")}
            description={t("SECURITY.PASSKEYS.NAME_HINT")}
            inputWrapperOrder={["label", "input", "description", "error"]}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={PASSKEY_NAME_MAX}
            withAsterisk
            autoComplete="off"
            error={localError ?? fieldError}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("COMMON.CANCEL")}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
  removing,
}: {
  passkey: Passkey;
  onRename: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="passkey">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
          <IconKey size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Box miw={0}>
            <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
              {passkey.name}
            </Text>
            <Text size="xs" c="dimmed">
              {t("SECURITY.PASSKEYS.CREATED")}: {formatDateTime(passkey.createdAt)}
            </Text>
            <Text size="xs" c="dimmed">
              {t("SECURITY.PASSKEYS.LAST_USED")}:{" "}
              {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : t("SECURITY.PASSKEYS.NEVER_USED")}
            </Text>
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t("SECURITY.PASSKEYS.RENAME")} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onRename}
              aria-label={t("SECURITY.PASSKEYS.RENAME_OF", { name: passkey.name })}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("SECURITY.PASSKEYS.REMOVE")} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onRemove}
              loading={removing}
              aria-label={t("SECURITY.PASSKEYS.REMOVE_OF", { name: passkey.name })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

type Props = {
  status: MfaStatus;
  onNotice: (key: string, values?: Record<string, string>) => void;
  /** The first factor of a member without recovery codes: they get a set, shown once. */
  onFirstFactor: () => Promise<void>;
  onChanged: () => Promise<unknown>;
};

/** The member's passkeys: add one (named, then made by the browser), rename, remove. */
export function PasskeysSection({ status, onNotice, onFirstFactor, onChanged }: Props) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [addFailure, setAddFailure] = useState<Failure | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const fail = (setter: (value: Failure) => void, error: unknown, fallback: string) => {
    setter(failureNotice(error, t(fallback), t));
  };

  const add = useMutation({
    mutationFn: async (name: string) => {
      if (!browserSupportsWebAuthn()) throw Object.assign(new Error("unsupported"), { name: "NotSupportedError" });
      const optionsJSON = await securityApi.passkeyOptions();
      const response = await startRegistration({ optionsJSON: optionsJSON as never });
      return securityApi.addPasskey(name, response);
    },
    onSuccess: async (passkey) => {
      setAdding(false);
      const hadFactor = status.totp || status.passkeys.length > 0;
      await onChanged();
      onNotice("SECURITY.PASSKEYS.ADDED", { name: passkey.name });
      if (!hadFactor && status.recoveryCodesLeft === 0) await onFirstFactor();
    },
    onError: (error) => {
      const refusal = browserRefusalKey(error);
      if (refusal) {
        setAddFailure({ text: t(refusal), at: Date.now() });
        return;
      }
      if (error instanceof ApiError && error.status === 422 && error.messages.name) {
        setNameError(error.messages.name);
        return;
      }
      fail(setAddFailure, error, "SECURITY.PASSKEYS.ADD_ERROR");
    },
  });

  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => securityApi.renamePasskey(id, name),
    onSuccess: async () => {
      setRenaming(null);
      await onChanged();
      onNotice("SECURITY.PASSKEYS.RENAMED");
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422 && error.messages.name) {
        setNameError(error.messages.name);
        return;
      }
      fail(setAddFailure, error, "SECURITY.PASSKEYS.RENAME_ERROR");
    },
  });

  const remove = useMutation({
    mutationFn: (passkey: Passkey) => securityApi.removePasskey(passkey.id),
    onSuccess: async () => {
      await onChanged();
      onNotice("SECURITY.PASSKEYS.REMOVED");
    },
    onError: (error) => {
      fail(setFailure, error, "SECURITY.PASSKEYS.REMOVE_ERROR");
    },
  });

  const openName = () => {
    setAddFailure(null);
    setNameError(null);
  };

  return (
    <Box>
      <SubsectionTitle title={t("SECURITY.PASSKEYS.TITLE")} on={status.passkeys.length > 0} />
      <Text size="sm" c="dimmed" mt={4}>
        {t("SECURITY.PASSKEYS.DESCRIPTION")}
      </Text>
      {failure && (
        <Box mt="sm">
          <NoticeAlert notice={failure} onClose={() => setFailure(null)} />
        </Box>
      )}
      {status.passkeys.length === 0 ? (
        <Text size="sm" mt="sm">
          {t("SECURITY.PASSKEYS.EMPTY")}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" mt="sm" p={0} m={0} style={{ listStyle: "none" }}>
          {status.passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              removing={remove.isPending && remove.variables?.id === passkey.id}
              onRename={() => {
                openName();
                setRenaming(passkey);
              }}
              onRemove={() => {
                setFailure(null);
                setRemoving(passkey);
              }}
            />
          ))}
        </Stack>
      )}
      <Button
        mt="sm"
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => {
          openName();
          setAdding(true);
        }}
      >
        {t("SECURITY.PASSKEYS.ADD")}
      </Button>

      {adding && (
        <PasskeyNameModal
          opened
          title={t("SECURITY.PASSKEYS.ADD_TITLE")}
          initial=""
          submitLabel={t("SECURITY.PASSKEYS.ADD_CONTINUE")}
          busy={add.isPending}
          failure={addFailure}
          fieldError={nameError}
          onSubmit={(name) => {
            setAddFailure(null);
            setNameError(null);
            add.mutate(name);
          }}
          onClose={() => setAdding(false)}
        />
      )}
      {renaming && (
        <PasskeyNameModal
          opened
          title={t("SECURITY.PASSKEYS.RENAME_TITLE")}
          initial={renaming.name}
          submitLabel={t("COMMON.SAVE")}
          busy={rename.isPending}
          failure={addFailure}
          fieldError={nameError}
          onSubmit={(name) => {
            setAddFailure(null);
            setNameError(null);
            rename.mutate({ id: renaming.id, name });
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        title={t("SECURITY.PASSKEYS.REMOVE_TITLE", { name: removing?.name ?? "" })}
        confirmLabel={t("SECURITY.PASSKEYS.REMOVE")}
        onConfirm={() => {
          if (!removing) return;
          // Closed first: a step-up asked for by the removal opens its own dialog.
          const target = removing;
          setRemoving(null);
          remove.mutate(target);
        }}
        onClose={() => setRemoving(null)}
      >
        {t("SECURITY.PASSKEYS.REMOVE_TEXT")}
      </ConfirmModal>
    </Box>
  );
}
