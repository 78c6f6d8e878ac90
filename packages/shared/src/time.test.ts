import { describe, expect, it } from "vitest";
import { instantToWallTime, isWallTime, wallTimeToInstant } from "./time.ts";

describe("wall times in a time zone", () => {
  it("reads a local time as the instant it names, and back", () => {
    // Mexico City has had no daylight saving time since 2022: always UTC−6.
    expect(wallTimeToInstant("2026-12-05 20:30:00", "America/Mexico_City").toISOString()).toBe(
      "2026-12-06T02:30:00.000Z",
    );
    expect(wallTimeToInstant("2026-12-05 20:30:00", "America/Tijuana").toISOString()).toBe("2026-12-06T04:30:00.000Z");
    expect(wallTimeToInstant("2026-07-05 20:30:00", "America/Tijuana").toISOString()).toBe("2026-07-06T03:30:00.000Z");
    expect(wallTimeToInstant("2026-03-01 00:00:00", "UTC").toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(instantToWallTime(new Date("2026-12-06T02:30:00Z"), "America/Mexico_City")).toBe("2026-12-05 20:30:00");
    expect(instantToWallTime(new Date("2026-07-06T03:30:00Z"), "America/Tijuana")).toBe("2026-07-05 20:30:00");
  });

  it("lands after a skipped hour and on the first of a repeated one", () => {
    // Tijuana springs forward on 2026-03-08 at 02:00 (to 03:00) and falls back on 2026-11-01 at 02:00 (to 01:00).
    const skipped = wallTimeToInstant("2026-03-08 02:30:00", "America/Tijuana");
    expect(instantToWallTime(skipped, "America/Tijuana")).toBe("2026-03-08 03:30:00");
    const repeated = wallTimeToInstant("2026-11-01 01:30:00", "America/Tijuana");
    expect(repeated.toISOString()).toBe("2026-11-01T08:30:00.000Z");
  });

  it("accepts only real dates and times in the spec's format", () => {
    expect(isWallTime("2026-12-05 20:30:00")).toBe(true);
    for (const text of ["2026-02-30 10:00:00", "2026-12-05 24:00:00", "2026-12-05T20:30:00", "2026-12-05 20:30", "x"]) {
      expect(isWallTime(text), text).toBe(false);
    }
    expect(() => wallTimeToInstant("2026-02-30 10:00:00", "UTC")).toThrow(RangeError);
  });
});
