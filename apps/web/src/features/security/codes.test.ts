import { describe, expect, it } from "vitest";
import { groupKey, recoveryCodesText } from "./codes.ts";

describe("groupKey", () => {
  it("splits a base32 key in groups of four", () => {
    expect(groupKey("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(groupKey("ABCDEF")).toBe("ABCD EF");
  });

  it("keeps an empty key empty", () => {
    expect(groupKey("")).toBe("");
  });
});

describe("recoveryCodesText", () => {
  it("puts the header and note first, then one code per line", () => {
    expect(recoveryCodesText(["abcde-12345", "fghij-67890"], "Codes for ana@palco.test", "Use each once.")).toBe(
      "Codes for ana@palco.test\nUse each once.\n\nabcde-12345\nfghij-67890\n",
    );
  });
});
