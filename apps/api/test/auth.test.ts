import { PERMISSION_CODES, sessionResponse, sessionUser } from "@palco/shared";
import { eq } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccessTokens, sha256 } from "../src/platform/auth.ts";
import { refreshTokens, users, userTokens } from "../src/platform/schema.ts";
import { SessionCache } from "../src/platform/sessions.ts";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  call,
  createTestApp,
  expectErrorShape,
  login,
  nextIp,
  readOutbox,
  sessionlessToken,
  TEST_JWT_SECRET,
  type TestApp,
  tokenFromLink,
} from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signIn = (user: string, secret: string, extra: { ip?: string; language?: string } = {}) =>
  call(t.app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { provider: "email", user, secret },
    remoteAddress: extra.ip ?? nextIp(),
    headers: extra.language ? { "accept-language": extra.language } : {},
  });

describe("POST /api/auth/login", () => {
  it("signs the super-admin in with every permission code", async () => {
    const response = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { data } = sessionResponse.parse(response.json());
    expect(data.user.email).toBe(ADMIN_EMAIL);
    expect(data.user.isSuperAdmin).toBe(true);
    expect(data.user.permissions).toEqual(PERMISSION_CODES);
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresIn = new Date(data.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  it("returns the user's roles and exactly the permissions they grant; e-mail is case-insensitive", async () => {
    const user = await t.createUser({ permissions: ["CITIES_INDEX", "COUNTRIES_SHOW"] });
    const response = await signIn(user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.user.permissions).toEqual(["CITIES_INDEX", "COUNTRIES_SHOW"]);
    expect(data.user.roles).toHaveLength(1);
    expect(data.user.isSuperAdmin).toBe(false);
  });

  it("stores passwords with argon2id m=19456 t=2 p=1", async () => {
    const [admin] = await t.app.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers 401 with the same text for a wrong password and an unknown e-mail, in the request language", async () => {
    const wrong = expectErrorShape(await signIn(ADMIN_EMAIL, "Wrong2026x"), 401);
    const unknown = expectErrorShape(await signIn("nobody@palco.test", "Wrong2026x"), 401);
    expect(wrong.message).toBe("Incorrect e-mail or password");
    expect(unknown).toEqual(wrong);
    const spanish = expectErrorShape(await signIn(ADMIN_EMAIL, "Wrong2026x", { language: "es-MX,es;q=0.9" }), 401);
    expect(spanish.message).toBe("Correo electrónico o contraseña incorrectos");
  });

  it("refuses blocked and not yet activated accounts with 403, but only with the right password", async () => {
    const blocked = await t.createUser({ isActive: false });
    const pending = await t.createUser({ verified: false });
    for (const user of [blocked, pending]) {
      const body = expectErrorShape(await signIn(user.email, user.password), 403);
      expect(body.message).toBe("This account is blocked or has not been activated yet");
      expectErrorShape(await signIn(user.email, "Wrong2026x"), 401);
    }
  });

  it("validates the body: 422 with a message per field, in English and Spanish", async () => {
    const empty = expectErrorShape(await call(t.app, { method: "POST", url: "/api/auth/login", payload: {} }), 422);
    expect(Object.keys(empty.messages!).sort()).toEqual(["provider", "secret", "user"]);
    const bad = await call(t.app, {
      method: "POST",
      url: "/api/auth/login",
      headers: { "accept-language": "es" },
      payload: { provider: "facebook", user: "not-an-email", secret: "x".repeat(300) },
    });
    const body = expectErrorShape(bad, 422);
    expect(body.messages).toEqual({
      provider: "Este valor no es válido",
      user: "Escribe un correo electrónico válido",
      secret: "Este valor es demasiado largo",
    });
    const nul = await call(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { provider: "email", user: "a\u0000@palco.test", secret: "a\u0000b" },
    });
    expect([401, 422]).toContain(nul.statusCode);
    // No body at all, and malformed JSON: client errors, never 500.
    expectErrorShape(await call(t.app, { method: "POST", url: "/api/auth/login" }), 422);
    expectErrorShape(
      await call(t.app, {
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      }),
      400,
    );
  });

  it("remembers the language of the sign-in for later e-mails", async () => {
    const user = await t.createUser();
    await signIn(user.email, user.password, { language: "es" });
    const [row] = await t.app.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(row!.language).toBe("es");
  });
});

describe("access tokens", () => {
  it("GET /api/auth/me answers the session user; 401 without or with a bad token", async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);
    expect(sessionUser.parse(me.json()).email).toBe(ADMIN_EMAIL);

    const missing = expectErrorShape(await call(t.app, { method: "GET", url: "/api/auth/me" }), 401);
    expect(missing.message).toBe("You need to sign in to perform this action");
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer("garbage") }), 401);
    expectErrorShape(
      await call(t.app, { method: "GET", url: "/api/auth/me", headers: { authorization: "Basic abc" } }),
      401,
    );
  });

  it("rejects expired and forged tokens", async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    // Both name a live session, so only the expiry or the signature can be what refuses them.
    const { sid } = decodeJwt((await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token);
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuer("palco-admin")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const body = expectErrorShape(
      await call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer(expired) }),
      401,
    );
    expect(body.message).toBe("Your session has expired, please sign in again");
    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuer("palco-admin")
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer(forged) }), 401);
  });

  it("refuses a correctly signed token that names no session (sid)", async () => {
    const user = await t.createUser();
    const sessionless = await sessionlessToken(user.id);
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer(sessionless) }), 401);
    // Nor can the server issue one.
    await expect(createAccessTokens(TEST_JWT_SECRET).sign(user.id, "")).rejects.toThrow();
  });

  it("a token verified before still expires on time", async () => {
    const tokens = createAccessTokens(TEST_JWT_SECRET);
    const { token, expiresAt } = await tokens.sign(7, "session-7");
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: "session-7" });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: "session-7" });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(expiresAt.getTime() - 1);
      expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: "session-7" });
      vi.setSystemTime(expiresAt.getTime());
      expect(await tokens.verify(token)).toEqual({ error: "expired" });
      expect(await tokens.verify(token)).toEqual({ error: "expired" });
    } finally {
      vi.useRealTimers();
    }
    expect(await tokens.verify(`${token}x`)).toEqual({ error: "invalid" });
  });

  it("removing a permission from the user's role, or blocking the user, acts on the very next request", async () => {
    const user = await t.createUser({ permissions: ["COUNTRIES_INDEX"] });
    const { token, user: signedIn } = await login(t.app, user.email, user.password);
    const admin = bearer((await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token);
    const list = () => call(t.app, { method: "GET", url: "/api/countries", headers: bearer(token) });
    // Twice, so the session is cached when the changes come.
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);

    const role = signedIn.roles[0]!;
    const edited = await call(t.app, {
      method: "PUT",
      url: `/api/roles/${role.id}`,
      headers: admin,
      payload: { name: role.name, permissions: ["STATES_INDEX"] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expectErrorShape(await list(), 403);
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer(token) });
    expect(me.json().permissions).toEqual(["STATES_INDEX"]);

    const blocked = await call(t.app, { method: "PUT", url: `/api/users/${user.id}/deactivate`, headers: admin });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer(token) }), 401);
  });

  it("the session cache never keeps what a load read before an invalidation", async () => {
    const user = await t.createUser({ permissions: ["COUNTRIES_INDEX"] });
    const session = await login(t.app, user.email, user.password);
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 10 });
    const sessionId = decodeJwt(session.token).sid as string;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A load reads the old state, an invalidation lands while it is in flight, then the load finishes.
    const stale = {
      user: { ...session.user, permissions: ["COUNTRIES_INDEX"] },
      emailVerified: true,
      language: "en",
      sessionAlive: true,
      mfaRequired: false,
      sessionMfa: false,
      verifiedAt: null,
    };
    const slow = cache.get(user.id, sessionId, async () => {
      await gate;
      return stale;
    });
    cache.invalidate({ userId: user.id });
    release();
    expect(await slow).toBe(stale);
    const fresh = { ...stale, user: { ...stale.user, permissions: [] } };
    expect(await cache.get(user.id, sessionId, async () => fresh)).toBe(fresh);
    expect(await cache.get(user.id, sessionId, async () => stale)).toBe(fresh);
  });
});

describe("refresh and logout", () => {
  const refresh = (refreshToken: string) =>
    call(t.app, { method: "POST", url: "/api/auth/refresh", payload: { refreshToken } });

  it("rotates the refresh token and detects reuse of a rotated one", async () => {
    const first = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = sessionResponse.parse(rotated.json()).data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    // A refresh right after sign-in (same second) must still hand out a new access token.
    expect(second.token).not.toBe(first.token);
    expect(second.user.email).toBe(ADMIN_EMAIL);

    // The old token again: reuse → 401, and the whole family dies, including the token just issued.
    expectErrorShape(await refresh(first.refreshToken), 401);
    expectErrorShape(await refresh(second.refreshToken), 401);

    // Other sessions of the same user are not affected.
    const other = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it("stores refresh tokens hashed", async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const raw = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, session.refreshToken));
    expect(raw).toHaveLength(0);
    const hashed = await t.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)));
    expect(hashed).toHaveLength(1);
  });

  it("refuses unknown, expired and blocked users' tokens, and bad bodies", async () => {
    expectErrorShape(await refresh("unknown-token"), 401);
    expectErrorShape(await call(t.app, { method: "POST", url: "/api/auth/refresh", payload: {} }), 422);

    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)));
    expectErrorShape(await refresh(session.refreshToken), 401);

    const user = await t.createUser();
    const userSession = await login(t.app, user.email, user.password);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectErrorShape(await refresh(userSession.refreshToken), 401);
  });

  it("logout revokes the session's refresh token and always answers 204", async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const out = await call(t.app, {
      method: "POST",
      url: "/api/auth/logout",
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    expectErrorShape(await refresh(session.refreshToken), 401);

    expect((await call(t.app, { method: "POST", url: "/api/auth/logout" })).statusCode).toBe(204);
    // A bad or expired bearer token is not an error either: the route is public.
    expect(
      (await call(t.app, { method: "POST", url: "/api/auth/logout", headers: bearer("garbage") })).statusCode,
    ).toBe(204);
    expect(
      (
        await call(t.app, {
          method: "POST",
          url: "/api/auth/logout",
          headers: { "content-type": "application/json" },
          payload: "",
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await call(t.app, { method: "POST", url: "/api/auth/logout", payload: { refreshToken: "nope" } })).statusCode,
    ).toBe(204);
  });
});

describe("forgot and reset password", () => {
  const forgot = (email: string, language?: string) =>
    call(t.app, {
      method: "POST",
      url: "/api/auth/forgot",
      payload: { email },
      headers: language ? { "accept-language": language } : {},
    });
  const reset = (token: string, password: string, language?: string) =>
    call(t.app, {
      method: "POST",
      url: "/api/auth/reset",
      payload: { token, password },
      headers: language ? { "accept-language": language } : {},
    });

  async function resetMailFor(email: string) {
    await t.app.background.flush();
    const messages = (await readOutbox(t.dataDir)).filter((message) => message.to === email);
    return messages.at(-1);
  }

  it("answers the same whether or not the account exists, and mails only existing accounts", async () => {
    const user = await t.createUser();
    const known = await forgot(user.email);
    const unknown = await forgot("ghost@palco.test");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({
      messages: { general: "If the address belongs to an account, a reset link has been sent to it" },
    });
    expect(await resetMailFor(user.email)).toBeDefined();
    expect(await resetMailFor("ghost@palco.test")).toBeUndefined();

    const spanish = await forgot("ghost@palco.test", "es");
    expect(spanish.json().messages.general).toMatch(/^Si la dirección pertenece a una cuenta/);
    expectErrorShape(await call(t.app, { method: "POST", url: "/api/auth/forgot", payload: { email: "x" } }), 422);
  });

  it("e-mails a working, single-use link and stores only its hash", async () => {
    const user = await t.createUser();
    const oldSession = await login(t.app, user.email, user.password);
    await forgot(user.email);
    const mail = await resetMailFor(user.email);
    expect(mail!.subject).toBe("Reset your Palco Admin password");
    expect(mail!.html).toContain("http://palco.test/reset-password?token=");
    const token = tokenFromLink(mail!, "reset-password");

    const stored = await t.app.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await reset(token, "Changed2026x");
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ messages: { general: "Your password has been changed, you can now sign in" } });
    await login(t.app, user.email, "Changed2026x");
    expectErrorShape(await signIn(user.email, user.password), 401);

    // Single use, and the sessions opened with the old password are gone.
    const again = expectErrorShape(await reset(token, "Another2026x"), 422);
    expect(again.messages).toEqual({ token: "This link has expired or is no longer valid" });
    expectErrorShape(
      await call(t.app, {
        method: "POST",
        url: "/api/auth/refresh",
        payload: { refreshToken: oldSession.refreshToken },
      }),
      401,
    );
  });

  it("refuses expired and unknown tokens, and weak passwords with one message per rule", async () => {
    const user = await t.createUser();
    await forgot(user.email);
    const token = tokenFromLink((await resetMailFor(user.email))!, "reset-password");

    const weak = expectErrorShape(await reset(token, "nodigitsHere"), 422);
    expect(weak.messages).toEqual({ password: "The password must contain a digit" });
    expect(expectErrorShape(await reset(token, "short1A"), 422).messages!.password).toBe(
      "The password must be 8 to 24 characters long",
    );
    expect(expectErrorShape(await reset(token, "lowercase123", "es"), 422).messages!.password).toBe(
      "La contraseña debe contener una letra mayúscula",
    );
    expect(expectErrorShape(await reset(token, "With Space1", "es"), 422).messages!.password).toBe(
      "La contraseña no debe contener espacios",
    );

    await t.app.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, sha256(token)));
    expect(expectErrorShape(await reset(token, "Changed2026x"), 422).messages).toEqual({
      token: "This link has expired or is no longer valid",
    });
    expect(expectErrorShape(await reset("made-up", "Changed2026x", "es"), 422).messages).toEqual({
      token: "Este enlace ha expirado o ya no es válido",
    });
    expectErrorShape(await reset("", "Changed2026x"), 422);
    // The password did not change.
    await login(t.app, user.email, user.password);
  });

  it("writes the e-mail in the user's language when the request does not say", async () => {
    const user = await t.createUser({ language: "es", firstName: "Lucía" });
    await call(t.app, { method: "POST", url: "/api/auth/forgot", payload: { email: user.email } });
    const mail = await resetMailFor(user.email);
    expect(mail!.subject).toBe("Restablece tu contraseña de Palco Admin");
    expect(mail!.text).toContain("Hola Lucía:");
  });
});

describe("POST /api/auth/email-verification", () => {
  const verify = (token: string, language?: string) =>
    call(t.app, {
      method: "POST",
      url: "/api/auth/email-verification",
      payload: { token },
      headers: language ? { "accept-language": language } : {},
    });

  async function activationToken(userId: number, email: string) {
    await t.app.auth.sendActivationMail(userId);
    const mail = (await readOutbox(t.dataDir)).filter((message) => message.to === email).at(-1);
    expect(mail!.subject).toBe("Activate your Palco Admin account");
    return tokenFromLink(mail!, "activate-account");
  }

  it("activates the account once; the user may then sign in", async () => {
    const user = await t.createUser({ verified: false });
    expectErrorShape(await signIn(user.email, user.password), 403);
    const token = await activationToken(user.id, user.email);
    const stored = await t.app.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(stored[0]!.tokenHash).toBe(sha256(token));

    const done = await verify(token, "es");
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ messages: { general: "El correo fue verificado, ya puedes iniciar sesión" } });
    await login(t.app, user.email, user.password);
    expect(expectErrorShape(await verify(token), 422).messages).toEqual({
      token: "This link has expired or is no longer valid",
    });
  });

  it("refuses expired, unknown and reset tokens", async () => {
    const user = await t.createUser({ verified: false });
    const token = await activationToken(user.id, user.email);
    await t.app.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, sha256(token)));
    expectErrorShape(await verify(token), 422);
    expectErrorShape(await verify("x".repeat(43)), 422);
    expectErrorShape(await verify("x".repeat(600)), 422);
    expectErrorShape(await call(t.app, { method: "POST", url: "/api/auth/email-verification", payload: {} }), 422);
    expectErrorShape(await signIn(user.email, user.password), 403);
  });
});
