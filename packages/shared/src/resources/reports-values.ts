// The dashboard's report settings and calendar arithmetic as plain values, no schema: the dashboard imports them
// without loading zod (reports.ts builds its schemas from them).
import type { PermissionCode } from "../permissions.ts";

/**
 * Who may read each report. The dashboard's permission is not in the spec (§6): each report is open to whoever may
 * already list what it counts. Income and the upcoming bookings are the bookings' (BOOKINGS_INDEX), box sign-ups
 * the boxes' (BOXES_INDEX), and the member reports the marketplace's people's: owners (OWNERS_INDEX) or guests,
 * whom the bookings list shows (BOOKINGS_INDEX). Any one code of a list opens the report.
 */
export const REPORT_PERMISSIONS = {
  income: ["BOOKINGS_INDEX"],
  boxes: ["BOXES_INDEX"],
  members: ["OWNERS_INDEX", "BOOKINGS_INDEX"],
  future: ["BOOKINGS_INDEX"],
} as const satisfies Record<string, readonly PermissionCode[]>;
export type ReportAudience = keyof typeof REPORT_PERMISSIONS;

/** Spec 02 §9: monthly, half-yearly and yearly buckets; monthly by default. */
export const REPORT_PERIODS = [1, 6, 12] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 1;

/** The marketplace's calendar: days, months and years of the reports are Mexico City's. */
export const REPORT_TIME_ZONE = "America/Mexico_City";

/** Spec 02 §9: the default range is the last 30 days (today included); the earliest date is 30 years back. */
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_MAX_YEARS = 30;

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for `YYYY-MM-DD` naming a day that exists (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = asDate(value);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// Built on year 2000 and then moved: Date.UTC alone reads years 0-99 as 1900-1999.
function asDate(day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const value = new Date(Date.UTC(2000, month - 1, date));
  value.setUTCFullYear(year);
  return value;
}
const asDay = (date: Date) =>
  `${String(date.getUTCFullYear()).padStart(4, "0")}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}`;

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = asDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return asDay(date);
}

/** The same day `years` earlier (29 February goes to 1 March in a common year). */
export function yearsBefore(day: string, years: number): string {
  const date = asDate(day);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return asDay(date);
}

/** The first day of the bucket holding `day`: its month, its half-year (January or July) or its year. */
export function bucketStart(day: string, period: ReportPeriod): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const first = Math.floor((month - 1) / period) * period + 1;
  return `${String(year).padStart(4, "0")}-${String(first).padStart(2, "0")}-01`;
}

/**
 * What is wrong with a range, as a field and a translation key, or undefined: the start after the end, or a range
 * longer than REPORT_MAX_YEARS.
 */
export function reportRangeIssue(startDate: string, endDate: string): { field: string; key: string } | undefined {
  if (startDate > endDate) return { field: "endDate", key: "VALIDATION.DATE_RANGE" };
  if (startDate < yearsBefore(endDate, REPORT_MAX_YEARS)) {
    return { field: "startDate", key: "REPORTS.VALIDATION.RANGE_TOO_LONG" };
  }
  return undefined;
}
