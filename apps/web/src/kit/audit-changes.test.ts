import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { auditFieldLabel, auditValueText } from "./audit-labels.ts";

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
    // A permission by the catalogue's description in the language shown, whatever the entry stored.
    expect(auditValueText({ code: "CITIES_INDEX", description: "Listar ciudades" }, t)).toBe("List cities");
    expect(auditValueText({ code: "SOMETHING_ELSE", description: "?" }, t)).toBe("SOMETHING_ELSE");
  });

  it("shows enumerated values by the labels the resource's screens use", () => {
    expect(auditValueText("returned", t, { resource: "owners", field: "status" })).toBe("«REVIEW.STATUS.returned»");
    expect(auditValueText("season", t, { resource: "boxes", field: "type" })).toBe("«BOXES.TYPES.season»");
    // The same word in a field without labels stays as recorded.
    expect(auditValueText("season", t, { resource: "boxes", field: "detail" })).toBe("season");
  });

  it("spells out objects without a name by their fields' labels, leaving bookkeeping out", () => {
    expect(auditValueText({ x: 12.5, y: 40 }, t, { resource: "boxes", field: "position" })).toBe(
      "«AUDIT.FIELD_NAMES.x»: 12.5, «AUDIT.FIELD_NAMES.y»: 40",
    );
    expect(
      auditValueText({ id: 9, status: "capture", createdAt: "2026-03-05T17:23:57.000Z" }, t, {
        resource: "bookings",
        field: "payment",
      }),
    ).toBe("«AUDIT.FIELD_NAMES.status»: «BOOKINGS.PAYMENT_STATUSES.capture»");
  });

  it("shows timestamps and calendar days in the user's date format, and amounts as money", () => {
    expect(auditValueText("2026-03-05T17:23:57.000Z", t)).toMatch(/^\d{1,2}\/\d{1,2}\/2026 /);
    expect(auditValueText("1988-04-12", t)).toBe("12/4/1988");
    expect(auditValueText("18500.50", t, { resource: "boxes", field: "price" })).toBe("$18,500.50");
  });
});

describe("auditFieldLabel", () => {
  it("names a field by its label key, the field name only as the last resort", () => {
    expect(auditFieldLabel("readyForReview", t)).toBe("«AUDIT.FIELD_NAMES.readyForReview»");
  });
});
