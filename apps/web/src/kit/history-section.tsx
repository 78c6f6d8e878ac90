import { Button, Card, Divider, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { AuditEntry, Paged } from "@palco/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { api } from "@/lib/api.ts";
import { useCan } from "@/lib/use-can.ts";
import { ChangeTable, EntryHeading } from "./audit-changes.tsx";
import { AUDIT_LOG_KEY } from "./audit-keys.ts";

type HistoryProps = { resource: string; recordId: number };

/**
 * A record's entries in the audit trail, newest first, page by page: who did what and when, and each field's
 * before and after. Shown only to staff holding AUDIT_LOG_INDEX (nothing is requested otherwise).
 */
export function HistorySection(props: HistoryProps) {
  const canRead = useCan("AUDIT_LOG_INDEX");
  return canRead ? <History {...props} /> : null;
}

function History({ resource, recordId }: HistoryProps) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: [AUDIT_LOG_KEY, "history", resource, recordId],
    queryFn: ({ pageParam, signal }) =>
      api<Paged<AuditEntry>>("/api/audit-log", {
        query: { resource, recordId, page: pageParam.page, after: pageParam.after },
        signal,
      }),
    initialPageParam: { page: 1, after: undefined as string | undefined },
    getNextPageParam: (last) => (last.next ? { page: last.page + 1, after: last.next } : undefined),
  });
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <HistoryCard
      title={t("AUDIT.HISTORY")}
      state={query.isPending ? "loading" : query.isError ? "error" : "ready"}
      errorText={t("AUDIT.HISTORY_ERROR")}
      emptyText={t("AUDIT.HISTORY_EMPTY")}
      entries={entries.map((entry) => ({
        key: entry.id,
        content: (
          <>
            <EntryHeading entry={entry} />
            {Object.keys(entry.changes).length > 0 && <ChangeTable changes={entry.changes} resource={resource} />}
          </>
        ),
      }))}
    >
      {query.hasNextPage && (
        <Button
          mt="md"
          variant="default"
          size="xs"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t("AUDIT.SHOW_MORE")}
        </Button>
      )}
    </HistoryCard>
  );
}

/**
 * A card listing changes newest first, one entry under another: a skeleton while loading, a line for an error or
 * for none yet. The record histories and the fee settings' changes use it.
 */
export function HistoryCard({
  title,
  state,
  errorText,
  emptyText,
  entries,
  children,
}: {
  title: string;
  state: "loading" | "error" | "ready";
  errorText: string;
  emptyText: string;
  entries: { key: number | string; content: ReactNode }[];
  /** Under the list (a "show more" button). */
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Title id={titleId} order={2} fz="md" fw={600} mb="md">
        {title}
      </Title>
      {state === "loading" ? (
        <Stack gap="xs">
          <Skeleton height={18} width="40%" />
          <Skeleton height={18} width="70%" />
        </Stack>
      ) : state === "error" ? (
        <Text size="sm" c="red.9">
          {errorText}
        </Text>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: "none" }} data-testid="history-entries">
          {entries.map((entry, index) => (
            <Fragment key={entry.key}>
              {index > 0 && <Divider component="li" aria-hidden />}
              <Stack component="li" gap={6}>
                {entry.content}
              </Stack>
            </Fragment>
          ))}
        </Stack>
      )}
      {children}
    </Card>
  );
}
