import type { MfaChallenge, MfaStatus, Session } from "@palco/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSecretBox } from "../src/modules/security/secret-box.ts";
import { totpCodeAt } from "../src/modules/security/totp.ts";
import {
  auditLog,
  authSessions,
  roles,
  userPasskeys,
  userRecoveryCodes,
  userRoles,
  users,
  userTotp,
} from "../src/platform/schema.ts";
import {
  bearer,
  call,
  createTestApp,
  expectErrorShape,
  nextIp,
  readOutbox,
  sessionIdOf,
  type TestApp,
} from "./helpers.ts";
import { SoftwareAuthenticator } from "./webauthn-authenticator.ts";

/**
 * Second factors (issue 21): TOTP with a controlled clock, recovery codes, passkeys through a software
 * authenticator, the two-step sign-in, step-up and the staff reset, as the API answers them.
 */
const ORIGIN = "http://palco.test";
const STEP_MS = 30_000;

let t: TestApp;
let admin: { authorization: string };
const logLines: string[] = [];
/** Every secret and code the tests saw: none may appear in a log line or an audit entry. */
const secrets = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({
    build: { logger: { level: "info", stream: { write: (line: string) => logLines.push(line) } } },
  });
  admin = bearer(await t.adminToken());
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes Date in the middle of a TOTP step near now (the database's own clock stays real). */
function freezeClock(): number {
  const start = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
  return start;
}
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

type Json = Record<string, unknown>;

async function post(url: string, payload: object | undefined, headers: Record<string, string> = {}, ip = nextIp()) {
  return call(t.app, { method: "POST", url, payload, headers, remoteAddress: ip });
}

async function passwordStep(email: string, password: string, ip = nextIp(), language?: "en" | "es") {
  const response = await post(
    "/api/auth/login",
    { provider: "email", user: email, secret: password },
    language ? { "accept-language": language } : {},
    ip,
  );
  return response;
}

async function signIn(email: string, password: string, ip = nextIp()): Promise<Session> {
  const response = await passwordStep(email, password, ip);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Session }>().data;
}

async function challengeFor(email: string, password: string, ip = nextIp(), language?: "en" | "es") {
  const response = await passwordStep(email, password, ip, language);
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json<{ data: MfaChallenge & { token?: string } }>().data;
  expect(data.mfaRequired).toBe(true);
  expect(data).not.toHaveProperty("token");
  expect(data).not.toHaveProperty("refreshToken");
  return data;
}

const secondStep = (payload: Json, ip = nextIp(), language?: "en" | "es") =>
  post("/api/auth/login/mfa", payload, language ? { "accept-language": language } : {}, ip);

/** A member signed in with the password alone (no factor yet): id, e-mail, session. */
async function member(options: { language?: "en" | "es"; requiresMfa?: boolean } = {}) {
  const user = await t.createUser({ permissions: ["COUNTRIES_INDEX"], language: options.language ?? "en" });
  if (options.requiresMfa) {
    const [held] = await t.app.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, user.id));
    await t.app.db.update(roles).set({ requiresMfa: true }).where(eq(roles.id, held!.roleId));
  }
  const session = await signIn(user.email, user.password);
  return { ...user, session, headers: bearer(session.token) };
}

/** Sets up an authenticator app at the frozen clock's current step; answers its secret and recovery codes. */
async function enrolTotp(headers: Record<string, string>) {
  const setup = await post("/api/auth/mfa/totp", undefined, headers);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  secrets.add(secret);
  const confirm = await post("/api/auth/mfa/totp/confirm", { code: totpCodeAt(secret, Date.now()) }, headers);
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
  for (const code of recoveryCodes) secrets.add(code);
  return { secret, recoveryCodes };
}

async function status(headers: Record<string, string>): Promise<MfaStatus> {
  const response = await call(t.app, { method: "GET", url: "/api/auth/mfa", headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MfaStatus>();
}

async function trail(userId: number) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.recordId, String(userId)));
}

async function mailsTo(email: string) {
  await t.app.background.flush();
  return (await readOutbox(t.dataDir)).filter((message) => message.to.includes(email));
}

async function registerPasskey(headers: Record<string, string>, name = "Laptop") {
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
  const options = await post("/api/auth/mfa/passkeys/options", undefined, headers);
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.register(options.json());
  const created = await post("/api/auth/mfa/passkeys", { name, response }, headers);
  expect(created.statusCode, created.body).toBe(201);
  return { authenticator, passkey: created.json<{ id: string; name: string }>() };
}

describe("authenticator app (TOTP)", () => {
  it("enrols with a pending secret confirmed by a first code, answering ten recovery codes once", async () => {
    freezeClock();
    const m = await member();
    expect(await status(m.headers)).toEqual({ totp: false, passkeys: [], recoveryCodesLeft: 0, required: false });

    const setup = await post("/api/auth/mfa/totp", undefined, m.headers);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    secrets.add(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("issuer")).toBe("Palco Admin");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("period")).toBe("30");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
    expect(decodeURIComponent(url.pathname)).toContain(m.email);
    // Pending: not a factor yet, and the password alone still signs in.
    expect((await status(m.headers)).totp).toBe(false);
    await signIn(m.email, m.password);

    const wrong = expectErrorShape(
      await post("/api/auth/mfa/totp/confirm", { code: totpCodeAt(secret, Date.now() + 5 * STEP_MS) }, m.headers),
      422,
    );
    expect(wrong.messages).toEqual({ code: "This code is not valid or was already used" });
    const spanish = expectErrorShape(
      await post("/api/auth/mfa/totp/confirm", { code: "12 34 5" }, { ...m.headers, "accept-language": "es" }),
      422,
    );
    expect(spanish.messages).toEqual({ code: "El código tiene 6 dígitos" });

    const confirm = await post("/api/auth/mfa/totp/confirm", { code: totpCodeAt(secret, Date.now()) }, m.headers);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    for (const code of recoveryCodes) secrets.add(code);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(await status(m.headers)).toEqual({ totp: true, passkeys: [], recoveryCodesLeft: 10, required: false });

    // Active: a new set-up is refused (the secret is never answered again).
    const again = expectErrorShape(await post("/api/auth/mfa/totp", undefined, m.headers), 409);
    expect(again.message).toBe("An authenticator app is already set up");

    // At rest: encrypted secret, hashed codes.
    const [row] = await t.app.db.select().from(userTotp).where(eq(userTotp.userId, m.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.confirmedAt).not.toBeNull();
    const stored = await t.app.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, m.id));
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(stored.map((entry) => entry.codeHash)).not.toContain(code);
      expect(stored.map((entry) => entry.codeHash).join()).not.toContain(code.replace("-", ""));
    }

    const actions = (await trail(m.id)).map((entry) => entry.action);
    expect(actions).toContain("mfa-enrol");
    const [notice] = await mailsTo(m.email);
    expect(notice?.subject).toBe("A new sign-in method was added to your Palco Admin account");
    expect(notice?.text).toContain("An authenticator app was set up");

    // A fresh set replaces the old one.
    const fresh = await post("/api/auth/mfa/recovery-codes", undefined, m.headers);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const next = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
    for (const code of next) secrets.add(code);
    expect(next).toHaveLength(10);
    expect(next.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    expect((await trail(m.id)).map((entry) => entry.action)).toContain("recovery-codes-issued");
    const challenge = await challengeFor(m.email, m.password);
    expectErrorShape(
      await secondStep({ challenge: challenge.challenge, method: "recovery", code: recoveryCodes[0] }),
      422,
    );
  });

  it("accepts a code one step away, refuses two steps away, and accepts each code once", async () => {
    const now = freezeClock();
    const m = await member();
    const { secret } = await enrolTotp(m.headers);
    advance(3 * STEP_MS);
    const at = Date.now();
    expect(at).toBe(now + 3 * STEP_MS);
    const stepUp = (offsetSteps: number) =>
      post("/api/auth/step-up", { method: "totp", code: totpCodeAt(secret, at + offsetSteps * STEP_MS) }, m.headers);

    expectErrorShape(await stepUp(-2), 422);
    expectErrorShape(await stepUp(2), 422);
    expect((await stepUp(-1)).statusCode).toBe(200);
    // The same code again, inside its window: a replay.
    const replay = expectErrorShape(await stepUp(-1), 422);
    expect(replay.messages).toEqual({ code: "This code is not valid or was already used" });
    expect((await stepUp(0)).statusCode).toBe(200);
    expectErrorShape(await stepUp(0), 422);
    expect((await stepUp(1)).statusCode).toBe(200);
    // Once a later step was used, an earlier (still valid) one is a replay too.
    expectErrorShape(await stepUp(0), 422);
  });

  it("counts wrong codes on the account's throttle: 429 after the limit, for the password too", async () => {
    freezeClock();
    const m = await member();
    const { secret } = await enrolTotp(m.headers);
    const ip = nextIp();
    const wrongCode = totpCodeAt(secret, Date.now() + 10 * STEP_MS);
    for (let attempt = 0; attempt < 5; attempt++) {
      expectErrorShape(await post("/api/auth/step-up", { method: "totp", code: wrongCode }, m.headers, ip), 422);
    }
    const refused = expectErrorShape(
      await post("/api/auth/step-up", { method: "totp", code: totpCodeAt(secret, Date.now()) }, m.headers, ip),
      429,
    );
    expect(refused.message).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
    expectErrorShape(await passwordStep(m.email, m.password, ip), 429);

    // The second step of a sign-in counts on the same throttle.
    const other = await member();
    const { secret: otherSecret } = await enrolTotp(other.headers);
    const signInIp = nextIp();
    for (let attempt = 0; attempt < 5; attempt++) {
      const { challenge } = await challengeFor(other.email, other.password, signInIp);
      const code = totpCodeAt(otherSecret, Date.now() + 10 * STEP_MS);
      expectErrorShape(await secondStep({ challenge, method: "totp", code }, signInIp), 422);
    }
    expectErrorShape(await passwordStep(other.email, other.password, signInIp), 429);
    // The owner elsewhere still gets in.
    expect((await challengeFor(other.email, other.password)).methods).toEqual(["totp", "recovery"]);
  });
});

describe("two-step sign-in", () => {
  it("answers no token after the password; the second step answers the session, once", async () => {
    freezeClock();
    const m = await member();
    const { secret } = await enrolTotp(m.headers);
    advance(STEP_MS);

    const first = await challengeFor(m.email, m.password);
    expect(first.methods).toEqual(["totp", "recovery"]);
    expect(first).not.toHaveProperty("passkeyOptions");
    expect(first.challenge.length).toBeGreaterThan(20);

    const wrong = expectErrorShape(
      await secondStep({
        challenge: first.challenge,
        method: "totp",
        code: totpCodeAt(secret, Date.now() + 9 * STEP_MS),
      }),
      422,
    );
    expect(wrong.messages).toEqual({ code: "This code is not valid or was already used" });
    const wrongEs = expectErrorShape(
      await secondStep(
        { challenge: first.challenge, method: "totp", code: totpCodeAt(secret, Date.now() + 9 * STEP_MS) },
        nextIp(),
        "es",
      ),
      422,
    );
    expect(wrongEs.messages).toEqual({ code: "Este código no es válido o ya se usó" });

    const right = await secondStep({
      challenge: first.challenge,
      method: "totp",
      code: totpCodeAt(secret, Date.now()),
    });
    expect(right.statusCode, right.body).toBe(200);
    const session = right.json<{ data: Session }>().data;
    expect(session).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String) });
    expect(session.user).toMatchObject({ id: m.id, mfaEnrollmentRequired: false });
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);

    // Single use.
    advance(STEP_MS);
    const reused = expectErrorShape(
      await secondStep({ challenge: first.challenge, method: "totp", code: totpCodeAt(secret, Date.now()) }),
      401,
    );
    expect(reused.message).toBe("The sign-in step expired, please sign in again");
    const unknown = expectErrorShape(
      await secondStep({ challenge: "not-a-challenge", method: "totp", code: "123456" }, nextIp(), "es"),
      401,
    );
    expect(unknown.message).toBe("El paso de inicio de sesión expiró, inicia sesión de nuevo");

    // The session passed the second factor, and a refresh keeps it so.
    const refreshed = await post("/api/auth/refresh", { refreshToken: session.refreshToken });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const rows = await t.app.db.select().from(authSessions).where(eq(authSessions.userId, m.id));
    const signedIn = rows.filter((row) => row.mfa);
    expect(signedIn.length).toBeGreaterThanOrEqual(2); // the enrolling session and this one

    const actions = (await trail(m.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["mfa-failed", "mfa-passed", "sign-in"]));
  });

  it("expires the challenge after five minutes", async () => {
    freezeClock();
    const m = await member();
    const { secret } = await enrolTotp(m.headers);
    advance(STEP_MS);
    const { challenge } = await challengeFor(m.email, m.password);
    advance(5 * 60_000 + 1000);
    expectErrorShape(await secondStep({ challenge, method: "totp", code: totpCodeAt(secret, Date.now()) }), 401);
  });

  it("kills the challenge after five wrong answers", async () => {
    freezeClock();
    const m = await member();
    const { secret } = await enrolTotp(m.headers);
    advance(STEP_MS);
    const { challenge } = await challengeFor(m.email, m.password);
    for (let attempt = 0; attempt < 5; attempt++) {
      // Each from its own address: the challenge's own limit, not the throttle's.
      const code = totpCodeAt(secret, Date.now() + (10 + attempt) * STEP_MS);
      expectErrorShape(await secondStep({ challenge, method: "totp", code }), 422);
    }
    expectErrorShape(await secondStep({ challenge, method: "totp", code: totpCodeAt(secret, Date.now()) }), 401);
    // A method the member does not have is refused without spending anything.
    const next = await challengeFor(m.email, m.password);
    const unavailable = expectErrorShape(
      await secondStep({
        challenge: next.challenge,
        method: "passkey",
        response: { id: "x", rawId: "x", type: "public-key", response: {} },
      }),
      422,
    );
    expect(unavailable.messages).toEqual({ method: "This method is not set up for the account" });
    expect(
      (await secondStep({ challenge: next.challenge, method: "totp", code: totpCodeAt(secret, Date.now()) }))
        .statusCode,
    ).toBe(200);
  });

  it("signs in with a recovery code once, and e-mails the member in their language", async () => {
    freezeClock();
    const m = await member({ language: "es" });
    const { recoveryCodes } = await enrolTotp(m.headers);
    const code = recoveryCodes[3]!;
    await t.app.db.update(users).set({ language: "en" }).where(eq(users.id, m.id));
    // The language of the sign-in request is kept for the second step (as a one-step sign-in keeps it).
    const { challenge } = await challengeFor(m.email, m.password, nextIp(), "es");
    // Case and the dash are forgiven.
    const used = await secondStep({ challenge, method: "recovery", code: code.toUpperCase().replace("-", " - ") });
    expect(used.statusCode, used.body).toBe(200);
    expect((await status(bearer(used.json<{ data: Session }>().data.token))).recoveryCodesLeft).toBe(9);

    const [account] = await t.app.db.select({ language: users.language }).from(users).where(eq(users.id, m.id));
    expect(account!.language).toBe("es");
    const again = await challengeFor(m.email, m.password);
    const spent = expectErrorShape(await secondStep({ challenge: again.challenge, method: "recovery", code }), 422);
    expect(spent.messages).toEqual({ code: "This code is not valid or was already used" });

    const mails = await mailsTo(m.email);
    const notice = mails.find((mail) => mail.subject.includes("código de recuperación"));
    expect(notice?.subject).toBe("Se usó un código de recuperación en tu cuenta de Palco Admin");
    expect(notice?.text).toContain("Códigos de recuperación restantes: 9");
    expect(notice?.text).not.toContain(code);
    const actions = (await trail(m.id)).map((entry) => entry.action);
    expect(actions).toContain("recovery-code-used");
  });
});

describe("passkeys", () => {
  it("registers with a software authenticator and signs in with it", async () => {
    const m = await member();
    const options = await post("/api/auth/mfa/passkeys/options", undefined, m.headers);
    expect(options.statusCode, options.body).toBe(200);
    const creation = options.json<{
      rp: { id: string; name: string };
      challenge: string;
      excludeCredentials: unknown[];
      authenticatorSelection: Json;
      user: { name: string };
    }>();
    expect(creation.rp).toEqual({ id: "palco.test", name: "Palco Admin" });
    expect(creation.user.name).toBe(m.email);
    expect(creation.excludeCredentials).toEqual([]);
    expect(creation.authenticatorSelection).toMatchObject({ residentKey: "preferred", userVerification: "preferred" });

    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    // Another site's page cannot register for this one.
    const phished = expectErrorShape(
      await post(
        "/api/auth/mfa/passkeys",
        { name: "Phished", response: authenticator.register(creation, { origin: "http://evil.test" }) },
        m.headers,
      ),
      422,
    );
    expect(phished.messages).toEqual({ response: "This passkey could not be verified" });

    const created = await post(
      "/api/auth/mfa/passkeys",
      { name: "  Laptop  ", response: authenticator.register(creation) },
      m.headers,
    );
    expect(created.statusCode, created.body).toBe(201);
    const passkey = created.json<{ id: string; name: string; lastUsedAt: string | null }>();
    expect(passkey).toMatchObject({ id: expect.any(String), name: "Laptop", lastUsedAt: null });
    // The challenge was spent.
    expectErrorShape(
      await post("/api/auth/mfa/passkeys", { name: "Again", response: authenticator.register(creation) }, m.headers),
      422,
    );
    const [notice] = await mailsTo(m.email);
    expect(notice?.text).toContain('A passkey ("Laptop") was added');

    const next = (await post("/api/auth/mfa/passkeys/options", undefined, m.headers)).json<{
      excludeCredentials: { id: string }[];
    }>();
    expect(next.excludeCredentials.map((entry) => entry.id)).toEqual([authenticator.id]);

    const first = await challengeFor(m.email, m.password);
    // Passkey only: no recovery codes were issued with it.
    expect(first.methods).toEqual(["passkey"]);
    const request = first.passkeyOptions as { challenge: string; rpId: string; allowCredentials: { id: string }[] };
    expect(request.rpId).toBe("palco.test");
    expect(request.allowCredentials.map((entry) => entry.id)).toEqual([authenticator.id]);
    const stranger = new SoftwareAuthenticator({ origin: ORIGIN });
    const refused = expectErrorShape(
      await secondStep({ challenge: first.challenge, method: "passkey", response: stranger.authenticate(request) }),
      422,
    );
    expect(refused.messages).toEqual({ response: "This passkey could not be verified" });
    const signedIn = await secondStep({
      challenge: first.challenge,
      method: "passkey",
      response: authenticator.authenticate(request),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [stored] = await t.app.db.select().from(userPasskeys).where(eq(userPasskeys.userId, m.id));
    expect(stored!.counter).toBe(1);
    expect(stored!.lastUsedAt).not.toBeNull();

    // A signature for another challenge (a replayed answer) is refused.
    const second = await challengeFor(m.email, m.password);
    const replayed = authenticator.authenticate(request);
    expectErrorShape(await secondStep({ challenge: second.challenge, method: "passkey", response: replayed }), 422);

    const renamed = await call(t.app, {
      method: "PUT",
      url: `/api/auth/mfa/passkeys/${passkey.id}`,
      headers: m.headers,
      payload: { name: "Work laptop" },
    });
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: "Work laptop" });
    // Another member's passkey is not found.
    const other = await member();
    expectErrorShape(
      await call(t.app, { method: "DELETE", url: `/api/auth/mfa/passkeys/${passkey.id}`, headers: other.headers }),
      404,
    );
    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/auth/mfa/passkeys/${passkey.id}`,
      headers: bearer(signedIn.json<{ data: Session }>().data.token),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await status(m.headers)).passkeys).toEqual([]);
    expect((await trail(m.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["mfa-enrol", "mfa-remove"]),
    );
  });

  it("steps up with a passkey", async () => {
    const m = await member();
    const { authenticator } = await registerPasskey(m.headers);
    const options = await post("/api/auth/step-up/options", undefined, m.headers);
    const body = options.json<{ methods: string[]; passkeyOptions: { challenge: string; rpId: string } }>();
    expect(body.methods).toEqual(["passkey"]);
    const proved = await post(
      "/api/auth/step-up",
      { method: "passkey", response: authenticator.authenticate(body.passkeyOptions) },
      m.headers,
    );
    expect(proved.statusCode, proved.body).toBe(200);
    // The options were good once.
    expectErrorShape(
      await post(
        "/api/auth/step-up",
        { method: "passkey", response: authenticator.authenticate(body.passkeyOptions) },
        m.headers,
      ),
      422,
    );
  });
});

describe("step-up", () => {
  it("asks for a fresh proof on sensitive routes, renews with the password for a member without a factor, expires", async () => {
    freezeClock();
    const m = await member();
    const { passkey } = await registerPasskey(m.headers);
    // The proof is the sign-in's (registering a factor renews nothing), stamped by the database's clock, which is
    // within half a TOTP step of the frozen one: past the window with room to spare.
    advance(320_000);
    const stale = expectErrorShape(
      await call(t.app, { method: "DELETE", url: `/api/auth/mfa/passkeys/${passkey.id}`, headers: m.headers }),
      403,
    );
    expect(stale).toMatchObject({
      code: "STEP_UP_REQUIRED",
      message: "Confirm it is you to continue with this action",
    });

    // With a factor, the password is no proof.
    const options = (await post("/api/auth/step-up/options", undefined, m.headers)).json<{ methods: string[] }>();
    expect(options.methods).toEqual(["passkey"]);
    const password = expectErrorShape(
      await post("/api/auth/step-up", { method: "password", password: m.password }, m.headers),
      422,
    );
    expect(password.messages).toEqual({ method: "This method is not set up for the account" });

    const plain = await member();
    const plainOptions = (await post("/api/auth/step-up/options", undefined, plain.headers)).json<{
      methods: string[];
      passkeyOptions?: unknown;
    }>();
    expect(plainOptions).toEqual({ methods: ["password"] });
    advance(301_000);
    expect(
      expectErrorShape(await call(t.app, { method: "DELETE", url: "/api/auth/mfa/totp", headers: plain.headers }), 403),
    ).toMatchObject({ code: "STEP_UP_REQUIRED" });
    const wrong = expectErrorShape(
      await post("/api/auth/step-up", { method: "password", password: "wrong-password" }, plain.headers),
      422,
    );
    expect(wrong.messages).toEqual({ password: "Incorrect password" });
    const renewed = await post("/api/auth/step-up", { method: "password", password: plain.password }, plain.headers);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toEqual({ verifiedUntil: new Date(Date.now() + 300_000).toISOString() });
    // Past the guard now (nothing to remove: 404).
    expectErrorShape(await call(t.app, { method: "DELETE", url: "/api/auth/mfa/totp", headers: plain.headers }), 404);
    advance(300_000);
    expect(
      expectErrorShape(await call(t.app, { method: "DELETE", url: "/api/auth/mfa/totp", headers: plain.headers }), 403),
    ).toMatchObject({ code: "STEP_UP_REQUIRED" });
    const actions = (await trail(plain.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["step-up", "step-up-failed"]));
  });
});

describe("required by role", () => {
  it("confines a member without a factor to enrolment; enrolling lifts it; the last factor stays", async () => {
    freezeClock();
    const m = await member({ requiresMfa: true });
    expect(m.session.user.mfaEnrollmentRequired).toBe(true);
    const refused = expectErrorShape(
      await call(t.app, { method: "GET", url: "/api/countries", headers: m.headers }),
      403,
    );
    expect(refused).toMatchObject({ code: "MFA_ENROLLMENT_REQUIRED" });
    expect((await status(m.headers)).required).toBe(true);
    // A refresh never upgrades the session.
    const refreshed = await post("/api/auth/refresh", { refreshToken: m.session.refreshToken });
    const afterRefresh = refreshed.json<{ data: Session }>().data;
    expect(afterRefresh.user.mfaEnrollmentRequired).toBe(true);
    const headers = bearer(afterRefresh.token);

    await enrolTotp(headers);
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", headers });
    expect(me.json()).toMatchObject({ mfaEnrollmentRequired: false });
    expect((await call(t.app, { method: "GET", url: "/api/countries", headers })).statusCode).toBe(200);

    const last = expectErrorShape(await call(t.app, { method: "DELETE", url: "/api/auth/mfa/totp", headers }), 409);
    expect(last.message).toBe(
      "Your role requires two-step sign-in: add another passkey or authenticator app before removing this one",
    );
    // With a second factor the first can go.
    await registerPasskey(headers);
    expect((await call(t.app, { method: "DELETE", url: "/api/auth/mfa/totp", headers })).statusCode).toBe(204);
    expect(await status(headers)).toMatchObject({ totp: false, recoveryCodesLeft: 10, required: true });
  });
});

describe("staff reset", () => {
  it("removes every factor, ends the member's sessions and e-mails them", async () => {
    freezeClock();
    const m = await member();
    await enrolTotp(m.headers);
    await registerPasskey(m.headers);

    const noRights = await t.userWith("USERS_SHOW");
    expectErrorShape(await call(t.app, { method: "DELETE", url: `/api/users/${m.id}/mfa`, headers: noRights }), 403);
    // What there is to reset, as staff see it before deciding: the factors' kinds and names, never a secret.
    expectErrorShape(await call(t.app, { method: "GET", url: `/api/users/${m.id}/mfa`, headers: noRights }), 403);
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/users/2147483647/mfa", headers: admin }), 404);
    const seen = await call(t.app, { method: "GET", url: `/api/users/${m.id}/mfa`, headers: admin });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      totp: true,
      passkeys: [{ name: "Laptop", lastUsedAt: null }],
      recoveryCodesLeft: 10,
      required: false,
    });
    expectErrorShape(await call(t.app, { method: "DELETE", url: "/api/users/2147483647/mfa", headers: admin }), 404);
    // USERS_EDIT alone does not reach a super-admin.
    const editor = await t.userWith("USERS_EDIT");
    const [superAdmin] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.isSuperAdmin, true));
    expectErrorShape(
      await call(t.app, { method: "DELETE", url: `/api/users/${superAdmin!.id}/mfa`, headers: editor }),
      409,
    );

    const reset = await call(t.app, { method: "DELETE", url: `/api/users/${m.id}/mfa`, headers: admin });
    expect(reset.statusCode, reset.body).toBe(204);
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/auth/me", headers: m.headers }), 401);
    const after = await call(t.app, { method: "GET", url: `/api/users/${m.id}/mfa`, headers: admin });
    expect(after.json()).toEqual({ totp: false, passkeys: [], recoveryCodesLeft: 0, required: false });
    const session = await signIn(m.email, m.password);
    expect(await status(bearer(session.token))).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
      required: false,
    });
    const mails = await mailsTo(m.email);
    expect(mails.map((mail) => mail.subject)).toContain("Your Palco Admin two-step sign-in was reset");
    const entry = (await trail(m.id)).find((row) => row.action === "mfa-reset");
    expect(entry).toBeDefined();
    expect(entry!.actorEmail).toBe("admin@palco.test");
  });
});

describe("secrets", () => {
  it("never appear in audit entries or logs", async () => {
    expect(secrets.size).toBeGreaterThan(20);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.resource, ["users", "auth"]));
    const audited = JSON.stringify(entries);
    const logged = logLines.join("\n");
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(audited).not.toContain(secret);
      expect(audited).not.toContain(secret.replace("-", ""));
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(secret.replace("-", ""));
    }
  });
});

describe("what only a fresh proof may do", () => {
  const ageProof = (sessionToken: string) =>
    t.app.db
      .update(authSessions)
      .set({ verifiedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(authSessions.id, sessionIdOf(sessionToken)));
  const verifiedAt = async (sessionToken: string) =>
    (
      await t.app.db
        .select({ at: authSessions.verifiedAt })
        .from(authSessions)
        .where(eq(authSessions.id, sessionIdOf(sessionToken)))
    )[0]!.at;

  it("adding a factor asks for a fresh proof first, and never renews the proof itself", async () => {
    freezeClock();
    const m = await member();
    await ageProof(m.session.token);
    for (const url of ["/api/auth/mfa/totp", "/api/auth/mfa/passkeys/options"]) {
      const refused = await post(url, undefined, m.headers);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe("STEP_UP_REQUIRED");
    }
    const stepped = await post("/api/auth/step-up", { method: "password", password: m.password }, m.headers);
    expect(stepped.statusCode, stepped.body).toBe(200);
    const proved = await verifiedAt(m.session.token);
    advance(5_000);
    await enrolTotp(m.headers);
    // The new factor lifts nothing of the window: it counts from the password proof, not from the enrolment.
    expect(await verifiedAt(m.session.token)).toEqual(proved);
    await ageProof(m.session.token);
    const renew = await post("/api/auth/mfa/recovery-codes", undefined, m.headers);
    expect(renew.statusCode).toBe(403);
    expect(renew.json().code).toBe("STEP_UP_REQUIRED");
  });

  it("a secret sealed with another key blocks neither the other methods, the status nor a staff reset", async () => {
    freezeClock();
    const m = await member();
    const { recoveryCodes } = await enrolTotp(m.headers);
    const otherKey = createSecretBox({
      mfaEncryptionKey: undefined,
      jwtSecret: "another-secret-another-secret-0123456789",
    });
    await t.app.db
      .update(userTotp)
      .set({ secretEncrypted: otherKey.seal("JBSWY3DPEHPK3PXP") })
      .where(eq(userTotp.userId, m.id));
    expect((await status(m.headers)).totp).toBe(true);
    const first = await challengeFor(m.email, m.password);
    expect(first.methods).toEqual(["totp", "recovery"]);
    const wrong = await secondStep({ challenge: first.challenge, method: "totp", code: "123456" });
    expect(wrong.statusCode, wrong.body).toBe(422);
    const recovered = await secondStep({ challenge: first.challenge, method: "recovery", code: recoveryCodes[0] });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const reset = await call(t.app, { method: "DELETE", url: `/api/users/${m.id}/mfa`, headers: admin });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await signIn(m.email, m.password)).user.id).toBe(m.id);
  });
});
