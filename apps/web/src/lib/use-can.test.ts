import type { Session } from "@palco/shared";
import { describe, expect, it, vi } from "vitest";

// The session module keeps its copy in localStorage: a memory one stands in for the browser's.
const storage = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
  removeItem: (key: string) => storage.delete(key),
});

const { sessionCan } = await import("./use-can.ts");
const { clearSession, setSession, subscribeSession, updateSessionUser } = await import("./session.ts");

const member = { isSuperAdmin: false, permissions: ["OWNERS_INDEX", "BOOKINGS_INDEX", "NOTIFICATIONS_INDEX"] };

describe("what a session may see", () => {
  it("follows the permissions, with null for any signed-in member", () => {
    expect(sessionCan(member, "OWNERS_INDEX")).toBe(true);
    expect(sessionCan(member, "USERS_INDEX")).toBe(false);
    expect(sessionCan(member, null)).toBe(true);
    expect(sessionCan({ isSuperAdmin: true, permissions: [] }, "USERS_INDEX")).toBe(true);
    expect(sessionCan(null, null)).toBe(false);
    expect(sessionCan(member, undefined)).toBe(false);
  });

  it("is nothing at all while the session may only enrol a second factor, super-admin or not", () => {
    const confined = { ...member, mfaEnrollmentRequired: true };
    for (const code of ["OWNERS_INDEX", "BOOKINGS_INDEX", "NOTIFICATIONS_INDEX", "USERS_INDEX", null] as const) {
      expect(sessionCan(confined, code)).toBe(false);
      expect(sessionCan({ ...confined, isSuperAdmin: true }, code)).toBe(false);
    }
    expect(sessionCan({ ...confined, mfaEnrollmentRequired: false }, "OWNERS_INDEX")).toBe(true);
  });
});

describe("updating the signed-in user", () => {
  it("tells the listeners only when something changed", () => {
    setSession({
      token: "token",
      refreshToken: "refresh",
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: { id: 1, email: "member@palco.test", ...member, mfaEnrollmentRequired: false },
    } as unknown as Session);
    const listener = vi.fn();
    const stop = subscribeSession(listener);

    updateSessionUser({ mfaEnrollmentRequired: true });
    expect(listener).toHaveBeenCalledTimes(1);
    // Every later refusal of the confined session reports the same: nothing to repaint.
    updateSessionUser({ mfaEnrollmentRequired: true });
    updateSessionUser({ permissions: [...member.permissions] });
    expect(listener).toHaveBeenCalledTimes(1);
    updateSessionUser({ permissions: ["OWNERS_INDEX"] });
    expect(listener).toHaveBeenCalledTimes(2);

    stop();
    clearSession("logout");
  });
});
