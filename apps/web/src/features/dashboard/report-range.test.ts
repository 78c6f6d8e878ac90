import { describe, expect, it } from "vitest";
import { defaultRange, marketplaceToday, readReportRange, writeReportRange } from "./report-range.ts";

const TODAY = "2026-11-25";
const read = (query: string) => readReportRange(new URLSearchParams(query), TODAY);

describe("the dashboard's range in the URL", () => {
  it("defaults to monthly buckets over the last 30 days, today included", () => {
    expect(read("")).toEqual({ type: 1, startDate: "2026-10-27", endDate: "2026-11-25" });
    expect(defaultRange("2026-03-01")).toEqual({ startDate: "2026-01-31", endDate: "2026-03-01" });
  });

  it("reads the period and the days it was given", () => {
    expect(read("type=6&startDate=2025-01-01&endDate=2025-12-31")).toEqual({
      type: 6,
      startDate: "2025-01-01",
      endDate: "2025-12-31",
    });
    expect(read("type=12").type).toBe(12);
  });

  it("falls back on an unknown period, impossible or reversed days, the future, or more than 30 years", () => {
    expect(read("type=3").type).toBe(1);
    expect(read("type=abc").type).toBe(1);
    const fallback = { startDate: "2026-10-27", endDate: "2026-11-25" };
    for (const query of [
      "startDate=2026-02-30&endDate=2026-03-10",
      "startDate=2026-05-01&endDate=2026-04-01",
      "startDate=2026-11-01&endDate=2026-12-01",
      "startDate=1996-11-24&endDate=2026-11-25",
      "startDate=2026-01-01",
    ]) {
      expect(read(query), query).toMatchObject(fallback);
    }
    // Exactly 30 years back is the earliest day the picker offers.
    expect(read("startDate=1996-11-25&endDate=2026-11-25").startDate).toBe("1996-11-25");
  });

  it("leaves the defaults out of the URL, so the plain dashboard stays at /", () => {
    expect(writeReportRange({ type: 1, ...defaultRange(TODAY) }, TODAY).toString()).toBe("");
    expect(writeReportRange({ type: 6, ...defaultRange(TODAY) }, TODAY).toString()).toBe("type=6");
    const custom = writeReportRange({ type: 12, startDate: "2024-01-01", endDate: "2025-12-31" }, TODAY);
    expect(custom.toString()).toBe("type=12&startDate=2024-01-01&endDate=2025-12-31");
    expect(readReportRange(custom, TODAY)).toEqual({ type: 12, startDate: "2024-01-01", endDate: "2025-12-31" });
  });

  it("takes today from Mexico City's calendar, not the browser's", () => {
    // 03:00 UTC on the 26th is still the evening of the 25th in Mexico City.
    expect(marketplaceToday(new Date("2026-11-26T03:00:00Z"))).toBe("2026-11-25");
    expect(marketplaceToday(new Date("2026-11-26T07:00:00Z"))).toBe("2026-11-26");
  });
});
