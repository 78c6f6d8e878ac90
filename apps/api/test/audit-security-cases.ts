import { expect } from "vitest";
import { totpCodeAt } from "../src/modules/security/totp.ts";
import type { Expected, WalkCase } from "./audit-walk.ts";
import { bearer, call, login, type TestApp } from "./helpers.ts";
import { SoftwareAuthenticator } from "./webauthn-authenticator.ts";

/**
 * The audit walk's cases for the second-factor routes (audit.test.ts): what each success records, and a refusal
 * that records nothing (a malformed body or a state the route refuses before writing).
 */

interface Context {
  t: TestApp;
  admin: { authorization: string };
  adminId: number;
  viewer: { authorization: string };
  secrets: Set<string>;
}

export const securityNotRecorded: Record<string, string> = {
  "POST /api/auth/mfa/totp": "a pending set-up, not a factor yet: its confirmation is recorded",
  "POST /api/auth/mfa/passkeys/options": "a WebAuthn challenge: the registration it leads to is recorded",
  "POST /api/auth/step-up/options": "a WebAuthn challenge: the step-up it leads to is recorded",
};

export function securityCases(context: () => Context): Record<string, WalkCase> {
  const send = (method: "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: object) =>
    call(context().t.app, { method, url, headers: headers as Record<string, string>, payload });

  /** A member signed in with the password (a fresh session: step-up is not in the way). */
  async function member() {
    const { t, secrets } = context();
    const user = await t.createUser();
    const session = await login(t.app, user.email, user.password);
    secrets.add(session.token).add(session.refreshToken);
    return { ...user, headers: bearer(session.token) };
  }

  async function withTotp() {
    const m = await member();
    const setup = await send("POST", "/api/auth/mfa/totp", m.headers);
    const { secret } = setup.json<{ secret: string }>();
    const confirm = await send("POST", "/api/auth/mfa/totp/confirm", m.headers, {
      code: totpCodeAt(secret, Date.now()),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    context().secrets.add(secret);
    for (const code of recoveryCodes) context().secrets.add(code);
    return { ...m, secret, recoveryCodes };
  }

  async function withPasskey() {
    const m = await member();
    const options = await send("POST", "/api/auth/mfa/passkeys/options", m.headers);
    const authenticator = new SoftwareAuthenticator({ origin: "http://palco.test" });
    const created = await send("POST", "/api/auth/mfa/passkeys", m.headers, {
      name: "Laptop",
      response: authenticator.register(options.json()),
    });
    expect(created.statusCode, created.body).toBe(201);
    return { ...m, passkeyId: created.json<{ id: string }>().id };
  }

  const own = (m: { id: number }, action: string, before?: string[]): Expected => ({
    action,
    resource: "users",
    recordId: m.id,
    actorId: m.id,
    ...(before ? { before } : {}),
  });

  return {
    "POST /api/auth/login/mfa": {
      async succeed() {
        const m = await withTotp();
        const first = await call(context().t.app, {
          method: "POST",
          url: "/api/auth/login",
          payload: { provider: "email", user: m.email, secret: m.password },
        });
        const { challenge } = first.json<{ data: { challenge: string } }>().data;
        context().secrets.add(challenge);
        const response = await send(
          "POST",
          "/api/auth/login/mfa",
          {},
          {
            challenge,
            method: "recovery",
            code: m.recoveryCodes[0],
          },
        );
        return { response, expected: own(m, "recovery-code-used", ["sign-in", "mfa-passed"]) };
      },
      refuse: async () => () => send("POST", "/api/auth/login/mfa", {}, { challenge: "x", method: "totp", code: "1" }),
    },
    "POST /api/auth/mfa/totp/confirm": {
      async succeed() {
        const m = await member();
        const setup = await send("POST", "/api/auth/mfa/totp", m.headers);
        const { secret } = setup.json<{ secret: string }>();
        context().secrets.add(secret);
        const response = await send("POST", "/api/auth/mfa/totp/confirm", m.headers, {
          code: totpCodeAt(secret, Date.now()),
        });
        for (const code of response.json<{ recoveryCodes: string[] }>().recoveryCodes) context().secrets.add(code);
        return { response, expected: own(m, "mfa-enrol") };
      },
      async refuse() {
        const m = await member();
        await send("POST", "/api/auth/mfa/totp", m.headers);
        return () => send("POST", "/api/auth/mfa/totp/confirm", m.headers, { code: "12" });
      },
    },
    "DELETE /api/auth/mfa/totp": {
      async succeed() {
        const m = await withTotp();
        return { response: await send("DELETE", "/api/auth/mfa/totp", m.headers), expected: own(m, "mfa-remove") };
      },
      async refuse() {
        const m = await member();
        return () => send("DELETE", "/api/auth/mfa/totp", m.headers);
      },
    },
    "POST /api/auth/mfa/recovery-codes": {
      async succeed() {
        const m = await withTotp();
        const response = await send("POST", "/api/auth/mfa/recovery-codes", m.headers);
        for (const code of response.json<{ recoveryCodes: string[] }>().recoveryCodes) context().secrets.add(code);
        return { response, expected: own(m, "recovery-codes-issued") };
      },
      async refuse() {
        const m = await member();
        return () => send("POST", "/api/auth/mfa/recovery-codes", m.headers);
      },
    },
    "POST /api/auth/mfa/passkeys": {
      async succeed() {
        const m = await member();
        const options = await send("POST", "/api/auth/mfa/passkeys/options", m.headers);
        const authenticator = new SoftwareAuthenticator({ origin: "http://palco.test" });
        const response = await send("POST", "/api/auth/mfa/passkeys", m.headers, {
          name: "Phone",
          response: authenticator.register(options.json()),
        });
        return { response, expected: own(m, "mfa-enrol") };
      },
      async refuse() {
        const m = await member();
        return () => send("POST", "/api/auth/mfa/passkeys", m.headers, { name: "", response: {} });
      },
    },
    "PUT /api/auth/mfa/passkeys/:id": {
      async succeed() {
        const m = await withPasskey();
        const response = await send("PUT", `/api/auth/mfa/passkeys/${m.passkeyId}`, m.headers, { name: "Desk" });
        return { response, expected: own(m, "update") };
      },
      async refuse() {
        const m = await withPasskey();
        return () => send("PUT", `/api/auth/mfa/passkeys/${m.passkeyId}`, m.headers, { name: " " });
      },
    },
    "DELETE /api/auth/mfa/passkeys/:id": {
      async succeed() {
        const m = await withPasskey();
        const response = await send("DELETE", `/api/auth/mfa/passkeys/${m.passkeyId}`, m.headers);
        return { response, expected: own(m, "mfa-remove") };
      },
      async refuse() {
        const m = await member();
        return () => send("DELETE", "/api/auth/mfa/passkeys/2147483647", m.headers);
      },
    },
    "POST /api/auth/step-up": {
      async succeed() {
        const m = await member();
        const response = await send("POST", "/api/auth/step-up", m.headers, {
          method: "password",
          password: m.password,
        });
        return { response, expected: own(m, "step-up") };
      },
      async refuse() {
        const m = await member();
        return () => send("POST", "/api/auth/step-up", m.headers, { method: "totp", code: "x" });
      },
    },
    "DELETE /api/users/:id/mfa": {
      async succeed() {
        const m = await withTotp();
        const { admin, adminId } = context();
        const response = await send("DELETE", `/api/users/${m.id}/mfa`, admin);
        // The member's session (signed in to enrol) ends first, one entry for it, then the reset itself.
        return {
          response,
          expected: {
            action: "mfa-reset",
            resource: "users",
            recordId: m.id,
            actorId: adminId,
            before: ["session-end"],
          },
        };
      },
      async refuse() {
        const m = await withTotp();
        return () => send("DELETE", `/api/users/${m.id}/mfa`, context().viewer);
      },
    },
  };
}
