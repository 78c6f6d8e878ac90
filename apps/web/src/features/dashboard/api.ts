import type { CountRow, FutureBooking, IncomeRow, PieSlice } from "@palco/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "@/lib/api.ts";
import { REPORTS_KEY } from "./keys.ts";
import type { ReportRange } from "./report-range.ts";

/**
 * GET /api/reports/… (spec 02 §7). Bucket and slice names come named in the reader's language (`locale`). While a
 * new period or range loads, the previous answer stays on screen (the charts do not collapse to skeletons).
 */
function useReport<T>(path: string, query: Record<string, string | number>, enabled: boolean) {
  const { i18n } = useTranslation();
  const params = { ...query, locale: i18n.language };
  return useQuery({
    queryKey: [REPORTS_KEY, path, params],
    queryFn: ({ signal }) => api<T>(`/api/reports/${path}`, { query: params, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useIncomeReport = (range: ReportRange, enabled: boolean) =>
  useReport<IncomeRow[]>("income", range, enabled);
export const useBoxSignUps = (range: ReportRange, enabled: boolean) => useReport<CountRow[]>("boxes", range, enabled);
export const useMemberSignUps = (range: ReportRange, enabled: boolean) =>
  useReport<CountRow[]>("users/count", range, enabled);
export const useAgeReport = (enabled: boolean) => useReport<PieSlice[]>("users/age", {}, enabled);
export const useActivityReport = (enabled: boolean) => useReport<PieSlice[]>("users/active", {}, enabled);
export const useFutureBookings = (enabled: boolean) => useReport<FutureBooking[]>("bookings/future", {}, enabled);
