import { Affix, Anchor, Button, CloseButton, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useExportJob } from "./api.ts";
import { EXPORTS_PATH } from "./paths.ts";

/** The progress of one export: rows written of the total, then its download link. */
export function ExportProgress({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { data: job } = useExportJob(id);
  const number = (value: number) => value.toLocaleString(i18n.language);
  const list = job ? t(`EXPORTS.LISTS.${job.resource}`) : "";
  const percent = job?.total ? Math.min(100, Math.round((job.rows / job.total) * 100)) : 0;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
      <Paper
        withBorder
        shadow="md"
        p="md"
        w={{ base: "calc(100vw - 32px)", sm: 340 }}
        role="status"
        aria-live="polite"
        data-testid="export-progress"
      >
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              {t("EXPORTS.PANEL_TITLE", { list })}
            </Text>
            <CloseButton size="sm" onClick={onClose} aria-label={t("EXPORTS.PANEL_CLOSE")} />
          </Group>
          {job && (
            <>
              <Text size="sm" c={job.status === "failed" ? "red" : "dimmed"}>
                {job.status === "failed"
                  ? job.error
                  : job.status === "queued"
                    ? t("EXPORTS.QUEUED")
                    : job.total === null
                      ? t("EXPORTS.PROGRESS_UNKNOWN", { rows: number(job.rows) })
                      : t("EXPORTS.PROGRESS", { rows: number(job.rows), total: number(job.total) })}
              </Text>
              {job.status !== "failed" && (
                <Progress
                  value={job.status === "ready" ? 100 : percent}
                  animated={job.status !== "ready"}
                  aria-label={t("EXPORTS.COLUMNS.PROGRESS")}
                />
              )}
            </>
          )}
          <Group justify="space-between">
            <Anchor component={Link} to={EXPORTS_PATH} size="sm">
              {t("EXPORTS.SEE_ALL")}
            </Anchor>
            {job?.status === "ready" && job.url && (
              <Button
                component="a"
                href={job.url}
                download={job.fileName}
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
              >
                {t("EXPORTS.DOWNLOAD")}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
