import type { Session } from "@palco/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, setStepUpHandler } from "./api.ts";
import { clearSession, getSession, setSession } from "./session.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const refusal = (code: string) =>
  json(403, { statusCode: 403, error: "Forbidden", message: "Confirm it is you", code });

/** A server whose sensitive route refuses until `proved` is set, then answers `{saved: n}` with the call's number. */
function sensitiveServer() {
  const state = { proved: false, calls: 0 };
  const fetchMock = vi.fn(async () => {
    state.calls += 1;
    return state.proved ? json(200, { saved: state.calls }) : refusal("STEP_UP_REQUIRED");
  });
  vi.stubGlobal("fetch", fetchMock);
  return { state, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession("logout");
});

describe("a call refused for want of a step-up", () => {
  it("waits for the step-up, is sent again and answers as if it had passed at once", async () => {
    const { state, fetchMock } = sensitiveServer();
    const handler = vi.fn(async () => {
      state.proved = true;
      return true;
    });
    const remove = setStepUpHandler(handler);
    await expect(api("/api/settings/fees", { method: "PUT", body: { guest: 8 } })).resolves.toEqual({ saved: 2 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, retried] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(retried.body).toBe(JSON.stringify({ guest: 8 }));
    remove();
  });

  it("shares one step-up between calls refused at the same time", async () => {
    const { state } = sensitiveServer();
    let pass: (passed: boolean) => void = () => undefined;
    const handler = vi.fn(() => new Promise<boolean>((resolve) => (pass = resolve)));
    const remove = setStepUpHandler(handler);
    const first = api("/api/roles", { method: "POST", body: {} });
    const second = api("/api/settings/fees", { method: "PUT", body: {} });
    await vi.waitFor(() => expect(handler).toHaveBeenCalled());
    state.proved = true;
    pass(true);
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect(handler).toHaveBeenCalledTimes(1);
    remove();
  });

  it("fails with its refusal when the member cancels, or when nothing can ask", async () => {
    sensitiveServer();
    const remove = setStepUpHandler(async () => false);
    const cancelled = await api("/api/roles", { method: "POST", body: {} }).catch((error: unknown) => error);
    expect(cancelled).toBeInstanceOf(ApiError);
    expect((cancelled as ApiError).status).toBe(403);
    expect((cancelled as ApiError).body?.code).toBe("STEP_UP_REQUIRED");
    remove();
    await expect(api("/api/roles", { method: "POST", body: {} })).rejects.toMatchObject({ status: 403 });
  });
});

describe("a call refused because the member must enrol a factor", () => {
  it("marks the session so the guard leads to the Security page", async () => {
    const session = {
      token: "t",
      refreshToken: "r",
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: { id: 1, email: "a@b.co", isSuperAdmin: false, permissions: [], mfaEnrollmentRequired: false },
    } as unknown as Session;
    setSession(session);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => refusal("MFA_ENROLLMENT_REQUIRED")),
    );
    await expect(api("/api/owners")).rejects.toMatchObject({ status: 403 });
    expect(getSession()?.user.mfaEnrollmentRequired).toBe(true);
  });
});
