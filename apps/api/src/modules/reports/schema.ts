import { boolean, date, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";

// Kept free of @palco/shared imports: drizzle-kit loads this file on its own to generate migrations.

/**
 * Members per birth date, kept by triggers on members in the same transaction (migration 0022): the age report
 * sums a row per date (some tens of thousands at most) instead of computing every member's age. `-infinity` stands
 * for the members who gave no birth date.
 */
export const reportMemberBirths = pgTable("report_member_births", {
  birthAt: date("birth_at").primaryKey(),
  members: integer("members").notNull().default(0),
});

/**
 * Members per hour (UTC) of their last activity, apart by blocked or not, kept like the births (migration 0022):
 * the activity report sums the last 30 days' hours and counts exactly only the hour its window starts in.
 * `-infinity`: never active.
 */
export const reportMemberActivity = pgTable(
  "report_member_activity",
  {
    isActive: boolean("is_active").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    members: integer("members").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.isActive, t.hour] })],
);

/**
 * Members per year of birth (none given: not counted here), kept with the births: a bracket's count is its whole
 * years from here plus the days of the one year its edge cuts, a few hundred rows instead of every birth date.
 */
export const reportMemberBirthYears = pgTable("report_member_birth_years", {
  year: integer("year").primaryKey(),
  members: integer("members").notNull().default(0),
});

/** Members blocked or not, kept with the activity: the pie's inactive and blocked slices without summing hours. */
export const reportMemberTotals = pgTable("report_member_totals", {
  isActive: boolean("is_active").primaryKey(),
  members: integer("members").notNull().default(0),
});
