import { describe, expect, it } from "vitest";
import { translate } from "../i18n/index.ts";
import {
  addDays,
  bucketStart,
  isCalendarDay,
  reportBucketName,
  reportQuery,
  reportRangeIssue,
  yearsBefore,
} from "./reports.ts";
import { feeSettingsInput } from "./settings.ts";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0] ?? "general"), issue.message]));

describe("fee settings schema", () => {
  it("takes percentages from 0 to 100 with at most two decimals, as numbers or numeric text", () => {
    expect(feeSettingsInput.parse({ guest: 7.5, host: 5, IVA: 16 })).toEqual({ guest: 7.5, host: 5, IVA: 16 });
    expect(feeSettingsInput.parse({ guest: "7.25", host: " 0 ", IVA: "100" })).toEqual({
      guest: 7.25,
      host: 0,
      IVA: 100,
    });
    expect(feeSettingsInput.safeParse({ guest: 7.55, host: 0.01, IVA: 99.99 }).success).toBe(true);
  });

  it("names each refused field: missing, not a number, out of range, too many decimals", () => {
    expect(messages(feeSettingsInput.safeParse({}))).toEqual({
      guest: "SETTINGS.VALIDATION.GUEST_MISSING",
      host: "SETTINGS.VALIDATION.HOST_MISSING",
      IVA: "SETTINGS.VALIDATION.IVA_MISSING",
    });
    expect(messages(feeSettingsInput.safeParse({ guest: "", host: null, IVA: "abc" }))).toEqual({
      guest: "SETTINGS.VALIDATION.GUEST_MISSING",
      host: "SETTINGS.VALIDATION.HOST_MISSING",
      IVA: "SETTINGS.VALIDATION.FEE_NUMBER",
    });
    expect(messages(feeSettingsInput.safeParse({ guest: -0.5, host: 100.01, IVA: 7.555 }))).toEqual({
      guest: "SETTINGS.VALIDATION.FEE_RANGE",
      host: "SETTINGS.VALIDATION.FEE_RANGE",
      IVA: "SETTINGS.VALIDATION.FEE_DECIMALS",
    });
    for (const value of [true, [7], { value: 7 }, "7,5", "1e2", Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(messages(feeSettingsInput.safeParse({ guest: value, host: 5, IVA: 16 })).guest, String(value)).toBe(
        "SETTINGS.VALIDATION.FEE_NUMBER",
      );
    }
    for (const key of Object.values(messages(feeSettingsInput.safeParse({ guest: -1, host: "x", IVA: 1.234 })))) {
      expect(translate("en", key)).not.toBe(key);
      expect(translate("es", key)).not.toBe(key);
    }
  });
});

describe("report queries and buckets", () => {
  it("knows real calendar days and moves through them", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    // Years below 100 are years like any other (Date.UTC alone would read 0005 as 1905).
    expect(isCalendarDay("0005-01-01")).toBe(true);
    for (const day of [
      "2026-02-29",
      "0000-01-01",
      "0005-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-4-01",
      "26-04-01",
      "",
    ]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(yearsBefore("2026-11-25", 30)).toBe("1996-11-25");
    expect(bucketStart("2026-11-25", 1)).toBe("2026-11-01");
    expect(bucketStart("2026-06-30", 6)).toBe("2026-01-01");
    expect(bucketStart("2026-07-01", 6)).toBe("2026-07-01");
    expect(bucketStart("2026-12-31", 12)).toBe("2026-01-01");
  });

  it("refuses a type other than 1, 6 or 12, impossible dates, a start after the end and more than 30 years", () => {
    expect(reportQuery.parse({})).toEqual({ type: 1 });
    expect(reportQuery.parse({ type: "6", startDate: "2026-01-01", endDate: "2026-12-31", locale: "es-MX" })).toEqual({
      type: 6,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      locale: "es-MX",
    });
    for (const type of ["0", "3", "2.5", "abc", "-1", "24"]) {
      expect(messages(reportQuery.safeParse({ type })).type, type).toBe("REPORTS.VALIDATION.TYPE");
    }
    expect(messages(reportQuery.safeParse({ startDate: "2026-02-30" })).startDate).toBe("VALIDATION.INVALID_DATE");
    expect(messages(reportQuery.safeParse({ endDate: "01/02/2026" })).endDate).toBe("VALIDATION.INVALID_DATE");
    expect(messages(reportQuery.safeParse({ startDate: "2026-02-02", endDate: "2026-02-01" })).endDate).toBe(
      "VALIDATION.DATE_RANGE",
    );
    expect(messages(reportQuery.safeParse({ startDate: "1996-11-24", endDate: "2026-11-25" })).startDate).toBe(
      "REPORTS.VALIDATION.RANGE_TOO_LONG",
    );
    expect(reportRangeIssue("1996-11-25", "2026-11-25")).toBeUndefined();
    expect(messages(reportQuery.safeParse({ locale: "<script>" })).locale).toBe("VALIDATION.INVALID");
  });

  it("names buckets in both languages", () => {
    expect(reportBucketName("2026-01-01", 1, "es")).toBe("ene 2026");
    expect(reportBucketName("2026-01-01", 1, "en")).toBe("Jan 2026");
    expect(reportBucketName("2026-08-01", 1, "es")).toBe("ago 2026");
    expect(reportBucketName("2026-01-01", 6, "es")).toBe("1er semestre 2026");
    expect(reportBucketName("2026-07-01", 6, "es")).toBe("2º semestre 2026");
    expect(reportBucketName("2026-01-01", 6, "en")).toBe("H1 2026");
    expect(reportBucketName("2026-07-01", 6, "en")).toBe("H2 2026");
    expect(reportBucketName("2026-01-01", 12, "es")).toBe("2026");
  });
});
