import dayjs from "dayjs";

export const DATE_TIME_FORMAT = "D/M/YYYY h:mm:ss A";

/** Formats an ISO timestamp in the browser's time zone as D/M/YYYY h:mm:ss A; empty for missing values. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : "";
}
