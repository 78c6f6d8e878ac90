import { Box, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconLock, IconLockOpen, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { serverMessages } from "@/lib/api.ts";
import { usePageTitle } from "@/lib/page-title.ts";
import { useSession } from "@/lib/session.ts";
import { useCan } from "@/lib/use-can.ts";
import { ConfirmModal } from "./confirm-modal.tsx";
import { ErrorAlert } from "./error-alert.tsx";
import { fieldValue } from "./field-value.tsx";
import { LoadErrorModal } from "./load-error-modal.tsx";
import { PageHeader, RefusedButton } from "./page-header.tsx";
import { useRecordId } from "./record-id.ts";
import { type Entity, type Refusals, type Resource, resourcePath } from "./resource.ts";
import { useResourceDetail, useSetActive } from "./resource-queries.ts";
import { StatusBadge } from "./status-badge.tsx";

/**
 * Read-only view of one record: its fields, back to the list, edit, and block/unblock with confirmation. The state
 * is the badge next to the title (a detail field would repeat it); actions the server would refuse for this record
 * (`resource.refuses`) stay visible but disabled, saying why.
 */
// biome-ignore lint/suspicious/noExplicitAny: the detail page does not look at the form or list types
export function DetailPage<T extends Entity>({ resource }: { resource: Resource<T, any, any> }) {
  const { meta, api, detail } = resource;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecordId();
  const query = useResourceDetail(api, id);
  const record = query.data;
  const basePath = resourcePath(meta);
  const canEdit = useCan(meta.permissions.edit) && Boolean(resource.form);
  const canToggle = useCan(meta.permissions.activate);
  const user = useSession()?.user ?? null;
  const refusals: Refusals = record && resource.refuses ? resource.refuses(record, user) : {};
  const [confirming, setConfirming] = useState(false);
  // The flag the confirmation asks for, frozen while the modal is open (and while it fades out).
  const [target, setTarget] = useState(false);
  const [toggleFailure, setToggleFailure] = useState<{ text: string; at: number } | null>(null);
  const setActive = useSetActive(api, id ?? 0);
  const title = usePageTitle(record ? resource.recordLabel(record, t) : t(`${meta.ns}.DETAIL_TITLE`), {
    translated: true,
  });

  const active = record?.isActive;
  const toggle = () => {
    setToggleFailure(null);
    setActive.mutate(target, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        setConfirming(false);
        // The server's reason when it gave one ("You cannot block your own account"), else the entity's text.
        const texts = serverMessages(error);
        setToggleFailure({
          text: texts ? texts.join("\n") : t(`${meta.ns}.AVAILABILITY_TOGGLE_ERROR_MESSAGE`),
          at: Date.now(),
        });
      },
    });
  };

  return (
    <>
      <PageHeader
        title={record ? title : <Skeleton height={30} width={220} radius="sm" />}
        badge={active !== undefined && <StatusBadge active={active} />}
        back={{ to: basePath, label: t("COMMON.BACK_TO_LIST") }}
        secondaryActions={
          record && canToggle && active !== undefined
            ? [
                {
                  key: "activate",
                  label: t(active ? "COMMON.BLOCK" : "COMMON.UNBLOCK"),
                  icon: active ? <IconLock size={16} /> : <IconLockOpen size={16} />,
                  color: active ? "red" : "teal",
                  refusal: refusals.activate && t(refusals.activate),
                  onClick: () => {
                    setTarget(!active);
                    setConfirming(true);
                  },
                },
              ]
            : []
        }
        actions={
          record &&
          canEdit &&
          (refusals.edit ? (
            <RefusedButton refusal={t(refusals.edit)} leftSection={<IconPencil size={16} />}>
              {t("COMMON.EDIT")}
            </RefusedButton>
          ) : (
            <Button component={Link} to={`${basePath}/${record.id}/edit`} leftSection={<IconPencil size={16} />}>
              {t("COMMON.EDIT")}
            </Button>
          ))
        }
      />
      <Stack gap="md">
        {toggleFailure && (
          <ErrorAlert message={toggleFailure.text} resetKey={toggleFailure.at} onClose={() => setToggleFailure(null)} />
        )}
        <Card withBorder radius="md" p="lg">
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl" verticalSpacing="lg" m={0}>
            {detail.fields.map((field) => (
              <Box key={field.key}>
                <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase" mb={4} style={{ letterSpacing: 0.3 }}>
                  {t(field.label)}
                </Text>
                <Box component="dd" m={0} fz="sm">
                  {record ? fieldValue(field, record, t) : <Skeleton height={20} width="60%" radius="sm" />}
                </Box>
              </Box>
            ))}
          </SimpleGrid>
        </Card>
        {record &&
          detail.sections?.map((section) => (
            <Card key={section.key} withBorder radius="md" p="lg">
              {section.title && (
                <Title order={2} fz="md" fw={600} mb="md">
                  {t(section.title)}
                </Title>
              )}
              {section.render(record)}
            </Card>
          ))}
      </Stack>

      {record && active !== undefined && (
        <ConfirmModal
          opened={confirming}
          title={t(target ? "COMMON.UNBLOCK_TITLE" : "COMMON.BLOCK_TITLE", { name: resource.recordLabel(record, t) })}
          confirmLabel={t(target ? "COMMON.UNBLOCK" : "COMMON.BLOCK")}
          confirmColor={target ? "teal" : "red"}
          loading={setActive.isPending}
          onConfirm={toggle}
          onClose={() => setConfirming(false)}
        >
          {t(target ? "COMMON.UNBLOCK_TEXT" : "COMMON.BLOCK_TEXT")}
        </ConfirmModal>
      )}
      <LoadErrorModal
        opened={id === null || query.isError}
        text={t(`${meta.ns}.ERROR_MODAL_TEXT`)}
        retrying={query.isFetching}
        onBack={() => navigate(basePath)}
        onRetry={() => void query.refetch()}
      />
    </>
  );
}
