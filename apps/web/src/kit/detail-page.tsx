import { Button, Card, Skeleton, Stack, Tabs, Title } from "@mantine/core";
import { IconLock, IconLockOpen, IconPencil } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { serverMessages } from "@/lib/api.ts";
import { usePageTitle } from "@/lib/page-title.ts";
import { useSession } from "@/lib/session.ts";
import { useCan, useCanFn } from "@/lib/use-can.ts";
import { AUDIT_LOG_KEY } from "./audit-keys.ts";
import { useRememberRecent } from "./command-palette/recent.ts";
import { ConfirmModal } from "./confirm-modal.tsx";
import { type Failure, FailureAlert, failureOf } from "./error-alert.tsx";
import { FieldGrid } from "./field-grid.tsx";
import { HistorySection } from "./history-section.tsx";
import { LoadErrorModal } from "./load-error-modal.tsx";
import { PageHeader, RefusedButton } from "./page-header.tsx";
import { useRecordId } from "./record-id.ts";
import { type DetailTab, type Entity, type Refusals, type Resource, resourcePath } from "./resource.ts";
import { useResourceDetail, useSetActive } from "./resource-queries.ts";
import { type StaleConflict, StaleVersionPanel, staleConflictOf } from "./stale-version.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { versionOf } from "./versions.ts";

/**
 * How a detail page's own actions (kit/review-actions.tsx) show a failure: the page's alert, under the header, with
 * the specification's text as its headline and the server's reasons, if any, under it.
 */
const DetailFeedback = createContext<(headline: string, reasons: string[] | null) => void>(() => undefined);
export const useDetailFeedback = () => useContext(DetailFeedback);

/**
 * Read-only view of one record: its fields, back to the list, edit, and block/unblock with confirmation. The state
 * is the badge next to the title (a detail field would repeat it); actions the server would refuse for this record
 * (`resource.refuses`) stay visible but disabled, saying why. With `detail.tabs`, the content is split into tabs
 * under the header; failures of the page's actions still show above them.
 */
// biome-ignore lint/suspicious/noExplicitAny: the detail page does not look at the form or list types
export function DetailPage<T extends Entity>({ resource }: { resource: Resource<T, any, any> }) {
  const { meta, api, detail } = resource;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const id = useRecordId();
  const query = useResourceDetail(api, id);
  const record = query.data;
  const basePath = resourcePath(meta);
  const canEdit = useCan(meta.permissions.edit) && Boolean(resource.form);
  const canToggle = useCan(meta.permissions.activate);
  const can = useCanFn();
  const user = useSession()?.user ?? null;
  const refusals: Refusals = record && resource.refuses ? resource.refuses(record, user) : {};
  const [confirming, setConfirming] = useState(false);
  // The flag the confirmation asks for, frozen while the modal is open (and while it fades out).
  const [target, setTarget] = useState(false);
  const [toggleFailure, setToggleFailure] = useState<Failure | null>(null);
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  const setActive = useSetActive(api, id ?? 0);
  const title = usePageTitle(record ? resource.recordLabel(record, t) : t(`${meta.ns}.DETAIL_TITLE`), {
    translated: true,
  });

  // The command palette offers the records opened last (features/search/recent.ts).
  useRememberRecent(meta.name, record?.id, record ? title : null);

  // Once per record opened, not on every refetch of it.
  const openedId = record?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the resource and the record's id are the trigger
  useEffect(() => {
    if (record && detail.onOpen) detail.onOpen(record, client);
  }, [meta.name, openedId]);

  const active = record?.isActive;
  const toggle = () => {
    setToggleFailure(null);
    setConflict(null);
    setActive.mutate(
      { active: target, version: versionOf(record) },
      {
        onSuccess: () => setConfirming(false),
        onError: (error) => {
          setConfirming(false);
          const stale = staleConflictOf(error);
          if (stale) {
            // Shown as it is now, with who changed what since; blocking again then acts on that version.
            setConflict(stale);
            void query.refetch();
            void client.invalidateQueries({ queryKey: [AUDIT_LOG_KEY] });
            return;
          }
          // The entity's text, with the server's reason under it when it gave one ("You cannot block your own account").
          setToggleFailure(failureOf(t(`${meta.ns}.AVAILABILITY_TOGGLE_ERROR_MESSAGE`), serverMessages(error)));
        },
      },
    );
  };

  const report = (headline: string, reasons: string[] | null) => setToggleFailure(failureOf(headline, reasons));

  const ownContent = (
    <>
      <Card withBorder radius="md" p="lg">
        {detail.fieldsTitle && (
          <Title order={2} fz="md" fw={600} mb="md">
            {t(detail.fieldsTitle)}
          </Title>
        )}
        <FieldGrid fields={detail.fields} record={record} />
      </Card>
      {/* Sections of fields show placeholders while the record loads; drawn ones wait for it. */}
      {detail.sections?.map(
        (section) =>
          (section.fields || record) &&
          (!section.permission || can(section.permission)) && (
            <Card key={section.key} withBorder radius="md" p="lg">
              {section.title && (
                <Title order={2} fz="md" fw={600} mb="md">
                  {t(section.title)}
                </Title>
              )}
              {section.fields ? (
                <FieldGrid fields={section.fields} record={record} />
              ) : (
                record && section.render(record)
              )}
            </Card>
          ),
      )}
      {record && detail.history !== false && <HistorySection resource={meta.name} recordId={record.id} />}
    </>
  );

  return (
    <DetailFeedback.Provider value={report}>
      <PageHeader
        title={record ? title : <Skeleton height={30} width={220} radius="sm" />}
        badge={
          (active !== undefined || (record && detail.badge)) && (
            <>
              {record && detail.badge?.(record)}
              {active !== undefined && <StatusBadge active={active} />}
            </>
          )
        }
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
          record && (
            <>
              {detail.actions?.(record)}
              {canEdit &&
                (refusals.edit ? (
                  <RefusedButton refusal={t(refusals.edit)} leftSection={<IconPencil size={16} />}>
                    {t("COMMON.EDIT")}
                  </RefusedButton>
                ) : (
                  <Button component={Link} to={`${basePath}/${record.id}/edit`} leftSection={<IconPencil size={16} />}>
                    {t("COMMON.EDIT")}
                  </Button>
                ))}
            </>
          )
        }
      />
      <Stack gap="md">
        {conflict && <StaleVersionPanel conflict={conflict} resource={meta.name} onClose={() => setConflict(null)} />}
        {toggleFailure && <FailureAlert failure={toggleFailure} onClose={() => setToggleFailure(null)} />}
        {detail.tabs ? <DetailTabs tabs={detail.tabs} record={record} ownContent={ownContent} /> : ownContent}
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
          returnFocus={conflict === null}
        >
          {t(target ? "COMMON.UNBLOCK_TEXT" : "COMMON.BLOCK_TEXT")}
        </ConfirmModal>
      )}
      <LoadErrorModal
        opened={id === null || query.isError}
        text={t(detail.loadErrorText ?? `${meta.ns}.ERROR_MODAL_TEXT`)}
        retrying={query.isFetching}
        onBack={() => navigate(basePath)}
        onRetry={() => void query.refetch()}
      />
    </DetailFeedback.Provider>
  );
}

/**
 * The page as tabs (Mantine Tabs: arrow keys move between them). The open tab is in the URL (`?tab=key`, none for
 * the first), so a reload or a shared link reopens it; switching replaces the history entry, so Back still leaves
 * the page. Only the open tab is mounted: a tab's data loads when it is first opened.
 */
function DetailTabs<T>({
  tabs,
  record,
  ownContent,
}: {
  tabs: DetailTab<T>[];
  record: T | undefined;
  ownContent: ReactNode;
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const first = tabs[0]?.key;
  const requested = searchParams.get("tab");
  const open = tabs.some((tab) => tab.key === requested) ? requested : first;

  const select = (key: string | null) => {
    if (!key) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (key === first) next.delete("tab");
        else next.set("tab", key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <Tabs value={open} onChange={select} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} value={tab.key}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.key} value={tab.key}>
          {!tab.render ? (
            <Stack gap="md">{ownContent}</Stack>
          ) : record ? (
            tab.render(record)
          ) : (
            <Skeleton height={320} radius="md" />
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
