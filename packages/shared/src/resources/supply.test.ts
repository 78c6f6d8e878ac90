import { describe, expect, it } from "vitest";
import { reviewDecision } from "./supply.ts";
import { clabeControlDigit, countLetters, isValidClabe, isValidRfc } from "./supply-values.ts";

describe("CLABE", () => {
  it("checks the control digit (weights 3, 7, 1 on the first 17 digits)", () => {
    expect(clabeControlDigit("00201007777777777")).toBe(1);
    expect(isValidClabe("002010077777777771")).toBe(true);
    expect(isValidClabe("032180000118359719")).toBe(true);
    expect(isValidClabe("002010077777777772")).toBe(false);
    expect(isValidClabe("00201007777777777")).toBe(false);
    expect(isValidClabe("00201007777777777a")).toBe(false);
  });
});

describe("RFC", () => {
  it("takes a person's (4 letters) and a company's (3) with a real date and a homoclave", () => {
    expect(isValidRfc("HERL880412AB1")).toBe(true);
    expect(isValidRfc("ÑAÑO900101XYA")).toBe(true);
    expect(isValidRfc("ABC010203XY9")).toBe(true);
    expect(isValidRfc("HERL881312AB1")).toBe(false);
    expect(isValidRfc("herl880412ab1")).toBe(false);
    expect(isValidRfc("HERL880412AB")).toBe(false);
  });
});

describe("review decisions", () => {
  const owners = reviewDecision("OWNERS");
  const boxes = reviewDecision("BOXES");
  const messages = (result: ReturnType<typeof owners.safeParse>) =>
    result.success ? [] : result.error.issues.map((issue) => issue.message);

  it("accept needs no review; reject needs one of at least 10 letters (digits and signs do not count)", () => {
    expect(owners.safeParse({ status: "accepted" }).success).toBe(true);
    expect(messages(owners.safeParse({ status: "returned" }))).toEqual(["OWNERS.VALIDATION.REVIEW_MISSING"]);
    expect(messages(boxes.safeParse({ status: "returned", review: "   " }))).toEqual([
      "BOXES.VALIDATION.REVIEW_MISSING",
    ]);
    expect(messages(owners.safeParse({ status: "returned", review: "1234567890 abc!!" }))).toEqual([
      "OWNERS.VALIDATION.REVIEW_FORMAT",
    ]);
    expect(countLetters("Ñandú señal")).toBe(10);
    expect(owners.safeParse({ status: "returned", review: "Ñandú señal" }).success).toBe(true);
    expect(owners.safeParse({ status: "pending" }).success).toBe(false);
  });
});
