import { describe, expect, it } from "vitest";
import { roleInput } from "./roles.ts";
import { userCreateInput, userForm, userUpdateInput } from "./users.ts";
import { PHONE_PATTERN } from "./users-values.ts";

/** The first message of each field, as the forms show it. */
const messagesOf = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join(".")] ??= issue.message;
  return messages;
};

const valid = {
  firstName: "Lucía",
  lastName: "Hernández",
  email: "lucia@palco.mx",
  phone: "+52 33 1234 5678",
  roles: ["2", "3"],
};

describe("user schemas", () => {
  it.each(["3312345678", "331-234-5678", "331.234.5678", "+52 33 1234 5678", "+523312345678", "+1-331-234-5678"])(
    "accepts the phone %s",
    (phone) => expect(PHONE_PATTERN.test(phone)).toBe(true),
  );

  it.each(["12345", "33123456789", "+52 33 1234 56", "phone", "+52--3312345678", "331 234 5678 ext 2"])(
    "refuses the phone %s",
    (phone) => expect(PHONE_PATTERN.test(phone)).toBe(false),
  );

  it("requires every field on create, with one key per rule, and turns role ids into numbers", () => {
    expect(messagesOf(userCreateInput.safeParse({}))).toMatchObject({
      firstName: "USERS.VALIDATION.FIRST_NAME_MISSING",
      lastName: "USERS.VALIDATION.LAST_NAME_MISSING",
      email: "VALIDATION.EMAIL_MISSING",
      phone: "USERS.VALIDATION.PHONE_MISSING",
      password: "VALIDATION.PASSWORD_MISSING",
    });
    expect(userCreateInput.parse({ ...valid, password: "Palco2026" }).roles).toEqual([2, 3]);
    expect(messagesOf(userCreateInput.safeParse({ ...valid, phone: "12", password: "Palco2026" }))).toEqual({
      phone: "USERS.VALIDATION.PHONE_FORMAT",
    });
  });

  it("keeps the password on update optional, but checks it when sent", () => {
    expect(userUpdateInput.parse({ ...valid, password: "" }).password).toBeUndefined();
    expect(messagesOf(userUpdateInput.safeParse({ ...valid, password: "short" }))).toEqual({
      password: "VALIDATION.PASSWORD_LENGTH",
    });
  });

  it("checks the password in the form on create, and on edit only when change-password is on", () => {
    const form = { ...valid, password: "", confirmation: "" };
    expect(messagesOf(userForm("create").safeParse(form))).toEqual({ password: "VALIDATION.PASSWORD_MISSING" });
    expect(userForm("edit").safeParse(form).success).toBe(true);
    const mismatch = { ...form, changePassword: true, password: "Palco2026", confirmation: "Palco2027" };
    expect(messagesOf(userForm("edit").safeParse(mismatch))).toEqual({
      confirmation: "VALIDATION.PASSWORD_CONFIRMATION",
    });
  });
});

describe("role schema", () => {
  it("accepts catalogue codes once each and refuses unknown ones", () => {
    expect(roleInput.parse({ name: "Ventas", permissions: ["USERS_INDEX", "USERS_INDEX"] }).permissions).toEqual([
      "USERS_INDEX",
    ]);
    expect(messagesOf(roleInput.safeParse({ name: "Ventas", permissions: ["USERS_INDEX", "ROLES_DELETE"] }))).toEqual({
      permissions: "ROLES.VALIDATION.PERMISSION_UNKNOWN",
    });
    expect(messagesOf(roleInput.safeParse({ permissions: [] }))).toEqual({ name: "ROLES.VALIDATION.NAME_MISSING" });
  });
});
