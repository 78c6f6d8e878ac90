import { recoveryCode, totpCode } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { firstTypedMethod, normaliseCode, validateAnswer } from "./second-factor.ts";

const sharedResult = (schema: typeof totpCode | typeof recoveryCode, value: string) => {
  const result = schema.safeParse(value);
  return result.success
    ? { error: undefined, value: result.data }
    : { error: result.error.issues[0]?.message, value: undefined };
};

describe("second-step checks", () => {
  it("judge authenticator codes exactly as the shared schema does", () => {
    for (const sample of ["", "   ", "123456", "123 456", " 123456 ", "12345", "1234567", "12345a", "１２３４５６"]) {
      const shared = sharedResult(totpCode, sample);
      const error = validateAnswer("totp", sample);
      expect(error, sample).toBe(shared.error);
      if (!error) expect(normaliseCode("totp", sample)).toBe(shared.value);
    }
  });

  it("judge recovery codes exactly as the shared schema does", () => {
    const samples = [
      "",
      "abcde-12345",
      "ABCDE-12345",
      " abcde 12345 ",
      "abcde12345",
      "abcde-1234",
      "abcde-123456",
      "abcd!-12345",
    ];
    for (const sample of samples) {
      const shared = sharedResult(recoveryCode, sample);
      const error = validateAnswer("recovery", sample);
      expect(error, sample).toBe(shared.error);
      if (!error) expect(normaliseCode("recovery", sample)).toBe(shared.value);
    }
  });

  it("forgive the spaces apps show and the dash and case of recovery codes", () => {
    expect(normaliseCode("totp", "123 456")).toBe("123456");
    expect(normaliseCode("recovery", "ABCDE-12345")).toBe("abcde12345");
  });

  it("ask only that a password be typed", () => {
    expect(validateAnswer("password", "")).toBe("VALIDATION.PASSWORD_MISSING");
    expect(validateAnswer("password", " x ")).toBeUndefined();
  });

  it("ask first for the app's code, else the password, else a recovery code", () => {
    expect(firstTypedMethod(["passkey", "totp", "recovery"])).toBe("totp");
    expect(firstTypedMethod(["password"])).toBe("password");
    expect(firstTypedMethod(["passkey", "recovery"])).toBe("recovery");
  });
});
