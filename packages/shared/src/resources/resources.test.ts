import { describe, expect, it } from "vitest";
import { isTimeZone } from "../time-zones.ts";
import { password, resetForm } from "./auth.ts";
import { cityInput } from "./cities.ts";
import { idParams, idReference, optionalIdFilter, pageQuery } from "./common.ts";
import { countryInput } from "./countries.ts";
import { stateInput } from "./states.ts";
import { userCreateInput, userListQuery } from "./users.ts";

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

  it("takes ids only as numbers or strings of digits: no booleans, arrays or other numerals", () => {
    const state = idReference("CITIES.VALIDATION.STATE_MISSING");
    // What forms and JSON clients send keeps working.
    expect(state.parse("7")).toBe(7);
    expect(state.parse(" 7 ")).toBe(7);
    expect(state.parse(7)).toBe(7);
    expect(idParams.parse({ id: "12" })).toEqual({ id: 12 });
    expect(optionalIdFilter.parse("3")).toBe(3);
    expect(optionalIdFilter.parse("")).toBeUndefined();
    expect(optionalIdFilter.parse(undefined)).toBeUndefined();
    // Missing and empty keep the resource's own key; too large keeps its own.
    for (const missing of [undefined, null, "", "   "]) {
      expect(firstMessage(state.safeParse(missing)), String(missing)).toBe("CITIES.VALIDATION.STATE_MISSING");
    }
    expect(firstMessage(state.safeParse("99999999999"))).toBe("VALIDATION.NOT_FOUND_REFERENCE");
    // Values z.coerce.number() used to turn into ids: given, so a format error rather than "required".
    for (const value of [true, false, [7], ["7"], {}, "1e3", "0x10", "7.0", "-7", "0", 0, 1.5, -3, Number.NaN]) {
      const label = JSON.stringify(value);
      expect(firstMessage(state.safeParse(value)), label).toBe("VALIDATION.REFERENCE_FORMAT");
      expect(firstMessage(idParams.safeParse({ id: value })), label).toBe("VALIDATION.INVALID");
      expect(firstMessage(optionalIdFilter.safeParse(value)), label).toBe("VALIDATION.INVALID");
    }
    expect(idParams.safeParse({ id: Number.POSITIVE_INFINITY }).success).toBe(false);
    expect(userListQuery.safeParse({ role: "true" }).success).toBe(false);
  });

  it("takes role ids the same way", () => {
    const base = {
      firstName: "Ana",
      lastName: "López",
      email: "ana@palco.test",
      phone: "3312345678",
      password: "Secret2026x",
    };
    expect(userCreateInput.parse({ ...base, roles: ["2", 3] }).roles).toEqual([2, 3]);
    for (const roles of [[true], [[7]], ["x"], [0], "7"]) {
      const result = userCreateInput.safeParse({ ...base, roles });
      expect(result.success, JSON.stringify(roles)).toBe(false);
      expect(firstMessage(result), JSON.stringify(roles)).toBe("USERS.VALIDATION.ROLES_FORMAT");
    }
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
