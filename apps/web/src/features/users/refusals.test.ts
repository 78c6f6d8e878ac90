import type { SessionUser } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { userRefusals } from "./refusals.ts";

const signedIn = (id: number, isSuperAdmin: boolean): SessionUser => ({
  id,
  firstName: "Ana",
  lastName: "López",
  email: `user${id}@palco.test`,
  phone: "3312345678",
  pictureUrl: null,
  pictureSmallUrl: null,
  roles: [],
  isActive: true,
  isSuperAdmin,
  permissions: [],
  mfaEnrollmentRequired: false,
});

describe("userRefusals (mirrors the users API's conflicts)", () => {
  it("refuses blocking and deleting your own account, but not editing it", () => {
    expect(userRefusals({ id: 1, isActive: true, isSuperAdmin: true }, signedIn(1, true))).toEqual({
      activate: "USERS.CANNOT_BLOCK_SELF",
      delete: "USERS.CANNOT_DELETE_SELF",
    });
    expect(userRefusals({ id: 7, isActive: true, isSuperAdmin: false }, signedIn(7, false))).toEqual({
      activate: "USERS.CANNOT_BLOCK_SELF",
      delete: "USERS.CANNOT_DELETE_SELF",
    });
  });

  it("refuses every change of a super-admin account to someone who is not one", () => {
    const protectedAccount = "USERS.SUPER_ADMIN_PROTECTED";
    expect(userRefusals({ id: 1, isActive: true, isSuperAdmin: true }, signedIn(7, false))).toEqual({
      edit: protectedAccount,
      activate: protectedAccount,
      delete: protectedAccount,
    });
    // Unblocking a blocked super-admin is a change too.
    expect(userRefusals({ id: 2, isActive: false, isSuperAdmin: true }, signedIn(7, false)).activate).toBe(
      protectedAccount,
    );
  });

  it("lets a super-admin change another super-admin and anyone change an ordinary account", () => {
    expect(userRefusals({ id: 2, isActive: true, isSuperAdmin: true }, signedIn(1, true))).toEqual({});
    expect(userRefusals({ id: 9, isActive: true, isSuperAdmin: false }, signedIn(7, false))).toEqual({});
    expect(userRefusals({ id: 9, isActive: false, isSuperAdmin: false }, signedIn(1, true))).toEqual({});
  });

  it("refuses nothing without a signed-in user (the server decides)", () => {
    expect(userRefusals({ id: 1, isActive: true, isSuperAdmin: true }, null)).toEqual({});
  });
});
