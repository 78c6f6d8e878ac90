import { Affix, Menu } from "@mantine/core";
import type { ExportFormat, ExportResource } from "@palco/shared/resources/exports";
import { IconFileSpreadsheet, IconFileTypeCsv } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "@/kit/error-alert.tsx";
import { type Notice, stepUpDeclinedNotice } from "@/kit/step-up-declined.ts";
import { useStartExport } from "./api.ts";
import { ExportButton } from "./export-menu.tsx";

// The progress panel loads with the first export started.
const ExportProgress = lazy(() =>
  import("./export-progress.tsx").then((module) => ({ default: module.ExportProgress })),
);

/** The list's address without its page: the export holds every row of the current filters, search and sort. */
const PAGING = new Set(["page", "after", "before"]);

/** The menu of ExportMenu (export-menu.tsx), its notices and its progress panel. */
export function ExportControls({ resource, openAtOnce }: { resource: ExportResource; openAtOnce: boolean }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const start = useStartExport();
  const [jobId, setJobId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const exportAs = (format: ExportFormat) => {
    const query = Object.fromEntries([...searchParams.entries()].filter(([name, value]) => !PAGING.has(name) && value));
    start.mutate(
      { resource, format, query },
      {
        onSuccess: (job) => setJobId(job.id),
        // A declined step-up (the member closed "Confirm it is you") is said as such, not as a failure.
        onError: (error) =>
          setNotice(stepUpDeclinedNotice(error, t) ?? { text: t("EXPORTS.START_FAILED"), at: Date.now() }),
      },
    );
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={260} defaultOpened={openAtOnce}>
        <Menu.Target>
          <ExportButton loading={start.isPending} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFileTypeCsv size={16} aria-hidden />} onClick={() => exportAs("csv")}>
            {t("EXPORTS.CSV")}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => exportAs("xlsx")}>
            {t("EXPORTS.XLSX")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {notice && (
        <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
          <ErrorAlert message={notice.text} neutral={notice.neutral} autoHide resetKey={notice.at} />
        </Affix>
      )}
      {jobId !== null && (
        <Suspense fallback={null}>
          <ExportProgress id={jobId} onClose={() => setJobId(null)} />
        </Suspense>
      )}
    </>
  );
}
