import {
  countRow,
  errorBody,
  futureBooking,
  incomeRow,
  type Language,
  type PermissionCode,
  pickLanguage,
  pieReportQuery,
  pieSlice,
  reportQuery,
} from "@palco/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { languageOf } from "../../platform/errors.ts";
import { activityReport, ageReport, futureBookings, incomeReport, resolveRange, signUpReport } from "./queries.ts";

const tags = ["Reports"];
const errors = { "4xx": errorBody };

/**
 * The dashboard's permission is not in the spec (§6): each report is open to whoever may already list what it
 * counts. Income and the upcoming bookings are the bookings' (BOOKINGS_INDEX), box sign-ups the boxes'
 * (BOXES_INDEX), and the member reports the marketplace's people's: owners (OWNERS_INDEX) or guests, whom the
 * bookings list shows (BOOKINGS_INDEX).
 */
const PERMISSIONS = {
  income: "BOOKINGS_INDEX",
  boxes: "BOXES_INDEX",
  members: ["OWNERS_INDEX", "BOOKINGS_INDEX"],
  future: "BOOKINGS_INDEX",
} as const satisfies Record<string, PermissionCode | readonly PermissionCode[]>;

/** `locale` names the buckets' and slices' language; without it, the request's Accept-Language does. */
const languageFor = (request: FastifyRequest, locale: string | undefined): Language =>
  locale ? pickLanguage(locale.replace("_", "-")) : languageOf(request);

const RANGE_DESCRIPTION =
  "startDate and endDate are calendar days (YYYY-MM-DD, both included) of the marketplace's calendar " +
  "(America/Mexico_City); without them the last 30 days up to today. type is the months per bucket: 1 (default), " +
  "6 (January–June, July–December) or 12 (calendar years); every bucket of the range is answered, empty ones with " +
  "zeros, the first and last clipped to the range (startDate/endDate of each row). locale (es, en, es-MX…) names " +
  "the buckets: 'ene 2026' / 'Jan 2026', '1er semestre 2026' / 'H1 2026', '2026'. 422 for a type other than 1, 6 " +
  "or 12, an impossible date, a start after the end or a range over 30 years.";

export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The range and period are the dashboard's form: refused with 422 like a form, not 400 like a bad URL.
  const rangeConfig = (permission: PermissionCode | readonly PermissionCode[]) => ({
    permission,
    queryValidationStatus: 422 as const,
  });

  r.get(
    "/api/reports/income",
    {
      config: rangeConfig(PERMISSIONS.income),
      schema: {
        tags,
        summary: "Income per bucket: what guests paid, the platform's fees, owners paid and owed, bookings",
        description:
          `${RANGE_DESCRIPTION}\n\nCounts the bookings made in each bucket whose payment was captured and that ` +
          "are not canceled: income is what their guests paid (IVA included), fee the guest and host fees (before " +
          "IVA), paidToOwners and pendingPaymentsOwner their owners' part with and without a payment reference. " +
          "Money as decimal strings.",
        querystring: reportQuery,
        response: { 200: z.array(incomeRow), ...errors },
      },
    },
    async (request) => incomeReport(app.db, resolveRange(request.query), languageFor(request, request.query.locale)),
  );

  r.get(
    "/api/reports/boxes",
    {
      config: rangeConfig(PERMISSIONS.boxes),
      schema: {
        tags,
        summary: "Box sign-ups per bucket (boxes created, whatever their review state)",
        description: RANGE_DESCRIPTION,
        querystring: reportQuery,
        response: { 200: z.array(countRow), ...errors },
      },
    },
    async (request) =>
      signUpReport(app.db, resolveRange(request.query), languageFor(request, request.query.locale), "boxes"),
  );

  r.get(
    "/api/reports/users/count",
    {
      config: rangeConfig(PERMISSIONS.members),
      schema: {
        tags,
        summary: "Member sign-ups per bucket (guests and owners who joined the marketplace)",
        description: RANGE_DESCRIPTION,
        querystring: reportQuery,
        response: { 200: z.array(countRow), ...errors },
      },
    },
    async (request) =>
      signUpReport(app.db, resolveRange(request.query), languageFor(request, request.query.locale), "members"),
  );

  r.get(
    "/api/reports/users/age",
    {
      config: rangeConfig(PERMISSIONS.members),
      schema: {
        tags,
        summary: "Members by age (pie): 18–24 … 65+, then under 18 and not given when there are any",
        description: "locale (optional) names the slices; the brackets' keys never change.",
        querystring: pieReportQuery,
        response: { 200: z.array(pieSlice), ...errors },
      },
    },
    async (request) => ageReport(app.db, languageFor(request, request.query.locale)),
  );

  r.get(
    "/api/reports/users/active",
    {
      config: rangeConfig(PERMISSIONS.members),
      schema: {
        tags,
        summary: "Members by activity (pie): active in the last 30 days, inactive, blocked",
        description: "locale (optional) names the slices.",
        querystring: pieReportQuery,
        response: { 200: z.array(pieSlice), ...errors },
      },
    },
    async (request) => activityReport(app.db, languageFor(request, request.query.locale)),
  );

  r.get(
    "/api/reports/bookings/future",
    {
      config: { permission: PERMISSIONS.future },
      schema: {
        tags,
        summary: "The next 10 bookings to start (pending, accepted or partly paid), soonest first",
        response: { 200: z.array(futureBooking), ...errors },
      },
    },
    async () => futureBookings(app.db),
  );
}
