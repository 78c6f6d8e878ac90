import { describe, expect, it } from "vitest";
import { ApiError, buildUrl, serverMessages } from "./api.ts";

describe("buildUrl", () => {
  it("drops empty values and encodes the rest", () => {
    expect(buildUrl("/api/cities", { page: 2, search: "San José", state: "", country: undefined })).toBe(
      "/api/cities?page=2&search=San+Jos%C3%A9",
    );
    expect(buildUrl("/api/countries", {})).toBe("/api/countries");
  });
});

describe("serverMessages", () => {
  it("returns the per-field texts of a validation or conflict answer", () => {
    const error = new ApiError(422, {
      statusCode: 422,
      error: "Unprocessable Entity",
      message: "a\nb",
      messages: { code: "Another country already uses this code", name: "The country name is required" },
    });
    expect(serverMessages(error)).toEqual(["Another country already uses this code", "The country name is required"]);
  });

  it("returns null when there is nothing to show, so the caller uses its fallback key", () => {
    expect(serverMessages(new ApiError(500, null))).toBeNull();
    expect(serverMessages(new ApiError(403, { statusCode: 403, error: "Forbidden", message: "x" }))).toBeNull();
    expect(serverMessages(new Error("boom"))).toBeNull();
  });
});
