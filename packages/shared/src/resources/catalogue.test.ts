import { describe, expect, it } from "vitest";
import { categoryInput } from "./categories.ts";
import { serviceInput } from "./services.ts";

const orderMessage = (schema: typeof categoryInput | typeof serviceInput, order: unknown) => {
  const result = schema.safeParse({ name: "X", order });
  return result.success ? "ok" : result.error.issues.map((issue) => issue.message);
};

describe("display order", () => {
  it("is missing when empty (one message, as a form shows it) and malformed when not a whole number from 1", () => {
    for (const empty of ["", " ", null, undefined]) {
      expect(orderMessage(categoryInput, empty), String(empty)).toEqual(["CATEGORIES.VALIDATION.ORDER_MISSING"]);
    }
    for (const bad of ["abc", "1.5", "0", "-1", 0, 2.5, true, [1], "1e3", "99999999999"]) {
      expect(orderMessage(serviceInput, bad), String(bad)).toEqual(["SERVICES.VALIDATION.ORDER_FORMAT"]);
    }
    expect(categoryInput.parse({ name: " Box ", order: " 3 " })).toEqual({ name: "Box", order: 3 });
    expect(serviceInput.parse({ name: "Mesero", order: 12 })).toEqual({ name: "Mesero", order: 12 });
  });
});
