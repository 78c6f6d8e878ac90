import { TIME_ZONES } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { useTimeZoneOptions } from "./time-zones.ts";

describe("the city form's time zones", () => {
  it("are the API's list, aliases included, and never a zone the database refuses", () => {
    const values = useTimeZoneOptions().data.map((option) => ("value" in option ? option.value : option.group));
    expect([...values].sort()).toEqual([...TIME_ZONES].sort());
    expect(values).toContain("America/Mexico_City");
    expect(values).toContain("UTC");
    expect(values).toContain("Asia/Kolkata");
    expect(values).toContain("Asia/Calcutta");
    expect(values).not.toContain("US/Pacific-New");
  });
});
