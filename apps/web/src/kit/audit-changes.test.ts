import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { auditValueText, fieldLabel } from "./audit-changes.tsx";

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

describe("auditValueText", () => {
  it("reads recorded values as a person would", () => {
    expect(auditValueText(null, t)).toBe("—");
    expect(auditValueText("", t)).toBe("—");
    expect(auditValueText("[redacted]", t)).toBe("«AUDIT.HIDDEN»");
    expect(auditValueText(true, t)).toBe("«COMMON.YES»");
    expect(auditValueText(false, t)).toBe("«COMMON.NO»");
    expect(auditValueText(42, t)).toBe("42");
    expect(auditValueText({ id: 3, name: "Jalisco", code: "JAL" }, t)).toBe("Jalisco");
    expect(
      auditValueText(
        [
          { id: 1, name: "Soporte" },
          { id: 2, name: "Finanzas" },
        ],
        t,
      ),
    ).toBe("Soporte, Finanzas");
    expect(auditValueText([], t)).toBe("—");
    expect(auditValueText({ code: "CITIES_INDEX", description: "List cities" }, t)).toBe("CITIES_INDEX");
  });

  it("shows timestamps in the user's date format", () => {
    expect(auditValueText("2026-03-05T17:23:57.000Z", t)).toMatch(/^\d{1,2}\/\d{1,2}\/2026 /);
  });
});

describe("fieldLabel", () => {
  it("uses the resource's own label when it has one, the field name otherwise", () => {
    expect(fieldLabel("name", { name: "CITIES.FIELDS.NAME" }, t)).toBe("«CITIES.FIELDS.NAME»");
    expect(fieldLabel("searchText", { name: "CITIES.FIELDS.NAME" }, t)).toBe("searchText");
  });
});
