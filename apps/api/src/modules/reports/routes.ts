import {
  countRow,
  errorBody,
  futureBooking,
  incomeRow,
  type Language,
  pickLanguage,
  pieReportQuery,
  pieSlice,
  REPORT_PERMISSIONS,
  type ReportAudience,
  reportQuery,
} from "@palco/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { languageOf } from "../../platform/errors.ts";
import { activityReport, ageReport, futureBookings, incomeReport, resolveRange, signUpReport } from "./queries.ts";

const tags = ["Reports"];
const errors = { "4xx": errorBody };

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

type Report<Q extends z.ZodType> = {
  path: string;
  audience: ReportAudience;
  summary: string;
  description?: string;
  query?: Q;
  rows: z.ZodType;
  answer: (query: z.output<Q>, language: Language) => Promise<unknown[]>;
};
const report = <Q extends z.ZodType>(declaration: Report<Q>) => declaration;

export async function reportRoutes(app: FastifyInstance) {
  const range = (query: z.output<typeof reportQuery>) => resolveRange(query);
  const reports = [
    report({
      path: "/api/reports/income",
      audience: "income",
      summary: "Income per bucket: what guests paid, the platform's fees, owners paid and owed, bookings",
      description:
        `${RANGE_DESCRIPTION}\n\nCounts the bookings made in each bucket whose payment was captured and that ` +
        "are not canceled: income is what their guests paid (IVA included), fee the guest and host fees (before " +
        "IVA), paidToOwners and pendingPaymentsOwner their owners' part with and without a payment reference. " +
        "Money as decimal strings.",
      query: reportQuery,
      rows: incomeRow,
      answer: (query, language) => incomeReport(app.db, range(query), language),
    }),
    report({
      path: "/api/reports/boxes",
      audience: "boxes",
      summary: "Box sign-ups per bucket (boxes created, whatever their review state)",
      description: RANGE_DESCRIPTION,
      query: reportQuery,
      rows: countRow,
      answer: (query, language) => signUpReport(app.db, range(query), language, "boxes"),
    }),
    report({
      path: "/api/reports/users/count",
      audience: "members",
      summary: "Member sign-ups per bucket (guests and owners who joined the marketplace)",
      description: RANGE_DESCRIPTION,
      query: reportQuery,
      rows: countRow,
      answer: (query, language) => signUpReport(app.db, range(query), language, "members"),
    }),
    report({
      path: "/api/reports/users/age",
      audience: "members",
      summary: "Members by age (pie): 18–24 … 65+, then under 18 and not given when there are any",
      description: "locale (optional) names the slices; the brackets' keys never change.",
      query: pieReportQuery,
      rows: pieSlice,
      answer: (_query, language) => ageReport(app.db, language),
    }),
    report({
      path: "/api/reports/users/active",
      audience: "members",
      summary: "Members by activity (pie): active in the last 30 days, inactive, blocked",
      description: "locale (optional) names the slices.",
      query: pieReportQuery,
      rows: pieSlice,
      answer: (_query, language) => activityReport(app.db, language),
    }),
    report({
      path: "/api/reports/bookings/future",
      audience: "future",
      summary: "The next 10 bookings to start (pending, accepted or partly paid), soonest first",
      rows: futureBooking,
      answer: () => futureBookings(app.db),
    }),
  ];

  const r = app.withTypeProvider<ZodTypeProvider>();
  // One code is declared as itself (the route table and the OpenAPI text read "BOOKINGS_INDEX", not a list of one).
  const permissionOf = (audience: ReportAudience) => {
    const codes = REPORT_PERMISSIONS[audience];
    return codes.length === 1 ? codes[0] : codes;
  };
  for (const { path, audience, summary, description, query, rows, answer } of reports) {
    r.get(
      path,
      {
        // The range and period are the dashboard's form: refused with 422 like a form, not 400 like a bad URL.
        config: { permission: permissionOf(audience), queryValidationStatus: 422 },
        schema: {
          tags,
          summary,
          ...(description ? { description } : {}),
          ...(query ? { querystring: query } : {}),
          response: { 200: z.array(rows), ...errors },
        },
      },
      async (request) => {
        const parsed = request.query as { locale?: string } | undefined;
        return (answer as Report<z.ZodType>["answer"])(request.query, languageFor(request, parsed?.locale));
      },
    );
  }
}
