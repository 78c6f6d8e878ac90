import { describe, expect, it } from "vitest";
import { batchesOf } from "./row-selection.ts";

describe("batchesOf", () => {
  it("splits a selection into batches the bulk route accepts, in order", () => {
    const ids = Array.from({ length: 2_501 }, (_, index) => index + 1);
    const batches = batchesOf(ids, 1_000);
    expect(batches.map((batch) => batch.length)).toEqual([1_000, 1_000, 501]);
    expect(batches.flat()).toEqual(ids);
    expect(batchesOf([], 1_000)).toEqual([]);
  });
});
