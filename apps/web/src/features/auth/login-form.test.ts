import { email } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { validateLogin } from "./login-form.ts";

/** The first message the shared schema gives for an e-mail, or undefined when it accepts it. */
function sharedEmailError(value: string): string | undefined {
  const result = email.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("login form checks", () => {
  it("judge e-mails exactly as the shared schema does", () => {
    const samples = [
      "",
      "   ",
      "admin@palco.local",
      "  admin@palco.local  ",
      "first.last+tag@sub.example.com",
      "o'brien@example.ie",
      "not-an-email",
      "a@b",
      "a@b.c",
      "a..b@example.com",
      ".a@example.com",
      "a.@example.com",
      "a@-example.com",
      "a b@example.com",
      "ñandú@example.com",
      `${"a".repeat(245)}@palco.com`,
      `${"a".repeat(250)}@palco.com`,
    ];
    for (const sample of samples) {
      expect(validateLogin({ email: sample, password: "x" }).email, JSON.stringify(sample)).toBe(
        sharedEmailError(sample),
      );
    }
  });

  it("require a password and accept a complete form", () => {
    expect(validateLogin({ email: "admin@palco.local", password: "" })).toEqual({
      password: "VALIDATION.PASSWORD_MISSING",
    });
    expect(validateLogin({ email: "", password: "" })).toEqual({
      email: "VALIDATION.EMAIL_MISSING",
      password: "VALIDATION.PASSWORD_MISSING",
    });
    expect(validateLogin({ email: "admin@palco.local", password: " " })).toEqual({});
  });
});
