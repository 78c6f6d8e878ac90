import { describe, expect, it } from "vitest";
import { serverSearchText } from "./select-filter.tsx";

describe("serverSearchText", () => {
  it("sends what the user typed, trimmed", () => {
    expect(serverSearchText("  sup ", undefined)).toBe("sup");
    expect(serverSearchText("sup", "Super Admin (admin@palco.test)")).toBe("sup");
  });

  it("sends nothing while the input only shows the chosen option, so opening it offers everyone", () => {
    expect(serverSearchText("Super Admin (admin@palco.test)", "Super Admin (admin@palco.test)")).toBe("");
    expect(serverSearchText("", "Super Admin (admin@palco.test)")).toBe("");
  });
});
