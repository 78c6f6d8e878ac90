import {
  ACTIVE_MEMBER_DAYS,
  AGE_BRACKETS,
  addDays,
  bucketStart,
  type CountRow,
  FUTURE_BOOKINGS_LIMIT,
  type FutureBooking,
  type IncomeRow,
  instantToWallTime,
  type Language,
  type PieSlice,
  REPORT_DEFAULT_DAYS,
  REPORT_TIME_ZONE,
  type ReportPeriod,
  reportBucketName,
  reportRangeIssue,
  translate,
} from "@palco/shared";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db.ts";
import { unprocessable } from "../../platform/errors.ts";
import {
  bookings,
  boxes,
  cities,
  events,
  members,
  reportDailyBookings,
  reportDailySignUps,
  reportMemberActivity,
  reportMemberBirths,
  reportMemberBirthYears,
  reportMemberTotals,
  venues,
} from "../../platform/schema.ts";
import { rowsOf } from "../notifications/service.ts";

/**
 * The dashboard's figures, aggregated by PostgreSQL: bar reports read the daily rollups (report_daily_bookings and
 * report_daily_sign_ups, kept by triggers: migration 0009), at most one row per day of the range, so a report costs
 * the same over a hundred bookings or ten million. Node only names the buckets.
 */

/** A range of calendar days (both included) of the marketplace's calendar, cut into buckets of `period` months. */
export interface ReportRange {
  startDate: string;
  endDate: string;
  period: ReportPeriod;
}

let todayOfMinute = { minute: Number.NaN, day: "" };

/**
 * Today on the marketplace's calendar (Mexico City). Worked out once a minute (Intl's formatting is not cheap per
 * request): offsets are whole minutes, so the day cannot change inside one.
 */
export function reportToday(now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== todayOfMinute.minute) {
    todayOfMinute = { minute, day: instantToWallTime(now, REPORT_TIME_ZONE).slice(0, 10) };
  }
  return todayOfMinute.day;
}

/**
 * The range a query asks for: without dates the last REPORT_DEFAULT_DAYS days up to today; a missing end is today,
 * a missing start REPORT_DEFAULT_DAYS days before the end. 422 when the filled-in range is backwards or too long.
 */
export function resolveRange(
  query: { startDate?: string | undefined; endDate?: string | undefined; type: ReportPeriod },
  today = reportToday(),
): ReportRange {
  const endDate = query.endDate ?? today;
  const startDate = query.startDate ?? addDays(endDate, -(REPORT_DEFAULT_DAYS - 1));
  const issue = reportRangeIssue(startDate, endDate);
  // Only a start after today can go wrong here (both dates given were checked by the schema): it is the start's.
  if (issue) throw unprocessable({ [query.endDate === undefined ? "startDate" : issue.field]: issue.key });
  return { startDate, endDate, period: query.type };
}

/**
 * Every bucket of the range, from the one holding its first day to the one holding its last (calendar months,
 * January–June and July–December, calendar years), each clipped to the range; the rollup's days inside each summed
 * with `columns`. Buckets without rows come back with zeros.
 */
function bucketed(range: ReportRange, table: typeof reportDailyBookings | typeof reportDailySignUps, columns: string) {
  const interval = `${range.period} months`;
  return sql`
    select to_char(greatest(g.starts_on::date, ${range.startDate}::date), 'YYYY-MM-DD') as "startDate",
      to_char(least((g.starts_on + ${interval}::interval)::date - 1, ${range.endDate}::date), 'YYYY-MM-DD') as "endDate",
      to_char(g.starts_on, 'YYYY-MM-DD') as "bucket",
      ${sql.raw(columns)}
    from generate_series(${bucketStart(range.startDate, range.period)}::date, ${range.endDate}::date, ${interval}::interval)
      as g(starts_on)
    left join ${table} as d
      on d.day >= greatest(g.starts_on::date, ${range.startDate}::date)
      and d.day < least((g.starts_on + ${interval}::interval)::date, ${range.endDate}::date + 1)
    group by g.starts_on
    order by g.starts_on`;
}

type Bucket = { startDate: string; endDate: string; bucket: string };

const named = <T extends Bucket>(rows: T[], range: ReportRange, language: Language) =>
  rows.map(({ bucket, ...row }) => ({ name: reportBucketName(bucket, range.period, language), ...row }));

const MONEY_SUM = (column: string) => `coalesce(sum(d.${column}), 0)::numeric(18, 2)::text`;

/** Income per bucket (spec 02 §3): see `incomeRow` in packages/shared for what each figure counts. */
export async function incomeReport(db: Db, range: ReportRange, language: Language): Promise<IncomeRow[]> {
  const columns = [
    `${MONEY_SUM("income")} as "income"`,
    `${MONEY_SUM("fee")} as "fee"`,
    `${MONEY_SUM("pending_payments_owner")} as "pendingPaymentsOwner"`,
    `${MONEY_SUM("paid_to_owners")} as "paidToOwners"`,
    `coalesce(sum(d.bookings), 0)::integer as "count"`,
  ].join(", ");
  const rows = rowsOf<Bucket & Omit<IncomeRow, "name">>(
    await db.execute(bucketed(range, reportDailyBookings, columns)),
  );
  return named(rows, range, language).map((row) => ({ ...row, count: Number(row.count) }));
}

/** Members (guests and owners) or boxes created per bucket. */
export async function signUpReport(
  db: Db,
  range: ReportRange,
  language: Language,
  what: "members" | "boxes",
): Promise<CountRow[]> {
  const rows = rowsOf<Bucket & { count: number }>(
    await db.execute(bucketed(range, reportDailySignUps, `coalesce(sum(d.${what}), 0)::integer as "count"`)),
  );
  return named(rows, range, language).map((row) => ({ ...row, count: Number(row.count) }));
}

/** The ages the brackets start at, under-18's upper edge first: 18, 25, 35, 45, 55, 65. */
const AGE_EDGES = [18, ...AGE_BRACKETS.flatMap((bracket) => (bracket.to === null ? [] : [bracket.to + 1]))];

/**
 * Members by age today (Mexico City's today) in AGE_BRACKETS, every bracket answered (a stable palette); members
 * under 18 and members without a birth date follow only when there are any. Reads the birth rollups (migration
 * 0022): for each edge, the members younger than it — born after today minus that many years, which is exactly
 * PostgreSQL's `age()` on every day of the year, 29 February included — are the years after the edge's year plus
 * the days after the edge within it; a bracket is the difference of two edges.
 */
export async function ageReport(db: Db, language: Language, today = reportToday()): Promise<PieSlice[]> {
  const [row] = rowsOf<{ known: string; unknown: string; younger: string[] }>(
    await db.execute(sql`
      with edges as (
        select age, (${today}::date - make_interval(years => age))::date as edge
        from unnest(array[${sql.raw(AGE_EDGES.join(", "))}]) as age
      )
      select
        (select coalesce(sum(members), 0) from ${reportMemberBirthYears})::bigint as known,
        (select coalesce(sum(members), 0) from ${reportMemberBirths} where birth_at = '-infinity')::bigint as unknown,
        array(
          select (select coalesce(sum(members), 0) from ${reportMemberBirths} d
                  where d.birth_at > e.edge and d.birth_at < make_date(extract(year from e.edge)::integer + 1, 1, 1))
            + (select coalesce(sum(members), 0) from ${reportMemberBirthYears} y
               where y.year > extract(year from e.edge)::integer)
          from edges e order by e.age
        )::bigint[] as younger`),
  );
  const known = Number(row?.known ?? 0);
  const younger = (row?.younger ?? []).map(Number);
  const slices: PieSlice[] = AGE_BRACKETS.map((bracket, index) => ({
    key: bracket.key,
    name: bracket.key,
    value: (index + 1 < younger.length ? younger[index + 1]! : known) - (younger[index] ?? 0),
  }));
  for (const [key, label, value] of [
    ["under-18", "REPORTS.AGES.UNDER_18", younger[0] ?? 0],
    ["unknown", "REPORTS.AGES.UNKNOWN", Number(row?.unknown ?? 0)],
  ] as const) {
    if (value > 0) slices.push({ key, name: translate(language, label), value });
  }
  return slices;
}

const HOUR_MS = 3_600_000;

/**
 * Members by activity: active (used the marketplace in the last ACTIVE_MEMBER_DAYS days), inactive (not since, or
 * never), blocked (whatever their activity). Reads the activity rollups (migration 0022): whole UTC hours of last
 * activity after the window's start, the members counted exactly only in the hour it starts in
 * (members_last_active_idx), and the totals of blocked and not.
 */
export async function activityReport(db: Db, language: Language, now = new Date()): Promise<PieSlice[]> {
  const since = new Date(now.getTime() - ACTIVE_MEMBER_DAYS * 86_400_000);
  const nextHour = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const [row] = rowsOf<{ active: number; unblocked: number; blocked: number }>(
    await db.execute(sql`
      select
        (select coalesce(sum(members), 0) from ${reportMemberActivity} where is_active and hour >= ${nextHour})
          + (select count(*) from ${members}
             where is_active and last_active_at >= ${since} and last_active_at < ${nextHour}) as active,
        (select coalesce(sum(members), 0) from ${reportMemberTotals} where is_active) as unblocked,
        (select coalesce(sum(members), 0) from ${reportMemberTotals} where not is_active) as blocked`),
  );
  const active = Number(row?.active ?? 0);
  const counts = { active, inactive: Number(row?.unblocked ?? 0) - active, blocked: Number(row?.blocked ?? 0) };
  return (["active", "inactive", "blocked"] as const).map((key) => ({
    key,
    name: translate(language, `REPORTS.ACTIVITY.${key.toUpperCase()}`),
    value: counts[key],
  }));
}

/**
 * The next FUTURE_BOOKINGS_LIMIT bookings to start (pending, accepted or partly paid: not canceled, rejected or
 * missed), soonest first; the partial index bookings_upcoming_idx holds exactly those, in that order.
 */
export async function futureBookings(db: Db, now = new Date()): Promise<FutureBooking[]> {
  const rows = await db
    .select({
      id: bookings.id,
      key: bookings.key,
      boxType: bookings.boxType,
      startsAt: bookings.startsAt,
      number: boxes.number,
      boxZone: boxes.zone,
      eventName: events.name,
      venueName: venues.name,
      venueTimeZone: cities.timeZone,
    })
    .from(bookings)
    .innerJoin(boxes, eq(boxes.id, bookings.boxId))
    .innerJoin(venues, eq(venues.id, bookings.venueId))
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .leftJoin(events, eq(events.id, bookings.eventId))
    .where(and(gt(bookings.startsAt, now), sql`${bookings.status} in ('pending', 'accepted', 'partial')`))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(FUTURE_BOOKINGS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    boxType: row.boxType as FutureBooking["boxType"],
    startsAt: row.startsAt.toISOString(),
    box: { number: row.number, boxZone: row.boxZone },
    event: { name: row.eventName, venue: { name: row.venueName, timeZone: row.venueTimeZone } },
  }));
}
