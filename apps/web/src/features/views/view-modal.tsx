import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from "@mantine/core";
import { VIEW_NAME_MAX_LENGTH } from "@palco/shared/resources/views";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { placeServerMessages } from "@/kit/place-server-messages.ts";
import { ApiError } from "@/lib/api.ts";
import { useShareableRoles } from "./api.ts";

export type ViewFormValues = { name: string; roleIds: number[] };

type Props = {
  opened: boolean;
  title: string;
  /** Under the title: what the view keeps (a new one). */
  hint?: string;
  initial: ViewFormValues;
  /** Roles already on the view, shown even when the member may no longer pick them (they stay allowed). */
  knownRoles?: readonly { id: number; name: string }[];
  onSubmit: (values: ViewFormValues) => Promise<unknown>;
  onClose: () => void;
};

const SHOWN_FIELDS = new Set(["name", "roleIds"]);

/**
 * A view's name and the roles it is shared with (private when none): saving a new view, renaming or sharing one.
 * The server's per-field messages go under their fields (a name already used, a role the member may not share with).
 */
export function ViewModal({ opened, title, hint, initial, knownRoles = [], onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{ fields: Map<string, string>; general: string[] }>({
    fields: new Map(),
    general: [],
  });
  const [busy, setBusy] = useState(false);
  const roles = useShareableRoles(opened);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a dialog opened again starts from its initial values
  useEffect(() => {
    if (!opened) return;
    setValues(initial);
    setErrors({ fields: new Map(), general: [] });
  }, [opened]);

  const options = new Map<number, string>();
  for (const role of [...knownRoles, ...(roles.data ?? [])]) options.set(role.id, role.name);
  const data = [...options].map(([id, name]) => ({ value: String(id), label: name }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = values.name.trim();
    if (!name) {
      setErrors({ fields: new Map([["name", t("VIEWS.VALIDATION.NAME_MISSING")]]), general: [] });
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ ...values, name });
      onClose();
    } catch (error) {
      const messages = error instanceof ApiError ? error.messages : {};
      const { onFields, unplaced } = placeServerMessages(messages, SHOWN_FIELDS);
      setErrors({
        fields: onFields,
        general: onFields.size === 0 && unplaced.length === 0 ? [t("VIEWS.SAVE_ERROR")] : unplaced,
      });
    } finally {
      setBusy(false);
    }
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
          {errors.general.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {errors.general.join("\n")}
            </Alert>
          )}
          <TextInput
            label={t("VIEWS.NAME")}
            placeholder={t("VIEWS.NAME_PLACEHOLDER")}
            required
            maxLength={VIEW_NAME_MAX_LENGTH}
            value={values.name}
            onChange={(event) => setValues((previous) => ({ ...previous, name: event.currentTarget.value }))}
            error={errors.fields.get("name")}
            data-autofocus
          />
          <MultiSelect
            label={t("VIEWS.SHARE_WITH")}
            description={t("VIEWS.SHARE_HINT")}
            placeholder={values.roleIds.length === 0 ? t("VIEWS.SHARE_PLACEHOLDER") : undefined}
            data={data}
            value={values.roleIds.map(String)}
            onChange={(ids) => setValues((previous) => ({ ...previous, roleIds: ids.map(Number) }))}
            searchable
            clearable
            nothingFoundMessage={t("COMMON.NOTHING_FOUND")}
            error={errors.fields.get("roleIds") ?? (roles.isError ? t("ERROR_PAGES.LOADING_DATA") : undefined)}
            maxDropdownHeight={240}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("COMMON.CANCEL")}
            </Button>
            <Button type="submit" loading={busy}>
              {t("COMMON.SAVE")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
