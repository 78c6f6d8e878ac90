import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";
import "dayjs/locale/es";
import {
  asSentence,
  DATE_FORMATS,
  DATE_TIME_FORMATS,
  dateFormatFor,
  formatDateTime,
  formatDay,
  formatMoney,
} from "./format.ts";

// Built from local parts, so the expected text holds in any time zone the tests run in.
const afternoon = new Date(2025, 2, 5, 17, 23, 57);
const morning = new Date(2025, 11, 24, 9, 5, 3);

describe("formatDateTime", () => {
  afterEach(() => {
    dayjs.locale("en");
  });

  it("shows English as the spec does: day first, 12-hour clock with AM/PM", () => {
    expect(formatDateTime(afternoon, "en")).toBe("5/3/2025 5:23:57 PM");
    expect(formatDateTime(morning, "en")).toBe("24/12/2025 9:05:03 AM");
  });

  it("shows Spanish with the 24-hour clock and no AM/PM", () => {
    expect(formatDateTime(afternoon, "es")).toBe("5/3/2025 17:23:57");
    expect(formatDateTime(morning, "es")).toBe("24/12/2025 9:05:03");
  });

  it("follows the UI language (dayjs' locale) when no language is given", () => {
    dayjs.locale("es");
    expect(formatDateTime(afternoon)).toBe("5/3/2025 17:23:57");
    dayjs.locale("en");
    expect(formatDateTime(afternoon)).toBe("5/3/2025 5:23:57 PM");
  });

  it("falls back to English for a language without a format", () => {
    expect(formatDateTime(afternoon, "fr")).toBe("5/3/2025 5:23:57 PM");
  });

  it("accepts ISO text and leaves missing or invalid values empty", () => {
    expect(formatDateTime(afternoon.toISOString(), "es")).toBe("5/3/2025 17:23:57");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime("")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
});

describe("formatDay", () => {
  it("shows a calendar day as the timestamps show their day, in both languages, without shifting it", () => {
    expect(formatDay("2026-10-28", "en")).toBe("28/10/2026");
    expect(formatDay("1988-04-02", "en")).toBe("2/4/1988");
    expect(formatDay("1988-04-02", "es")).toBe("2/4/1988");
    expect(formatDay(null)).toBe("");
    expect(formatDay("28/10/2026")).toBe("");
  });

  it("is the day part of every timestamp and every date picker, day first", () => {
    for (const language of ["en", "es"] as const) {
      expect(DATE_TIME_FORMATS[language].startsWith(`${DATE_FORMATS[language]} `)).toBe(true);
      expect(dateFormatFor(language)).toBe("D/M/YYYY");
    }
    expect(formatDateTime(afternoon, "en").startsWith(formatDay("2025-03-05", "en"))).toBe(true);
  });
});

describe("asSentence", () => {
  it("adds a full stop to a message without one", () => {
    expect(asSentence("This link has expired or is no longer valid")).toBe(
      "This link has expired or is no longer valid.",
    );
  });

  it("leaves messages that already end a sentence alone", () => {
    expect(asSentence("Too many sign-in attempts. Please wait a few minutes and try again.")).toBe(
      "Too many sign-in attempts. Please wait a few minutes and try again.",
    );
    expect(asSentence("¿Seguro?")).toBe("¿Seguro?");
    expect(asSentence("")).toBe("");
  });
});

describe("formatMoney", () => {
  it("shows exact amounts with the $ prefix and the language's grouping", () => {
    expect(formatMoney("18500.50", "en")).toBe("$18,500.50");
    expect(formatMoney("18500.50", "es")).toBe("$18,500.50");
    // Beyond a double's precision: the digits stay as sent.
    expect(formatMoney("12345678901234567.89", "en")).toBe("$12,345,678,901,234,567.89");
    expect(formatMoney(null)).toBe("");
  });
});
