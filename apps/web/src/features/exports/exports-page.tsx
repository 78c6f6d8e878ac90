import { Badge, Button, Card, Progress, Stack, Table, Text } from "@mantine/core";
import type { ExportJob } from "@palco/shared/resources/exports";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "@/kit/error-alert.tsx";
import { formatDateTime } from "@/kit/format.ts";
import { PageHeader } from "@/kit/page-header.tsx";
import { usePageTitle } from "@/lib/page-title.ts";
import { useExports } from "./api.ts";

const STATUS_COLORS: Record<ExportJob["status"], string> = {
  queued: "gray",
  running: "blue",
  ready: "green",
  failed: "red",
};

/** The member's own exports: status, progress, when made and when deleted, and the download once ready. */
export default function ExportsPage() {
  const { t, i18n } = useTranslation();
  const title = usePageTitle("EXPORTS.TITLE");
  const query = useExports();
  const items = query.data?.items ?? [];
  const number = (value: number) => value.toLocaleString(i18n.language);

  return (
    <>
      <PageHeader title={title} description={t("EXPORTS.DESCRIPTION")} />
      <Stack gap="md">
        {query.isError && <ErrorAlert message={t("ERROR_PAGES.LOADING_DATA")} />}
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("EXPORTS.COLUMNS.LIST")}</Table.Th>
                  <Table.Th>{t("EXPORTS.COLUMNS.FORMAT")}</Table.Th>
                  <Table.Th>{t("EXPORTS.COLUMNS.STATUS")}</Table.Th>
                  <Table.Th>{t("EXPORTS.COLUMNS.PROGRESS")}</Table.Th>
                  <Table.Th>{t("EXPORTS.COLUMNS.CREATED")}</Table.Th>
                  <Table.Th>{t("EXPORTS.COLUMNS.EXPIRES")}</Table.Th>
                  <Table.Th>{t("EXPORTS.COLUMNS.FILE")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.isSuccess && items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text c="dimmed" ta="center" py="lg">
                        {t("EXPORTS.EMPTY")}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {items.map((job) => (
                  <Table.Tr key={job.id} data-testid={`export-${job.id}`}>
                    <Table.Td>{t(`EXPORTS.LISTS.${job.resource}`)}</Table.Td>
                    <Table.Td>{t(`EXPORTS.FORMATS.${job.format}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[job.status]} variant="light">
                        {t(`EXPORTS.STATUSES.${job.status}`)}
                      </Badge>
                      {job.error && (
                        <Text size="xs" c="red" mt={4}>
                          {job.error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td miw={140}>
                      <Text size="sm">
                        {job.total === null
                          ? t("EXPORTS.PROGRESS_UNKNOWN", { rows: number(job.rows) })
                          : t("EXPORTS.PROGRESS", { rows: number(job.rows), total: number(job.total) })}
                      </Text>
                      {job.status === "running" && job.total ? (
                        <Progress
                          mt={4}
                          value={Math.round((job.rows / job.total) * 100)}
                          aria-label={t("EXPORTS.COLUMNS.PROGRESS")}
                        />
                      ) : null}
                    </Table.Td>
                    <Table.Td>{formatDateTime(job.createdAt)}</Table.Td>
                    <Table.Td>{job.expiresAt ? formatDateTime(job.expiresAt) : "—"}</Table.Td>
                    <Table.Td>
                      {job.status === "ready" && job.url ? (
                        <Button
                          component="a"
                          href={job.url}
                          download={job.fileName}
                          size="xs"
                          variant="light"
                          leftSection={<IconDownload size={14} aria-hidden />}
                          aria-label={t("EXPORTS.DOWNLOAD_NAMED", { name: job.fileName })}
                        >
                          {t("EXPORTS.DOWNLOAD")}
                        </Button>
                      ) : (
                        "—"
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </Stack>
    </>
  );
}
