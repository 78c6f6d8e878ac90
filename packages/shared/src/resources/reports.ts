import { z } from "zod";
import type { Language } from "../constants.ts";
import { translate } from "../i18n/index.ts";
import { timestamp } from "./common.ts";
import { DEFAULT_REPORT_PERIOD, isCalendarDay, type ReportPeriod, reportRangeIssue } from "./reports-values.ts";
import { money } from "./supply.ts";

/**
 * The dashboard's reports (spec 02 §2 Dashboard, §3 report rows, §7 Reports). Bar reports take a date range
 * (`startDate`, `endDate`: calendar days, both included), a period (`type`: months per bucket) and a `locale` for
 * the bucket names; every bucket of the range is answered, empty ones with zeros, so the bars line up.
 */

export * from "./reports-values.ts";

const calendarDay = z
  .string({ error: "VALIDATION.INVALID_DATE" })
  .refine(isCalendarDay, "VALIDATION.INVALID_DATE")
  .optional();

/** 1, 6 or 12, as a query string sends it ("6") or as a number. */
const period = z.preprocess(
  (value) => (value === "" || value === undefined ? undefined : typeof value === "string" ? Number(value) : value),
  z
    .union([z.literal(1), z.literal(6), z.literal(12)], { error: "REPORTS.VALIDATION.TYPE" })
    .default(DEFAULT_REPORT_PERIOD),
);

/** A language tag ("es", "es-MX", "en-US"); its first subtag picks the language, English when unknown. */
const locale = z
  .string()
  .max(35, "VALIDATION.INVALID")
  .regex(/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/, "VALIDATION.INVALID")
  .optional();

/**
 * GET /reports/income, /reports/boxes and /reports/users/count. Without dates the range is the last
 * REPORT_DEFAULT_DAYS days ending today (Mexico City's today); with only one, the other is filled the same way.
 * Refused (422): an impossible date, a start after the end, a range over 30 years, a type other than 1, 6 or 12.
 */
export const reportQuery = z
  .object({ startDate: calendarDay, endDate: calendarDay, type: period, locale })
  .superRefine((query, context) => {
    if (!query.startDate || !query.endDate) return;
    const issue = reportRangeIssue(query.startDate, query.endDate);
    if (issue) context.addIssue({ code: "custom", path: [issue.field], message: issue.key });
  });
export type ReportQuery = z.input<typeof reportQuery>;

/** Pie reports take only the language of their slice names. */
export const pieReportQuery = z.object({ locale });

/** How a bucket is named: "ene 2026" / "Jan 2026", "1er semestre 2026" / "H1 2026", "2026". */
export function reportBucketName(startsOn: string, period: ReportPeriod, language: Language): string {
  const [year, month] = startsOn.split("-").map(Number) as [number, number];
  const text = (key: string) => translate(language, key).replace("{{year}}", String(year));
  if (period === 12) return String(year);
  if (period === 6) return text(month <= 6 ? "REPORTS.HALF_1" : "REPORTS.HALF_2");
  return `${translate(language, `REPORTS.MONTHS.${month}`)} ${year}`;
}

/** Each bucket says which days of the range it covers (the first and last may be partial). */
const bucket = { name: z.string(), startDate: z.string(), endDate: z.string() };

/**
 * Income per bucket, from the bookings made in it whose payment was captured and that are not canceled: what the
 * guests paid (`income`, IVA included), the platform's fees (`fee`, guest plus host fee, before IVA), what the
 * owners have been paid and what is still owed to them, and how many bookings.
 */
export const incomeRow = z.object({
  ...bucket,
  income: money,
  fee: money,
  pendingPaymentsOwner: money,
  paidToOwners: money,
  count: z.number().int(),
});
export type IncomeRow = z.infer<typeof incomeRow>;

/** Box sign-ups and member sign-ups per bucket. */
export const countRow = z.object({ ...bucket, count: z.number().int() });
export type CountRow = z.infer<typeof countRow>;

/** A slice of a pie report; `key` is stable whatever the language (the palette follows it). */
export const pieSlice = z.object({ key: z.string(), name: z.string(), value: z.number().int() });
export type PieSlice = z.infer<typeof pieSlice>;

/** The age brackets of GET /reports/users/age, always answered in this order. */
export const AGE_BRACKETS = [
  { key: "18-24", from: 18, to: 24 },
  { key: "25-34", from: 25, to: 34 },
  { key: "35-44", from: 35, to: 44 },
  { key: "45-54", from: 45, to: 54 },
  { key: "55-64", from: 55, to: 64 },
  { key: "65+", from: 65, to: null },
] as const;

/** A member counts as active who used the marketplace in the last this many days (GET /reports/users/active). */
export const ACTIVE_MEMBER_DAYS = 30;

/** How many upcoming bookings GET /reports/bookings/future lists. */
export const FUTURE_BOOKINGS_LIMIT = 10;

/** An upcoming booking (spec 02 §3), with its id and type so the table can link to it. */
export const futureBooking = z.object({
  id: z.number().int(),
  key: z.string(),
  boxType: z.enum(["onetime", "season"]),
  startsAt: timestamp,
  box: z.object({ number: z.string(), boxZone: z.string() }),
  /**
   * The event of a onetime booking (its name null for a season), with the venue either way; its time zone says on
   * which clock `startsAt` is read.
   */
  event: z.object({ name: z.string().nullable(), venue: z.object({ name: z.string(), timeZone: z.string() }) }),
});
export type FutureBooking = z.infer<typeof futureBooking>;
