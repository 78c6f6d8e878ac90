import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { type Control, type FieldError, type FieldValues, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, serverMessages } from "@/lib/api.ts";
import { flash } from "@/lib/flash.ts";
import { usePageTitle } from "@/lib/page-title.ts";
import { useSession } from "@/lib/session.ts";
import { useCan } from "@/lib/use-can.ts";
import { ConfirmModal } from "./confirm-modal.tsx";
import { NoticeAlert } from "./error-alert.tsx";
import { FormField } from "./form-fields.tsx";
import { LoadErrorModal } from "./load-error-modal.tsx";
import { PageHeader } from "./page-header.tsx";
import { placeServerMessages } from "./place-server-messages.ts";
import { useRecordId } from "./record-id.ts";
import {
  type Entity,
  type FormConfig,
  type FormFieldDef,
  type FormMode,
  type FormSchema,
  type FormSection,
  type Resource,
  resourcePath,
} from "./resource.ts";
import { useCreateRecord, useDeleteRecord, useResourceDetail, useUpdateRecord } from "./resource-queries.ts";
import { type StaleConflict, StaleVersionPanel, staleConflictOf } from "./stale-version.tsx";
import { type Notice, stepUpDeclinedNotice } from "./step-up-declined.ts";
import { versionOf } from "./versions.ts";

type Props<T extends Entity> = {
  // biome-ignore lint/suspicious/noExplicitAny: the form page does not look at list items
  resource: Resource<T, FieldValues, any>;
  mode: FormMode;
  /** The form's schema, loaded by the route (FormConfig.schema). */
  schema: FormSchema;
};

/** Kinds that take the focus when the form opens (the first one of the form). */
const FOCUSABLE_FIRST = new Set<FormFieldDef["kind"]>(["text", "password", "select"]);

/** The declared sections, or the flat field list as one untitled section. */
export function formSections<T>(config: FormConfig<T, FieldValues>): FormSection[] {
  return config.sections ?? [{ key: "main", fields: config.fields ?? [] }];
}

/** Renders `children` only while `visible` answers true for the current values (watched). */
function WhenVisible({
  def,
  mode,
  control,
  children,
}: {
  def: FormFieldDef;
  mode: FormMode;
  control: Control<FieldValues>;
  children: React.ReactNode;
}) {
  const values = useWatch({ control });
  return def.visible?.({ mode, values }) === false ? null : children;
}

/**
 * Create and edit form of a resource, validated on submit with the shared zod schema. A 422/409 answer puts
 * each server message on its field and lists only the others in an alert; other failures show the generic
 * store/update text.
 * Create goes to the list, update to the detail, delete (edit only) to the list — each with a success banner.
 */
export function FormPage<T extends Entity>({ resource, mode, schema: loaded }: Props<T>) {
  const { meta, api } = resource;
  // The router only declares form routes for resources that have a form.
  const config = resource.form!;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const basePath = resourcePath(meta);
  const isEdit = mode === "edit";
  const routeId = useRecordId();
  const id = isEdit ? routeId : null;
  const query = useResourceDetail(api, id);
  const record = query.data;
  const canDelete = useCan(meta.permissions.delete);
  const create = useCreateRecord(api);
  const update = useUpdateRecord(api, id ?? 0);
  const remove = useDeleteRecord(api, id ?? 0);
  const [failure, setFailure] = useState<Notice | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<Notice | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // The version the form was filled from: saves and deletes are conditional on it (If-Match).
  const baseVersion = useRef<string | undefined>(undefined);
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  const [reloading, setReloading] = useState(false);
  const title = usePageTitle(`${meta.ns}.${isEdit ? "EDIT_TITLE" : "CREATE_TITLE"}`);

  const schema = useMemo(() => (typeof loaded === "function" ? loaded(mode) : loaded), [loaded, mode]);
  const sections = formSections(config).filter((section) => section.visible?.({ mode }) !== false);
  const allFields = sections.flatMap((section) => section.fields);

  const form = useForm<FieldValues>({
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    defaultValues: config.empty,
    shouldFocusError: true,
  });
  const { register, control, handleSubmit, setError, setFocus, reset, getValues, formState } = form;
  // The fields on screen for these values: a field hidden by its `visible` rule cannot show a message.
  const shownFieldNames = (values: FieldValues) =>
    new Set(allFields.filter((field) => field.visible?.({ mode, values }) !== false).map((field) => field.name));
  const firstField = allFields.find((field) => FOCUSABLE_FIRST.has(field.kind) && !field.visible)?.name;

  // Fill the edit form once, when the record first arrives; focus the first field on every form page.
  const filled = useRef(false);
  useEffect(() => {
    if (!isEdit) {
      if (firstField) setFocus(firstField);
      return;
    }
    if (record && !filled.current) {
      filled.current = true;
      baseVersion.current = versionOf(record);
      reset(config.fromRecord(record));
      if (firstField) setTimeout(() => setFocus(firstField), 0);
    }
  }, [isEdit, record, reset, setFocus, firstField, config]);

  const onSubmit = handleSubmit(async (parsed) => {
    setFailure(null);
    setConflict(null);
    // The schema's output wins; values it does not declare (files) are kept as entered.
    const values = { ...getValues(), ...parsed };
    const body = config.toBody ? config.toBody(values, { mode, record }) : parsed;
    try {
      if (isEdit && id !== null) {
        const saved = await update.mutateAsync({ input: body, version: baseVersion.current });
        if (saved) config.onSaved?.(saved, mode);
        navigate(`${basePath}/${id}`, flash(`${meta.ns}.UPDATED`));
      } else {
        const saved = await create.mutateAsync(body);
        if (saved) config.onSaved?.(saved, mode);
        navigate(basePath, flash(`${meta.ns}.CREATED`));
      }
    } catch (error) {
      const stale = staleConflictOf(error);
      const declined = stepUpDeclinedNotice(error, t);
      if (stale) setConflict(stale);
      else if (declined) setFailure(declined);
      else if (serverMessages(error) && error instanceof ApiError) {
        const { onFields, unplaced } = placeServerMessages(error.messages, shownFieldNames(getValues()));
        let focus = true;
        for (const [name, text] of onFields) {
          setError(name, { type: "server", message: text }, { shouldFocus: focus });
          focus = false;
        }
        // A message already under its field is not repeated above the form; the alert keeps the others.
        if (unplaced.length > 0) setFailure({ text: unplaced.join("\n"), at: Date.now() });
      } else {
        setFailure({ text: t(isEdit ? "ERROR_PAGES.UPDATING_DATA" : "ERROR_PAGES.STORING_DATA"), at: Date.now() });
      }
    }
  });

  const onDelete = () => {
    setDeleteFailure(null);
    remove.mutate(baseVersion.current, {
      onSuccess: () => navigate(basePath, flash(`${meta.ns}.DELETED`)),
      onError: (error) => {
        setConfirmingDelete(false);
        const stale = staleConflictOf(error);
        if (stale) return setConflict(stale);
        const declined = stepUpDeclinedNotice(error, t);
        if (declined) return setDeleteFailure(declined);
        const texts = serverMessages(error);
        setDeleteFailure({ text: texts ? texts.join("\n") : t("ERROR_PAGES.DELETING_DATA"), at: Date.now() });
      },
    });
  };

  /**
   * After a stale save: load the record as it is now and make it the base of the next save, either with its
   * values in the form (`take`: theirs) or keeping what the user typed (mine, saved on top of theirs).
   */
  const rebase = async (take: boolean) => {
    setReloading(true);
    try {
      const fresh = await query.refetch();
      if (!fresh.data) return;
      baseVersion.current = versionOf(fresh.data);
      if (take) reset(config.fromRecord(fresh.data));
      setConflict(null);
      if (firstField) setFocus(firstField);
    } finally {
      setReloading(false);
    }
  };

  const parent =
    isEdit && record
      ? { to: `${basePath}/${record.id}`, label: resource.recordLabel(record, t) }
      : { to: basePath, label: t(`${meta.ns}.TITLE`) };
  const cancelTo = isEdit && id !== null ? `${basePath}/${id}` : basePath;
  const loading = isEdit && !record;
  const user = useSession()?.user ?? null;
  // What the record's state forbids (deleteBlocked) or what the server refuses this user (refuses), said beforehand.
  const deleteBlocked =
    (record && config.deleteBlocked?.(record)) || (record && resource.refuses?.(record, user).delete) || null;

  const renderField = (def: FormFieldDef) => {
    const element = (
      <FormField
        key={def.name}
        def={def}
        control={control}
        register={register}
        error={formState.errors[def.name] as FieldError | undefined}
        disabled={loading}
        mode={mode}
      />
    );
    const placed = def.fullWidth ? (
      <Box key={def.name} style={{ gridColumn: "1 / -1" }}>
        {element}
      </Box>
    ) : (
      element
    );
    return def.visible ? (
      <WhenVisible key={def.name} def={def} mode={mode} control={control}>
        {placed}
      </WhenVisible>
    ) : (
      placed
    );
  };

  return (
    <>
      <PageHeader parent={parent} title={title} />
      <Stack gap="md" maw={config.maxWidth ?? 720}>
        {conflict && (
          <StaleVersionPanel
            conflict={conflict}
            resource={resource.meta.name}
            busy={reloading}
            onReload={() => void rebase(true)}
            onKeepMine={() => void rebase(false)}
          />
        )}
        {failure && <NoticeAlert notice={failure} onClose={() => setFailure(null)} />}
        {deleteFailure && <NoticeAlert notice={deleteFailure} onClose={() => setDeleteFailure(null)} />}
        <Card withBorder radius="md" p={0} component="form" onSubmit={onSubmit} noValidate>
          <Box component="fieldset" disabled={loading} p="lg" m={0} style={{ border: 0, minWidth: 0 }}>
            <Stack gap="lg">
              {sections.map((section, index) => (
                <Stack key={section.key} gap="md">
                  {index > 0 && <Divider />}
                  {section.title && (
                    <Box>
                      <Title order={2} fz="md" fw={600}>
                        {t(section.title)}
                      </Title>
                      {section.description && (
                        <Text size="sm" c="dimmed" mt={2}>
                          {t(section.description)}
                        </Text>
                      )}
                    </Box>
                  )}
                  {section.columns === 2 ? (
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                      {section.fields.map(renderField)}
                    </SimpleGrid>
                  ) : (
                    <Stack gap="md">{section.fields.map(renderField)}</Stack>
                  )}
                </Stack>
              ))}
            </Stack>
          </Box>
          <Group
            justify="space-between"
            px="lg"
            py="md"
            bg="var(--palco-page-bg)"
            style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
          >
            <Box>
              {isEdit && record && canDelete && meta.permissions.delete && (
                <Group gap="sm" wrap="nowrap">
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    disabled={Boolean(deleteBlocked)}
                    aria-describedby={deleteBlocked ? "delete-blocked-reason" : undefined}
                    onClick={() => setConfirmingDelete(true)}
                  >
                    {t("COMMON.DELETE")}
                  </Button>
                  {deleteBlocked && (
                    <Text id="delete-blocked-reason" size="xs" c="dimmed" maw={320}>
                      {t(deleteBlocked)}
                    </Text>
                  )}
                </Group>
              )}
            </Box>
            <Group gap="sm">
              <Button component={Link} to={cancelTo} variant="default">
                {t("COMMON.CANCEL")}
              </Button>
              <Button type="submit" loading={formState.isSubmitting} disabled={loading}>
                {t(isEdit ? "COMMON.SAVE" : "COMMON.CREATE")}
              </Button>
            </Group>
          </Group>
        </Card>
      </Stack>

      {isEdit && record && (
        <ConfirmModal
          opened={confirmingDelete}
          title={t("COMMON.DELETE_TITLE", { name: resource.recordLabel(record, t) })}
          confirmLabel={t("COMMON.DELETE")}
          loading={remove.isPending}
          onConfirm={onDelete}
          onClose={() => setConfirmingDelete(false)}
        >
          {t("COMMON.DELETE_TEXT")}
        </ConfirmModal>
      )}
      {isEdit && (
        <LoadErrorModal
          opened={id === null || query.isError}
          text={t(`${meta.ns}.ERROR_MODAL_TEXT`)}
          retrying={query.isFetching}
          onBack={() => navigate(basePath)}
          onRetry={() => void query.refetch()}
        />
      )}
    </>
  );
}

/** The routed form: a new `:id` mounts a fresh form instead of re-using the previous record's state. */
export function FormRoute<T extends Entity>(props: Props<T>) {
  const { id } = useParams();
  return <FormPage key={id ?? "new"} {...props} />;
}
