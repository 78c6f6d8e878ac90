import { describe, expect, it } from "vitest";
import { placeServerMessages } from "./place-server-messages.ts";

const shown = new Set(["name", "code", "roles"]);

describe("placeServerMessages", () => {
  it("puts every message of a field on screen under it and leaves nothing for the alert", () => {
    const placed = placeServerMessages({ code: "Another country already uses this code" }, shown);
    expect(Object.fromEntries(placed.onFields)).toEqual({ code: "Another country already uses this code" });
    expect(placed.unplaced).toEqual([]);
  });

  it("keeps messages without a field on screen for the alert", () => {
    const placed = placeServerMessages(
      { name: "The name is required.", password: "The password is required.", "": "Something else went wrong" },
      shown,
    );
    expect(Object.fromEntries(placed.onFields)).toEqual({ name: "The name is required." });
    expect(placed.unplaced).toEqual(["The password is required.", "Something else went wrong"]);
  });

  it("gathers indexed keys on their field, each distinct text once, as sentences", () => {
    const placed = placeServerMessages(
      {
        "roles.0": "One of the chosen roles does not exist",
        "roles[1]": "One of the chosen roles does not exist",
        "roles.2": "You cannot assign a role with permissions you do not have",
      },
      shown,
    );
    expect(placed.onFields.get("roles")).toBe(
      "One of the chosen roles does not exist. You cannot assign a role with permissions you do not have.",
    );
    expect(placed.unplaced).toEqual([]);
  });

  it("ignores empty texts", () => {
    const placed = placeServerMessages({ code: " " }, shown);
    expect(placed.onFields.size).toBe(0);
    expect(placed.unplaced).toEqual([]);
  });
});
