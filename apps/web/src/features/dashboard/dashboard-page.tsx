import "@mantine/dates/styles.css";
import {
  Anchor,
  Button,
  Group,
  Loader,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import type { CountRow, FutureBooking, IncomeRow, PieSlice } from "@palco/shared";
// The schema-free modules: the dashboard loads no zod before it shows.
import { fromCents, toCents } from "@palco/shared/resources/money";
import { REPORT_PERIODS, REPORT_PERMISSIONS, type ReportAudience } from "@palco/shared/resources/reports-values";
import { IconCalendar } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { venueDateTime } from "@/features/bookings/booking-view.ts";
import type { CsvColumn } from "@/kit/csv.ts";
import { dateFormatFor, formatDay, formatUsd, formatUsdCompact } from "@/kit/format.ts";
import { PageHeader } from "@/kit/page-header.tsx";
import { ReportCard, type ReportState } from "@/kit/report-card.tsx";
import { ReportBars, ReportPie } from "@/kit/report-charts.tsx";
import { usePageTitle } from "@/lib/page-title.ts";
import { useSession } from "@/lib/session.ts";
import { useCan, useCanFn } from "@/lib/use-can.ts";
import {
  useActivityReport,
  useAgeReport,
  useBoxSignUps,
  useFutureBookings,
  useIncomeReport,
  useMemberSignUps,
} from "./api.ts";
import { earliestDay, marketplaceToday, type ReportRange, readReportRange, writeReportRange } from "./report-range.ts";
import { Shortcuts } from "./shortcuts.tsx";

const BAR_HEIGHT = 260;
const PIE_HEIGHT = 220;
const TABLE_HEIGHT = 300;

/** Loading until the first answer; an error only when nothing is on screen; empty when every bucket is zero. */
function stateOf(query: UseQueryResult<unknown>, hasData: boolean): ReportState {
  if (query.isPending) return "loading";
  if (query.isError && !query.data) return "error";
  return hasData ? "ready" : "empty";
}

/** The columns every bar report starts with: the bucket and the days of the range it covers. */
function bucketColumns<T extends CountRow>(t: (key: string) => string): CsvColumn<T>[] {
  return [
    { header: t("REPORTS_PAGE.COLUMNS.PERIOD"), value: (row) => row.name },
    // The file keeps ISO days (spreadsheets read them as dates); the screen shows them as every other date.
    {
      header: t("REPORTS_PAGE.COLUMNS.FROM"),
      value: (row) => row.startDate,
      display: (row) => formatDay(row.startDate),
    },
    { header: t("REPORTS_PAGE.COLUMNS.TO"), value: (row) => row.endDate, display: (row) => formatDay(row.endDate) },
  ];
}

/** A download's name: the report and the days it covers. */
const fileName = (report: string, range: ReportRange) => `${report}-${range.startDate}-${range.endDate}`;

/** The income report's totals; while it loads (`rows` null), a placeholder of the same height for each. */
function Totals({ rows }: { rows: IncomeRow[] | null }) {
  const { t } = useTranslation();
  const sum = (pick: (row: IncomeRow) => string) =>
    rows ? fromCents(rows.reduce((total, row) => total + toCents(pick(row)), 0n)) : null;
  const totals = [
    { label: t("REPORTS_PAGE.TOTALS.PAID"), value: sum((row) => row.paidToOwners) },
    { label: t("REPORTS_PAGE.TOTALS.PENDING"), value: sum((row) => row.pendingPaymentsOwner) },
    { label: t("REPORTS_PAGE.TOTALS.TOTAL"), value: sum((row) => row.income) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="md" component="dl" m={0}>
      {totals.map((total) => (
        <div key={total.label} data-testid="report-total">
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {total.label}
          </Text>
          <Text component="dd" m={0} fz="lg" fw={650} style={{ fontVariantNumeric: "tabular-nums" }}>
            {total.value === null ? (
              <Skeleton
                component="span"
                display="block"
                height="calc(var(--mantine-font-size-lg) * var(--mantine-line-height))"
                width="60%"
                radius="sm"
              />
            ) : (
              formatUsd(total.value)
            )}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function IncomeCharts({ query, range }: { query: UseQueryResult<IncomeRow[]>; range: ReportRange }) {
  const { t } = useTranslation();
  const rows = query.data ?? [];
  const state = stateOf(
    query,
    rows.some((row) => row.count > 0 || row.income !== "0.00"),
  );
  // Income includes the fees: the bar stacks what is left after them under the fees, so its height is the income.
  const money = rows.map((row) => ({
    name: row.name,
    net: Number(fromCents(toCents(row.income) - toCents(row.fee))),
    fee: Number(row.fee),
  }));
  const counts = rows.map((row) => ({ name: row.name, count: row.count }));
  const incomeColumns: CsvColumn<IncomeRow>[] = [
    ...bucketColumns<IncomeRow & CountRow>(t),
    { header: t("REPORTS_PAGE.SERIES.INCOME"), value: (row) => row.income },
    { header: t("REPORTS_PAGE.SERIES.FEE"), value: (row) => row.fee },
    { header: t("REPORTS_PAGE.SERIES.PAID_TO_OWNERS"), value: (row) => row.paidToOwners },
    { header: t("REPORTS_PAGE.SERIES.PENDING_TO_OWNERS"), value: (row) => row.pendingPaymentsOwner },
    { header: t("REPORTS_PAGE.SERIES.RENTALS"), value: (row) => row.count },
  ];
  const rentalColumns: CsvColumn<IncomeRow>[] = [
    ...bucketColumns<IncomeRow & CountRow>(t),
    { header: t("REPORTS_PAGE.SERIES.RENTALS"), value: (row) => row.count },
  ];
  return (
    <>
      <ReportCard
        title={t("REPORTS_PAGE.CHARTS.INCOME")}
        state={state}
        height={BAR_HEIGHT}
        rows={rows}
        columns={incomeColumns}
        fileName={fileName("income", range)}
        onRetry={() => void query.refetch()}
        summary={<Totals rows={state === "loading" ? null : rows} />}
      >
        <ReportBars
          label={t("REPORTS_PAGE.CHARTS.INCOME")}
          data={money}
          height={BAR_HEIGHT}
          stacked
          series={[
            { name: "net", label: t("REPORTS_PAGE.SERIES.NET_INCOME"), color: "blue.7" },
            { name: "fee", label: t("REPORTS_PAGE.SERIES.FEE"), color: "orange.8" },
          ]}
          valueFormatter={formatUsd}
          axisFormatter={formatUsdCompact}
        />
      </ReportCard>
      <ReportCard
        title={t("REPORTS_PAGE.CHARTS.RENTALS")}
        state={state}
        height={BAR_HEIGHT}
        rows={rows}
        columns={rentalColumns}
        fileName={fileName("rentals", range)}
        onRetry={() => void query.refetch()}
      >
        <ReportBars
          label={t("REPORTS_PAGE.CHARTS.RENTALS")}
          data={counts}
          height={BAR_HEIGHT}
          series={[{ name: "count", label: t("REPORTS_PAGE.SERIES.RENTALS"), color: "teal.8" }]}
        />
      </ReportCard>
    </>
  );
}

/** Box or member sign-ups per bucket. */
function SignUpChart({
  title,
  query,
  report,
  range,
  color,
}: {
  title: string;
  query: UseQueryResult<CountRow[]>;
  report: string;
  range: ReportRange;
  color: string;
}) {
  const { t } = useTranslation();
  const rows = query.data ?? [];
  const columns: CsvColumn<CountRow>[] = [
    ...bucketColumns<CountRow>(t),
    { header: t("REPORTS_PAGE.SERIES.SIGN_UPS"), value: (row) => row.count },
  ];
  return (
    <ReportCard
      title={title}
      state={stateOf(
        query,
        rows.some((row) => row.count > 0),
      )}
      height={BAR_HEIGHT}
      rows={rows}
      columns={columns}
      fileName={fileName(report, range)}
      onRetry={() => void query.refetch()}
    >
      <ReportBars
        label={title}
        data={rows.map((row) => ({ name: row.name, count: row.count }))}
        height={BAR_HEIGHT}
        series={[{ name: "count", label: t("REPORTS_PAGE.SERIES.SIGN_UPS"), color }]}
      />
    </ReportCard>
  );
}

function PieReport({ title, query, report }: { title: string; query: UseQueryResult<PieSlice[]>; report: string }) {
  const { t } = useTranslation();
  const rows = query.data ?? [];
  const columns: CsvColumn<PieSlice>[] = [
    { header: t("REPORTS_PAGE.COLUMNS.SLICE"), value: (row) => row.name },
    { header: t("REPORTS_PAGE.SERIES.MEMBERS"), value: (row) => row.value },
  ];
  return (
    <ReportCard
      title={title}
      state={stateOf(
        query,
        rows.some((row) => row.value > 0),
      )}
      height={PIE_HEIGHT}
      rows={rows}
      columns={columns}
      fileName={report}
      onRetry={() => void query.refetch()}
    >
      <ReportPie data={rows} height={PIE_HEIGHT} />
    </ReportCard>
  );
}

function BookedBoxes() {
  const { t } = useTranslation();
  const canOpen = useCan("BOOKINGS_SHOW");
  const query = useFutureBookings(true);
  const rows = query.data ?? [];
  const when = (booking: FutureBooking) => venueDateTime(booking.startsAt, booking.event.venue.timeZone);
  const columns: CsvColumn<FutureBooking>[] = [
    { header: t("REPORTS_PAGE.COLUMNS.KEY"), value: (row) => row.key },
    { header: t("REPORTS_PAGE.COLUMNS.DATE"), value: when },
    { header: t("REPORTS_PAGE.COLUMNS.BOX"), value: (row) => row.box.number },
    { header: t("REPORTS_PAGE.COLUMNS.ZONE"), value: (row) => row.box.boxZone },
    { header: t("REPORTS_PAGE.COLUMNS.VENUE"), value: (row) => row.event.venue.name },
    { header: t("REPORTS_PAGE.COLUMNS.EVENT"), value: (row) => row.event.name ?? t("REPORTS_PAGE.SEASON") },
  ];
  return (
    <ReportCard
      title={t("REPORTS_PAGE.CHARTS.BOOKED_BOXES")}
      state={stateOf(query, rows.length > 0)}
      height={TABLE_HEIGHT}
      rows={rows}
      columns={columns}
      fileName="booked-boxes"
      onRetry={() => void query.refetch()}
      emptyText={t("REPORTS_PAGE.NO_UPCOMING")}
      withDataTable={false}
    >
      <ScrollArea h={TABLE_HEIGHT} type="auto">
        <Table striped highlightOnHover verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("REPORTS_PAGE.COLUMNS.KEY")}</Table.Th>
              <Table.Th>{t("REPORTS_PAGE.COLUMNS.DATE")}</Table.Th>
              <Table.Th>{t("REPORTS_PAGE.COLUMNS.BOX")}</Table.Th>
              <Table.Th>{t("REPORTS_PAGE.COLUMNS.VENUE")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((booking) => (
              <Table.Tr key={booking.id}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {canOpen ? (
                    <Anchor component={Link} to={`/bookings/${booking.id}`} fz="sm">
                      {booking.key}
                    </Anchor>
                  ) : (
                    booking.key
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{when(booking)}</Table.Td>
                <Table.Td>
                  {booking.box.number} · {booking.box.boxZone}
                </Table.Td>
                <Table.Td>{booking.event.venue.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </ReportCard>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={`dashboard-${id}`}>
      <Title order={2} fz="lg" fw={650} id={`dashboard-${id}`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The period buttons (spec 02 §2: Mensual, Semestral, Anual) and the date range, both written to the URL. */
function RangeToolbar({
  range,
  today,
  onChange,
  updating,
}: {
  range: ReportRange;
  today: string;
  onChange: (range: ReportRange) => void;
  updating: boolean;
}) {
  const { t, i18n } = useTranslation();
  // The picker holds a half-chosen range (a start without its end) until the second click completes it.
  const [draft, setDraft] = useState<[string | null, string | null]>([range.startDate, range.endDate]);
  useEffect(() => setDraft([range.startDate, range.endDate]), [range.startDate, range.endDate]);
  const periodId = useId();
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={4}>
        <Text id={periodId} size="sm" fw={500}>
          {t("REPORTS_PAGE.PERIOD")}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Button.Group aria-labelledby={periodId}>
            {REPORT_PERIODS.map((period) => (
              <Button
                key={period}
                variant={range.type === period ? "filled" : "default"}
                aria-pressed={range.type === period}
                onClick={() => onChange({ ...range, type: period })}
              >
                {t(`REPORTS_PAGE.PERIODS.${period}`)}
              </Button>
            ))}
          </Button.Group>
          {updating && <Loader size="xs" aria-label={t("REPORTS_PAGE.UPDATING")} />}
        </Group>
      </Stack>
      <DatePickerInput
        type="range"
        label={t("REPORTS_PAGE.RANGE")}
        value={draft}
        onChange={(next) => {
          setDraft(next);
          const [startDate, endDate] = next;
          if (startDate && endDate) onChange({ ...range, startDate, endDate });
        }}
        onDropdownClose={() => setDraft([range.startDate, range.endDate])}
        allowSingleDateInRange
        minDate={earliestDay(today)}
        maxDate={today}
        valueFormat={dateFormatFor(i18n.language)}
        locale={i18n.language}
        leftSection={<IconCalendar size={16} aria-hidden />}
        w={{ base: "100%", xs: 260 }}
      />
    </Group>
  );
}

/**
 * The dashboard (spec 02 §2): income, boxes and users, each chart shown to whoever may read its report. The
 * period and range live in the URL (?type=6&startDate=…&endDate=…), so a reload or a shared link shows the same.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle("DASHBOARD.TITLE");
  const session = useSession();
  const allowed = useCanFn();
  const may = (audience: ReportAudience) => REPORT_PERMISSIONS[audience].some((code) => allowed(code));
  const [searchParams, setSearchParams] = useSearchParams();
  const today = useMemo(() => marketplaceToday(), []);
  const range = readReportRange(searchParams, today);
  const boxSignUps = useBoxSignUps(range, may("boxes"));
  const memberSignUps = useMemberSignUps(range, may("members"));
  const ages = useAgeReport(may("members"));
  const activity = useActivityReport(may("members"));
  const income = useIncomeReport(range, may("income"));
  const updating = [income, boxSignUps, memberSignUps].some((query) => query.isPlaceholderData && query.isFetching);

  if (!(["income", "boxes", "members", "future"] as const).some(may)) return <Shortcuts />;
  const name = session ? session.user.firstName || session.user.email : "";

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <PageHeader title={t("DASHBOARD.TITLE")} description={t("REPORTS_PAGE.GREETING", { name })} />
        <RangeToolbar
          range={range}
          today={today}
          updating={updating}
          onChange={(next) => setSearchParams(writeReportRange(next, today))}
        />
      </Stack>
      {may("income") && (
        <Section id="income" title={t("REPORTS_PAGE.SECTIONS.INCOME")}>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <IncomeCharts query={income} range={range} />
          </SimpleGrid>
        </Section>
      )}
      {(may("boxes") || may("future")) && (
        <Section id="boxes" title={t("REPORTS_PAGE.SECTIONS.BOXES")}>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {may("boxes") && (
              <SignUpChart
                title={t("REPORTS_PAGE.CHARTS.BOX_SIGN_UPS")}
                query={boxSignUps}
                report="box-sign-ups"
                range={range}
                color="grape.7"
              />
            )}
            {may("future") && <BookedBoxes />}
          </SimpleGrid>
        </Section>
      )}
      {may("members") && (
        <Section id="users" title={t("REPORTS_PAGE.SECTIONS.USERS")}>
          <SignUpChart
            title={t("REPORTS_PAGE.CHARTS.MEMBER_SIGN_UPS")}
            query={memberSignUps}
            report="user-sign-ups"
            range={range}
            color="cyan.9"
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <PieReport title={t("REPORTS_PAGE.CHARTS.AGES")} query={ages} report="ages" />
            <PieReport title={t("REPORTS_PAGE.CHARTS.ACTIVE")} query={activity} report="active-users" />
          </SimpleGrid>
        </Section>
      )}
    </Stack>
  );
}
