import {
  ActionIcon,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useIntersection } from "@mantine/hooks";
import { IconChartBar, IconDownload } from "@tabler/icons-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CsvColumn, downloadCsv, toCsv } from "./csv.ts";

/**
 * The charts of a report screen (the dashboard today): a card per chart with its title and a CSV download, a
 * skeleton of the chart's own height while it loads (no jump when it arrives), an empty state for a period
 * without data, an error with Retry, and the chart's numbers as a table for screen readers. The columns of that
 * table are those of the CSV, so both always say the same.
 */

export type ReportState = "loading" | "error" | "empty" | "ready";

type CardProps<T> = {
  title: string;
  state: ReportState;
  /** The body's height while loading, empty or failed, and the least it takes with data (no jump on arrival). */
  height: number;
  rows: readonly T[];
  columns: CsvColumn<T>[];
  /** The download's name without the extension. */
  fileName: string;
  onRetry: () => void;
  /** Shown above the chart while it loads (with placeholders, so the chart does not move) and once it has data. */
  summary?: ReactNode;
  /** What the empty state says (a period without data by default). */
  emptyText?: string;
  /** Whether the screen-reader table repeats the data (off when the body already is a table). */
  withDataTable?: boolean;
  children: ReactNode;
};

export function ReportCard<T>({
  title,
  state,
  height,
  rows,
  columns,
  fileName,
  onRetry,
  summary,
  emptyText,
  withDataTable = true,
  children,
}: CardProps<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const downloadLabel = t("REPORTS_PAGE.DOWNLOAD_CSV", { chart: title });
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={titleId} aria-busy={state === "loading"}>
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Title id={titleId} order={3} fz="md" fw={600}>
          {title}
        </Title>
        <Tooltip label={downloadLabel} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={downloadLabel}
            disabled={state !== "ready"}
            onClick={() => downloadCsv(`${fileName}.csv`, toCsv(columns, rows))}
          >
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {(state === "ready" || state === "loading") && summary}
      <div style={{ minHeight: height, position: "relative" }}>
        {state === "loading" ? (
          <Skeleton height={height} radius="sm" />
        ) : state === "error" ? (
          <Stack h={height} align="center" justify="center" gap="sm">
            <Text size="sm" c="red.9">
              {t("REPORTS_PAGE.ERROR")}
            </Text>
            <Button size="xs" variant="default" onClick={onRetry}>
              {t("REPORTS_PAGE.RETRY")}
            </Button>
          </Stack>
        ) : state === "empty" ? (
          <Stack h={height} align="center" justify="center" gap={4}>
            <IconChartBar size={28} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={500}>{emptyText ?? t("REPORTS_PAGE.EMPTY")}</Text>
            {!emptyText && (
              <Text size="sm" c="dimmed">
                {t("REPORTS_PAGE.EMPTY_HINT")}
              </Text>
            )}
          </Stack>
        ) : // A report that is a table (no screen-reader copy) is cheap to draw and is the content itself: at once.
        withDataTable ? (
          <WhenNear height={height}>{children}</WhenNear>
        ) : (
          children
        )}
      </div>
      {state === "ready" && withDataTable && (
        <VisuallyHidden>
          <DataTable caption={t("REPORTS_PAGE.DATA_TABLE", { chart: title })} columns={columns} rows={rows} />
        </VisuallyHidden>
      )}
    </Card>
  );
}

/**
 * Draws a chart once its card comes within a screen of the viewport, and keeps it drawn. Each chart costs a slow
 * phone a long task (the dashboard's seven took 1.3 s of main thread at 4× CPU, most of it below the fold); the card
 * keeps its height meanwhile, and the numbers are already in its screen-reader table.
 */
function WhenNear({ height, children }: { height: number; children: ReactNode }) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: "200px 0px" });
  const [near, setNear] = useState(typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (entry?.isIntersecting) setNear(true);
  }, [entry?.isIntersecting]);
  return near ? children : <div ref={ref} style={{ height }} />;
}

/** A plain table of the report's columns (the screen-reader view of a chart, or a report that is a table). */
export function DataTable<T>({
  caption,
  columns,
  rows,
}: {
  caption?: string;
  columns: CsvColumn<T>[];
  rows: readonly T[];
}) {
  return (
    <Table>
      {caption && <caption>{caption}</caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header}>{column.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id; their order is the bucket order
          <Table.Tr key={index}>
            {columns.map((column) => (
              <Table.Td key={column.header}>{column.display ? column.display(row) : column.value(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
