import { Button, Card, Divider, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { AuditEntry, Paged } from "@palco/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { api } from "@/lib/api.ts";
import { useCan } from "@/lib/use-can.ts";
import { ChangeTable, EntryHeading, type FieldLabels } from "./audit-changes.tsx";
import { AUDIT_LOG_KEY } from "./audit-keys.ts";

type HistoryProps = { resource: string; recordId: number; labels?: FieldLabels | undefined };

/**
 * A record's entries in the audit trail, newest first, page by page: who did what and when, and each field's
 * before and after. Shown only to staff holding AUDIT_LOG_INDEX (nothing is requested otherwise).
 */
export function HistorySection(props: HistoryProps) {
  const canRead = useCan("AUDIT_LOG_INDEX");
  return canRead ? <History {...props} /> : null;
}

function History({ resource, recordId, labels }: HistoryProps) {
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
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="history-title">
      <Title id="history-title" order={2} fz="md" fw={600} mb="md">
        {t("AUDIT.HISTORY")}
      </Title>
      {query.isPending ? (
        <Stack gap="xs">
          <Skeleton height={18} width="40%" />
          <Skeleton height={18} width="70%" />
        </Stack>
      ) : query.isError ? (
        <Text size="sm" c="red.9">
          {t("AUDIT.HISTORY_ERROR")}
        </Text>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("AUDIT.HISTORY_EMPTY")}
        </Text>
      ) : (
        <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
          {entries.map((entry, index) => (
            <Fragment key={entry.id}>
              {index > 0 && <Divider component="li" aria-hidden />}
              <Stack component="li" gap={6}>
                <EntryHeading entry={entry} />
                {Object.keys(entry.changes).length > 0 && <ChangeTable changes={entry.changes} labels={labels} />}
              </Stack>
            </Fragment>
          ))}
        </Stack>
      )}
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
    </Card>
  );
}
