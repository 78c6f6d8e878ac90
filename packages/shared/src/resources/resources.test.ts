import { describe, expect, it } from "vitest";
import { password, resetForm } from "./auth.ts";
import { cityInput, isTimeZone } from "./cities.ts";
import { idParams, pageQuery } from "./common.ts";
import { countryInput } from "./countries.ts";
import { stateInput } from "./states.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("geography schemas", () => {
  it("accepts a city code like ABC-123 and nothing else", () => {
    const base = { name: "Guadalajara", timeZone: "America/Mexico_City", state: "14" };
    expect(cityInput.safeParse({ ...base, code: "GDL-001" }).success).toBe(true);
    for (const code of ["GDL001", "gdl-001", "GDLX-001", "GDL-01", "GD-001"]) {
      expect(firstMessage(cityInput.safeParse({ ...base, code }))).toBe("CITIES.VALIDATION.CODE_FORMAT");
    }
    expect(firstMessage(cityInput.safeParse({ ...base, code: "" }))).toBe("CITIES.VALIDATION.CODE_MISSING");
  });

  it("coerces the state chosen in a select and reports a missing one with its own key", () => {
    const parsed = cityInput.parse({ name: "Zapopan", code: "ZAP-001", timeZone: "America/Mexico_City", state: "7" });
    expect(parsed.state).toBe(7);
    const missing = cityInput.safeParse({
      name: "Zapopan",
      code: "ZAP-001",
      timeZone: "America/Mexico_City",
      state: "",
    });
    expect(firstMessage(missing)).toBe("CITIES.VALIDATION.STATE_MISSING");
  });

  it("knows real IANA time zones", () => {
    expect(isTimeZone("America/Mexico_City")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("America/Mexico_City; DROP")).toBe(false);
  });

  it("requires exactly three capitals for state and country codes", () => {
    expect(stateInput.safeParse({ name: "Jalisco", code: "JAL", country: 1 }).success).toBe(true);
    expect(firstMessage(stateInput.safeParse({ name: "Jalisco", code: "JA", country: 1 }))).toBe(
      "STATES.VALIDATION.CODE_FORMAT",
    );
    expect(firstMessage(countryInput.safeParse({ name: "México", code: "mex" }))).toBe(
      "COUNTRIES.VALIDATION.CODE_FORMAT",
    );
    expect(firstMessage(countryInput.safeParse({ code: "MEX" }))).toBe("COUNTRIES.VALIDATION.NAME_MISSING");
  });

  it("refuses NUL bytes and oversized text with their own keys", () => {
    expect(firstMessage(countryInput.safeParse({ name: "Mé\u0000xico", code: "MEX" }))).toBe(
      "VALIDATION.INVALID_CHARACTERS",
    );
    expect(firstMessage(countryInput.safeParse({ name: "x".repeat(256), code: "MEX" }))).toBe("VALIDATION.TOO_LONG");
    expect(firstMessage(pageQuery.safeParse({ search: "a\u0000" }))).toBe("VALIDATION.INVALID_CHARACTERS");
  });

  it("refuses ids a PostgreSQL integer cannot hold", () => {
    expect(idParams.safeParse({ id: "12" }).success).toBe(true);
    expect(idParams.safeParse({ id: "abc" }).success).toBe(false);
    expect(idParams.safeParse({ id: "99999999999" }).success).toBe(false);
  });
});

describe("password policy", () => {
  it.each([
    ["Ab1", "VALIDATION.PASSWORD_LENGTH"],
    ["Abcdefgh1".repeat(3), "VALIDATION.PASSWORD_LENGTH"],
    ["ABCDEFG1", "VALIDATION.PASSWORD_LOWERCASE"],
    ["abcdefg1", "VALIDATION.PASSWORD_UPPERCASE"],
    ["Abcdefgh", "VALIDATION.PASSWORD_DIGIT"],
    ["Abcd efg1", "VALIDATION.PASSWORD_WHITESPACE"],
  ])("refuses %s with %s", (value, key) => {
    expect(password.safeParse(value).error?.issues.map((issue) => issue.message)).toContain(key);
  });

  it("accepts a password meeting every rule and checks the confirmation", () => {
    expect(password.safeParse("Palco2026").success).toBe(true);
    const mismatch = resetForm.safeParse({ password: "Palco2026", confirmation: "Palco2027" });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: "VALIDATION.PASSWORD_CONFIRMATION",
      path: ["confirmation"],
    });
  });
});
