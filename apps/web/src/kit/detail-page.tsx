import { Badge, Box, Button, Card, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { IconArrowLeft, IconLock, IconLockOpen, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { usePageTitle } from "@/lib/page-title.ts";
import { useCan } from "@/lib/use-can.ts";
import { ConfirmModal } from "./confirm-modal.tsx";
import { ErrorAlert } from "./error-alert.tsx";
import { fieldValue } from "./field-value.tsx";
import { LoadErrorModal } from "./load-error-modal.tsx";
import { PageHeader } from "./page-header.tsx";
import { useRecordId } from "./record-id.ts";
import { type Entity, type Resource, resourcePath } from "./resource.ts";
import { useResourceDetail, useSetActive } from "./resource-queries.ts";

/** Read-only view of one record: its fields, back to the list, edit, and block/unblock with confirmation. */
export function DetailPage<T extends Entity>({ resource }: { resource: Resource<T> }) {
  const { meta, api, detail } = resource;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecordId();
  const query = useResourceDetail(api, id);
  const record = query.data;
  const basePath = resourcePath(meta);
  const canEdit = useCan(meta.permissions.edit) && Boolean(resource.form);
  const canToggle = useCan(meta.permissions.activate);
  const [confirming, setConfirming] = useState(false);
  // The flag the confirmation asks for, frozen while the modal is open (and while it fades out).
  const [target, setTarget] = useState(false);
  const [toggleFailed, setToggleFailed] = useState(0);
  const setActive = useSetActive(api, id ?? 0);
  const title = usePageTitle(record ? resource.recordLabel(record) : t(`${meta.ns}.DETAIL_TITLE`), {
    translated: true,
  });

  const active = record?.isActive;
  const toggle = () => {
    setActive.mutate(target, {
      onSuccess: () => setConfirming(false),
      onError: () => {
        setConfirming(false);
        setToggleFailed((count) => count + 1);
      },
    });
  };

  return (
    <>
      <PageHeader
        parent={{ to: basePath, label: t(`${meta.ns}.TITLE`) }}
        title={record ? title : <Skeleton height={30} width={220} radius="sm" />}
        badge={
          active !== undefined && (
            <Badge variant="dot" color={active ? "teal" : "gray"} size="lg" tt="none" fw={500}>
              {t(active ? "COMMON.ACTIVE" : "COMMON.INACTIVE")}
            </Badge>
          )
        }
        actions={
          <>
            <Button component={Link} to={basePath} variant="default" leftSection={<IconArrowLeft size={16} />}>
              {t("COMMON.BACK_TO_LIST")}
            </Button>
            {record && canToggle && active !== undefined && (
              <Button
                variant="light"
                color={active ? "red" : "teal"}
                leftSection={active ? <IconLock size={16} /> : <IconLockOpen size={16} />}
                onClick={() => {
                  setTarget(!active);
                  setConfirming(true);
                }}
              >
                {t(active ? "COMMON.BLOCK" : "COMMON.UNBLOCK")}
              </Button>
            )}
            {record && canEdit && (
              <Button component={Link} to={`${basePath}/${record.id}/edit`} leftSection={<IconPencil size={16} />}>
                {t("COMMON.EDIT")}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md">
        {toggleFailed > 0 && (
          <ErrorAlert message={t(`${meta.ns}.AVAILABILITY_TOGGLE_ERROR_MESSAGE`)} resetKey={toggleFailed} />
        )}
        <Card withBorder radius="md" p="lg">
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl" verticalSpacing="lg" m={0}>
            {detail.fields.map((field) => (
              <Box key={field.key}>
                <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase" mb={4} style={{ letterSpacing: 0.3 }}>
                  {t(field.label)}
                </Text>
                <Box component="dd" m={0} fz="sm">
                  {record ? fieldValue(field, record) : <Skeleton height={20} width="60%" radius="sm" />}
                </Box>
              </Box>
            ))}
          </SimpleGrid>
        </Card>
      </Stack>

      {record && active !== undefined && (
        <ConfirmModal
          opened={confirming}
          title={t(target ? "COMMON.UNBLOCK_TITLE" : "COMMON.BLOCK_TITLE", { name: resource.recordLabel(record) })}
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
