import { describe, expect, it } from "vitest";
import { emptyImage, imageParts, toFormData } from "./multipart.ts";
import { toPaged } from "./paged.ts";

describe("toFormData", () => {
  it("sends text parts, one part per array item, files with their name, and leaves out missing parts", () => {
    const file = new File(["x"], "me.png", { type: "image/png" });
    const body = toFormData({
      firstName: "Ana",
      password: undefined,
      nothing: null,
      "roles[]": [3, 7],
      picture: file,
    });
    expect(body.get("firstName")).toBe("Ana");
    expect(body.has("password")).toBe(false);
    expect(body.has("nothing")).toBe(false);
    expect(body.getAll("roles[]")).toEqual(["3", "7"]);
    expect((body.get("picture") as File).name).toBe("me.png");
  });

  it("sends no array part for an empty list", () => {
    expect(toFormData({ "roles[]": [] }).has("roles[]")).toBe(false);
  });
});

describe("imageParts", () => {
  const file = new File(["x"], "new.webp", { type: "image/webp" });

  it("sends a new file, whether or not there was a stored picture", () => {
    expect(imageParts("picture", { file, current: "/uploads/a.webp", remove: false }, "removePicture")).toEqual({
      picture: file,
    });
  });

  it("asks to remove a stored picture that was removed", () => {
    expect(imageParts("picture", { file: null, current: "/uploads/a.webp", remove: true }, "removePicture")).toEqual({
      removePicture: "true",
    });
  });

  it("sends nothing when the picture did not change", () => {
    expect(imageParts("picture", emptyImage("/uploads/a.webp"), "removePicture")).toEqual({});
    expect(imageParts("picture", { file: null, current: null, remove: true }, "removePicture")).toEqual({});
    expect(imageParts("picture", undefined, "removePicture")).toEqual({});
  });
});

describe("toPaged", () => {
  it("passes a paged answer through and makes an unpaged one a single page", () => {
    const paged = {
      items: [{ id: 1 }],
      page: 2,
      pageSize: 12,
      pageCount: 3,
      total: 25,
      totalKind: "exact" as const,
      next: "n",
      previous: "p",
    };
    expect(toPaged(paged)).toBe(paged);
    expect(toPaged([{ id: 1 }, { id: 2 }])).toEqual({
      items: [{ id: 1 }, { id: 2 }],
      page: 1,
      pageSize: 2,
      pageCount: 1,
      total: 2,
      totalKind: "exact",
      next: null,
      previous: null,
    });
    expect(toPaged([])).toMatchObject({ total: 0, pageCount: 0 });
  });
});
