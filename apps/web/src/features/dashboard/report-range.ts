import {
  addDays,
  DEFAULT_REPORT_PERIOD,
  isCalendarDay,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_YEARS,
  REPORT_PERIODS,
  REPORT_TIME_ZONE,
  type ReportPeriod,
  reportRangeIssue,
  yearsBefore,
} from "@palco/shared/resources/reports-values";
import { instantToWallTime } from "@palco/shared/time";

/** What the dashboard shows: the API's own parameter names, kept in the URL so a reload or a shared link keeps it. */
export type ReportRange = { type: ReportPeriod; startDate: string; endDate: string };

/** Today on the marketplace's calendar (Mexico City), the day the reports end on by default. */
export function marketplaceToday(now = new Date()): string {
  return instantToWallTime(now, REPORT_TIME_ZONE).slice(0, 10);
}

/** Spec 02 §9: the last 30 days, today included. */
export function defaultRange(today: string): Pick<ReportRange, "startDate" | "endDate"> {
  return { startDate: addDays(today, 1 - REPORT_DEFAULT_DAYS), endDate: today };
}

/** The earliest day the picker offers: 30 years back. */
export const earliestDay = (today: string) => yearsBefore(today, REPORT_MAX_YEARS);

/**
 * The range a URL asks for. A hand-edited or stale link never breaks the page: an unknown period is monthly, and
 * dates that are not days, are in the wrong order, run past today or span more than 30 years fall back to the
 * last 30 days.
 */
export function readReportRange(params: URLSearchParams, today: string): ReportRange {
  const asked = Number(params.get("type"));
  const type = (REPORT_PERIODS as readonly number[]).includes(asked) ? (asked as ReportPeriod) : DEFAULT_REPORT_PERIOD;
  const startDate = params.get("startDate") ?? "";
  const endDate = params.get("endDate") ?? "";
  const valid =
    isCalendarDay(startDate) &&
    isCalendarDay(endDate) &&
    endDate <= today &&
    startDate >= earliestDay(today) &&
    !reportRangeIssue(startDate, endDate);
  return { type, ...(valid ? { startDate, endDate } : defaultRange(today)) };
}

/** The URL of a range: the defaults are left out, so the plain dashboard stays at "/". */
export function writeReportRange(range: ReportRange, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (range.type !== DEFAULT_REPORT_PERIOD) params.set("type", String(range.type));
  const fallback = defaultRange(today);
  if (range.startDate !== fallback.startDate || range.endDate !== fallback.endDate) {
    params.set("startDate", range.startDate);
    params.set("endDate", range.endDate);
  }
  return params;
}
