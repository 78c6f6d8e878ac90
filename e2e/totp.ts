// Second-factor helpers for the browser tests: members with an authenticator app set up through the API, their
// codes, and sessions signed in with both steps.
import path from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { type Credentials, createStaffWith } from "./fixtures.ts";

const TOTP_PERIOD_MS = 30_000;

/** A staff member with an authenticator app set up through the API, as the Security page would. */
export type TotpMember = Credentials & { secret: string; recoveryCodes: string[]; lastStep: number };

export type SessionData = { token: string; refreshToken: string; expiresAt: string; user: unknown };
type Challenge = { mfaRequired: true; challenge: string; methods: string[] };

/** Answers are `{data}` where the contract says so; the factor routes answer the object itself. */
export const unwrap = <T>(body: { data?: T } & T): T => (body.data !== undefined ? body.data : body);

export const currentStep = () => Math.floor(Date.now() / TOTP_PERIOD_MS);

export function totpCode(secret: string, step: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: step * TOTP_PERIOD_MS });
}

/**
 * A code the server takes now: each step's code is accepted once, so after one was used, the next step's code (one
 * step of drift is allowed) rather than the same one again.
 */
export function nextCode(member: TotpMember): string {
  const step = Math.max(currentStep(), member.lastStep + 1);
  member.lastStep = step;
  return totpCode(member.secret, step);
}

/** A sign-in with the password alone (a member without a second factor), through the API. */
async function passwordSession(request: APIRequestContext, user: Credentials): Promise<SessionData> {
  const response = await request.post("/api/auth/login", {
    data: { provider: "email", user: user.email, secret: user.password },
  });
  expect(response.status(), `sign-in of ${user.email}`).toBe(200);
  return unwrap<SessionData>(await response.json());
}

export async function bearer(request: APIRequestContext, user: Credentials) {
  const { token } = await passwordSession(request, user);
  return { Authorization: `Bearer ${token}`, "Accept-Language": "en" };
}

export async function memberWithTotp(request: APIRequestContext, permissions: string[] = []): Promise<TotpMember> {
  const staff = await createStaffWith(request, permissions);
  const headers = await bearer(request, staff);
  const setup = await request.post("/api/auth/mfa/totp", { headers });
  expect(setup.ok(), `TOTP set-up: ${await setup.text()}`).toBeTruthy();
  const { secret } = unwrap<{ secret: string }>(await setup.json());
  const step = currentStep();
  const confirmed = await request.post("/api/auth/mfa/totp/confirm", {
    headers,
    data: { code: totpCode(secret, step) },
  });
  expect(confirmed.ok(), `TOTP confirmation: ${await confirmed.text()}`).toBeTruthy();
  const { recoveryCodes } = unwrap<{ recoveryCodes: string[] }>(await confirmed.json());
  expect(recoveryCodes.length).toBeGreaterThan(0);
  return { email: staff.email, password: staff.password, secret, recoveryCodes, lastStep: step };
}

/** Both steps through the API; the session as the SPA stores it. */
async function twoStepSession(request: APIRequestContext, member: TotpMember): Promise<SessionData> {
  const first = await request.post("/api/auth/login", {
    data: { provider: "email", user: member.email, secret: member.password },
  });
  expect(first.status()).toBe(200);
  const challenge = unwrap<Challenge>(await first.json());
  expect(challenge).toMatchObject({ mfaRequired: true });
  expect(challenge).not.toHaveProperty("token");
  const second = await request.post("/api/auth/login/mfa", {
    data: { challenge: challenge.challenge, method: "totp", code: nextCode(member) },
  });
  expect(second.status(), `second step: ${await second.text()}`).toBe(200);
  return unwrap<SessionData>(await second.json());
}

/**
 * The step-up test's two members, signed in by the setup project (step-up.setup.ts) before every spec: by the time
 * mfa-sign-in.spec.ts runs, their sign-in proofs have mostly or wholly run out, so the test waits out what is left of
 * the window instead of all of it while a worker idles.
 */
export type StepUpSessions = {
  /** Signed in with the password and an app code. */
  member: TotpMember;
  session: SessionData;
  /** Without a second factor: confirms with the password. */
  plain: Credentials;
  plainSession: SessionData;
  /** When both sign-ins were done (ms since the epoch). */
  signedInAt: number;
};

export const STEP_UP_SESSIONS = path.resolve(import.meta.dirname, "../.tmp/e2e-step-up-sessions.json");

export async function signInForStepUp(request: APIRequestContext): Promise<StepUpSessions> {
  const member = await memberWithTotp(request, ["SERVICES_INDEX"]);
  const session = await twoStepSession(request, member);
  const plain = await createStaffWith(request, ["SERVICES_INDEX"]);
  const plainSession = await passwordSession(request, plain);
  return {
    member,
    session,
    plain: { email: plain.email, password: plain.password },
    plainSession,
    signedInAt: Date.now(),
  };
}
