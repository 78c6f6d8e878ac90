import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { PUBLIC_ORIGIN } from "./environment.ts";
import {
  addVirtualAuthenticator,
  apiClient,
  apiSession,
  type Credentials,
  createStaffWith,
  detailValue,
  signIn,
  successBanner,
  tableRows,
  USERS,
  unique,
  writeStorage,
} from "./fixtures.ts";

/**
 * The Security page (second factors, recovery codes, sessions), the role form's "requires two-step sign-in" switch
 * and a member's sessions and two-step reset on their detail. Every test works on a member of its own.
 */

const TEXTS = {
  en: {
    menu: "Account menu",
    security: "Security",
    twoStep: "Two-step sign-in",
    setUp: "Set up",
    qr: "QR code to add this account to an authenticator app",
    code: "Code",
    turnOn: "Turn on",
    codeFormat: "The code has 6 digits",
    codesTitle: "Your recovery codes",
    shownOnce: "They are shown only this once",
    download: "Download",
    done: "I have saved them",
    left: "10 codes left.",
    appOn: "Set up: you are asked for a code when you sign in.",
    fileName: "palco-recovery-codes.txt",
    addPasskey: "Add a passkey",
    passkeyName: "Name",
    continue: "Continue",
    added: (name: string) => `The passkey “${name}” was added.`,
    rename: (name: string) => `Rename ${name}`,
    save: "Save",
    renamed: "The passkey was renamed.",
    removeOf: (name: string) => `Remove ${name}`,
    remove: "Remove",
    removed: "The passkey was removed.",
    noPasskeys: "You have no passkeys yet.",
    usePasskey: "Use a passkey",
    neverUsed: "Never",
    thisDevice: "This device",
    signOut: "Sign out",
    signOutTitle: "Sign out this session?",
    signedOutOne: "The session was signed out.",
    signOutOthers: "Sign out everywhere else",
    signedOutOthers: "The other sessions were signed out.",
    stepUp: "Confirm it is you",
    confirmStepUp: "Confirm and continue",
    stepScan: "1. Scan this QR code with your authenticator app.",
    email: "E-mail",
    password: "Password",
    signIn: "Sign in",
    logOut: "Log out",
    useRecovery: "Use a recovery code",
    recoveryCode: "Recovery code",
    passkeyRetry: "The passkey could not be checked",
  },
  es: {
    menu: "Menú de la cuenta",
    security: "Seguridad",
    twoStep: "Inicio de sesión en dos pasos",
    setUp: "Configurar",
    qr: "Código QR para agregar esta cuenta a una app de autenticación",
    code: "Código",
    turnOn: "Activar",
    codeFormat: "El código tiene 6 dígitos",
    codesTitle: "Tus códigos de recuperación",
    shownOnce: "Solo se muestran esta vez",
    download: "Descargar",
    done: "Ya los guardé",
    left: "Quedan 10 códigos.",
    appOn: "Configurada: se te pide un código al iniciar sesión.",
    fileName: "palco-codigos-de-recuperacion.txt",
    addPasskey: "Agregar una llave de acceso",
    passkeyName: "Nombre",
    continue: "Continuar",
    added: (name: string) => `Se agregó la llave de acceso “${name}”.`,
    rename: (name: string) => `Cambiar el nombre de ${name}`,
    save: "Guardar",
    renamed: "Se cambió el nombre de la llave de acceso.",
    removeOf: (name: string) => `Quitar ${name}`,
    remove: "Quitar",
    removed: "Se quitó la llave de acceso.",
    noPasskeys: "Aún no tienes llaves de acceso.",
    usePasskey: "Usar una llave de acceso",
    neverUsed: "Nunca",
    thisDevice: "Este dispositivo",
    signOut: "Cerrar sesión",
    signOutTitle: "¿Cerrar esta sesión?",
    signedOutOne: "Se cerró la sesión.",
    signOutOthers: "Cerrar las demás sesiones",
    signedOutOthers: "Se cerraron las demás sesiones.",
    stepUp: "Confirma que eres tú",
    confirmStepUp: "Confirmar y continuar",
    stepScan: "1. Escanea este código QR con tu app de autenticación.",
    email: "Correo electrónico",
    password: "Contraseña",
    signIn: "Iniciar sesión",
    logOut: "Cerrar sesión",
    useRecovery: "Usar un código de recuperación",
    recoveryCode: "Código de recuperación",
    passkeyRetry: "No se pudo comprobar la llave de acceso",
  },
} as const;
type Language = keyof typeof TEXTS;
type Texts = (typeof TEXTS)[Language];

/** Opens the app in `language` (what the language switcher stores) from the first page on. */
async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((value) => {
    (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
      "palco.language",
      value,
    );
  }, language);
}

/** The current code of an authenticator app holding `key` (as the page shows it, grouped in fours). */
function totpNow(key: string): string {
  return new TOTP({
    secret: Secret.fromBase32(key.replace(/\s+/g, "")),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate();
}

/**
 * Waits for `outcome`; if the step-up dialog asks first (the session has not proved itself lately), answers it with
 * `prove` (by default the password, as a member without a factor does).
 */
async function passStepUpIfAsked(
  page: Page,
  texts: Texts,
  password: string | ((dialog: Locator) => Promise<void>),
  outcome: Locator,
) {
  const dialog = page.getByRole("dialog", { name: texts.stepUp });
  await expect(dialog.or(outcome).first()).toBeVisible();
  if (await dialog.isVisible()) {
    if (typeof password === "string") {
      await dialog.locator("input[type=password]").fill(password);
      await dialog.getByRole("button", { name: texts.confirmStepUp }).click();
    } else await password(dialog);
    await expect(dialog).toBeHidden();
  }
  await expect(outcome).toBeVisible();
}

/** Whether the API asks `user` for a second step at sign-in. */
async function signInAnswer(request: APIRequestContext, user: Credentials) {
  const response = await request.post("/api/auth/login", {
    data: { provider: "email", user: user.email, secret: user.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { mfaRequired?: boolean; methods?: string[]; token?: string } }).data;
}

const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } })).status();

/** The authenticator code field (its label carries the required mark, hidden from assistive technology). */
const codeField = (page: Page, texts: Texts) => page.getByRole("textbox", { name: texts.code, exact: true });

/**
 * Signs in with the sign-in form, in the language already chosen, on PUBLIC_URL's host (where passkeys work); the
 * second step is the caller's.
 */
async function signInWithForm(page: Page, texts: Texts, member: Credentials) {
  await page.goto(`${PUBLIC_ORIGIN}/login`);
  await page.getByLabel(texts.email).fill(member.email);
  await page.getByLabel(texts.password, { exact: true }).fill(member.password);
  await page.getByRole("button", { name: texts.signIn }).click();
}

async function openSecurityFromMenu(page: Page, texts: Texts) {
  await page.goto("/");
  await page.getByRole("button", { name: texts.menu }).click();
  await page.getByRole("menuitem", { name: texts.security }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole("heading", { name: texts.security, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${texts.security} · Palco Admin$`));
}

for (const language of ["en", "es"] as const) {
  const texts = TEXTS[language];

  test(`enrols an authenticator app and keeps its recovery codes (${language})`, async ({ page }) => {
    const member = await createStaffWith(page.request, [], unique(language === "en" ? "Totp" : "Otp"));
    await useLanguage(page, language);
    await signIn(page, member);
    await openSecurityFromMenu(page, texts);

    const twoStep = page.getByRole("region", { name: texts.twoStep });
    await twoStep.getByRole("button", { name: texts.setUp }).click();
    await expect(page.getByRole("img", { name: texts.qr })).toBeVisible();
    // The focus starts at the instructions, ahead of the QR code and the key, not past them in the code field.
    await expect(page.getByText(texts.stepScan)).toBeFocused();
    const key = (await page.getByTestId("totp-key").textContent()) ?? "";
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);

    // The code field is checked before anything is sent.
    await codeField(page, texts).fill("123");
    await page.getByRole("button", { name: texts.turnOn }).click();
    await expect(page.getByText(texts.codeFormat)).toBeVisible();

    await codeField(page, texts).fill(totpNow(key));
    await page.getByRole("button", { name: texts.turnOn }).click();

    const panel = page.getByRole("region", { name: texts.codesTitle });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(texts.shownOnce);
    const codes = await panel.getByTestId("recovery-code").allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-?[a-z0-9]{5}$/);
    await expectNoSeriousA11yViolations(page, `/security (recovery codes, ${language})`);

    const downloading = page.waitForEvent("download");
    await panel.getByRole("button", { name: texts.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(texts.fileName);
    const file = readFileSync(await download.path(), "utf8");
    for (const code of codes) expect(file).toContain(code);
    expect(file).toContain(member.email);

    await panel.getByRole("button", { name: texts.done }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByTestId("recovery-codes-left")).toHaveText(texts.left);
    await expect(twoStep.getByText(texts.appOn)).toBeVisible();

    // Signing in now takes a second step.
    const answer = await signInAnswer(page.request, member);
    expect(answer.mfaRequired).toBe(true);
    expect(answer.methods).toContain("totp");
    expect(answer.token).toBeUndefined();
  });

  test(`adds, renames and removes a passkey made by the browser (${language})`, async ({ page }) => {
    const member = await createStaffWith(page.request, [], unique(language === "en" ? "Passkey" : "Llave"));
    const { devtools, authenticatorId } = await addVirtualAuthenticator(page);
    await useLanguage(page, language);
    // Passkeys belong to the PUBLIC_URL's host name (WebAuthn refuses an IP address). The form, not a stored
    // session: the member signs out and in again with the passkey below.
    await signInWithForm(page, texts, member);
    await expect(page.getByRole("button", { name: texts.menu })).toBeVisible();
    await page.goto(`${PUBLIC_ORIGIN}/security`);
    await expect(page.getByRole("heading", { name: texts.security, level: 1 })).toBeVisible();

    await page.getByRole("button", { name: texts.addPasskey }).click();
    const dialog = page.getByRole("dialog", { name: texts.addPasskey });
    await dialog.getByLabel(texts.passkeyName).fill("Laptop");
    await dialog.getByRole("button", { name: texts.continue }).click();
    await expect(successBanner(page)).toHaveText(texts.added("Laptop"));
    await expect(dialog).toBeHidden();

    const passkey = page.getByTestId("passkey");
    await expect(passkey).toHaveCount(1);
    await expect(passkey).toContainText("Laptop");
    await expect(passkey).toContainText(texts.neverUsed);
    const { credentials } = await devtools.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);

    // The first factor of a member without recovery codes comes with a set, shown once.
    await expect(page.getByRole("region", { name: texts.codesTitle })).toBeVisible();
    await page.getByRole("button", { name: texts.done }).click();

    // Signing in again takes the passkey just added: its button has the focus, a recovery code is a link away.
    await page.getByRole("button", { name: texts.menu }).click();
    await page.getByRole("menuitem", { name: texts.logOut }).click();
    await signInWithForm(page, texts, member);
    const usePasskey = page.getByRole("button", { name: texts.usePasskey });
    await expect(usePasskey).toBeFocused();
    await expect(page.getByRole("button", { name: texts.useRecovery })).toBeVisible();
    await expect(page.getByRole("textbox", { name: texts.recoveryCode })).toHaveCount(0);
    await page.getByRole("button", { name: texts.useRecovery }).click();
    await expect(page.getByRole("textbox", { name: texts.recoveryCode })).toBeFocused();
    await usePasskey.click();
    await expect(page.getByRole("button", { name: texts.menu })).toBeVisible();
    await page.goto(`${PUBLIC_ORIGIN}/security`);

    await page.getByRole("button", { name: texts.rename("Laptop") }).click();
    const renaming = page.getByRole("dialog");
    await renaming.getByLabel(texts.passkeyName).fill("Laptop de trabajo");
    await renaming.getByRole("button", { name: texts.save }).click();
    await expect(successBanner(page)).toHaveText(texts.renamed);
    await expect(passkey).toContainText("Laptop de trabajo");

    const answer = await signInAnswer(page.request, member);
    expect(answer.mfaRequired).toBe(true);
    expect(answer.methods).toContain("passkey");

    // Removing a factor is sensitive. The passkey sign-in just proved it is the member, so the server's first
    // refusal is played here, and so is a refused first passkey answer: the server spends the passkey's challenge on
    // any answer, so the dialog fetches new options and the passkey works on the second try.
    let refusedRemoval = false;
    await page.route("**/api/auth/mfa/passkeys/*", async (route) => {
      if (route.request().method() !== "DELETE" || refusedRemoval) return route.fallback();
      refusedRemoval = true;
      await route.fulfill({
        status: 403,
        json: { statusCode: 403, message: "MFA.STEP_UP_REQUIRED", code: "STEP_UP_REQUIRED", messages: {} },
      });
    });
    let refusedProof = false;
    await page.route("**/api/auth/step-up", async (route) => {
      if (refusedProof) return route.fallback();
      refusedProof = true;
      await route.fulfill({
        status: 422,
        json: { statusCode: 422, message: "Unprocessable", messages: { response: texts.passkeyRetry } },
      });
    });
    let optionsAsked = 0;
    page.on("request", (sent) => {
      if (sent.url().endsWith("/api/auth/step-up/options")) optionsAsked += 1;
    });
    await page.getByRole("button", { name: texts.removeOf("Laptop de trabajo") }).click();
    await page.getByRole("dialog").getByRole("button", { name: texts.remove, exact: true }).click();
    const stepUp = page.getByRole("dialog", { name: texts.stepUp });
    await stepUp.getByRole("button", { name: texts.usePasskey }).click();
    await expect(stepUp.getByText(texts.passkeyRetry)).toBeVisible();
    await expect.poll(() => optionsAsked).toBe(2);
    // The refusal stays on screen while the new options arrive; the passkey goes through now.
    await expect(stepUp.getByText(texts.passkeyRetry)).toBeVisible();
    await stepUp.getByRole("button", { name: texts.usePasskey }).click();
    await expect(stepUp).toBeHidden();
    await expect(successBanner(page).filter({ hasText: texts.removed })).toBeVisible();
    await expect(passkey).toHaveCount(0);
    await expect(page.getByText(texts.noPasskeys)).toBeVisible();
  });
}

for (const language of ["en", "es"] as const) {
  test(`ends another session, then every other one (${language})`, async ({ page }) => {
    const texts = TEXTS[language];
    const member = await createStaffWith(page.request, [], unique(language === "en" ? "Sessions" : "Sesiones"));
    await useLanguage(page, language);
    await signIn(page, member);
    // The same member signed in elsewhere.
    const elsewhere = await apiSession(page.request, member);
    expect(await meStatus(page.request, elsewhere.token)).toBe(200);

    await page.goto("/security");
    const rows = page.getByTestId("session");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(texts.thisDevice);
    const other = rows.filter({ hasNotText: texts.thisDevice });

    await other.getByRole("button", { name: texts.signOut }).click();
    const dialog = page.getByRole("dialog", { name: texts.signOutTitle });
    await dialog.getByRole("button", { name: texts.signOut }).click();
    await expect(successBanner(page)).toHaveText(texts.signedOutOne);
    await expect(rows).toHaveCount(1);
    // The ended session's token is refused at once.
    expect(await meStatus(page.request, elsewhere.token)).toBe(401);

    const second = await apiSession(page.request, member);
    const third = await apiSession(page.request, member);
    await page.reload();
    await expect(rows).toHaveCount(3);
    await page.getByRole("button", { name: texts.signOutOthers }).click();
    await page.getByRole("dialog").getByRole("button", { name: texts.signOutOthers }).click();
    await expect(successBanner(page)).toHaveText(texts.signedOutOthers);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(texts.thisDevice);
    expect(await meStatus(page.request, second.token)).toBe(401);
    expect(await meStatus(page.request, third.token)).toBe(401);
    // This device is still signed in.
    await expect(page.getByRole("heading", { name: texts.security, level: 1 })).toBeVisible();
  });
}

test("the role form's two-step switch is saved and shown (en, then es)", async ({ page }) => {
  const name = unique("Two-step");
  const admin = USERS.admin;
  await signIn(page, admin);
  await page.goto("/roles/create");
  await page.getByLabel("Name").fill(name);
  const switchEn = page.getByRole("switch", { name: "Requires two-step sign-in" });
  await expect(switchEn).not.toBeChecked();
  await switchEn.check();
  await expectNoSeriousA11yViolations(page, "/roles/create (two-step switch on)");
  await page.getByRole("button", { name: "Create" }).click();
  await passStepUpIfAsked(page, TEXTS.en, admin.password, successBanner(page));
  await expect(page).toHaveURL("/roles");

  await page.goto(`/roles?search=${encodeURIComponent(name)}`);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(page.getByRole("columnheader", { name: "Two-step sign-in" })).toBeVisible();
  await expect(tableRows(page)).toContainText("Yes");
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/roles\/\d+$/);
  await expect(detailValue(page, "Requires two-step sign-in")).toHaveText("Yes");
  const detailUrl = page.url();

  // The language switcher's choice, as it stores it.
  await writeStorage(page, "palco.language", "es");
  await page.goto(`${detailUrl}/edit`);
  const switchEs = page.getByRole("switch", { name: "Exige inicio de sesión en dos pasos" });
  await expect(switchEs).toBeChecked();
  await switchEs.uncheck();
  await page.getByRole("button", { name: "Guardar" }).click();
  await passStepUpIfAsked(page, TEXTS.es, admin.password, successBanner(page));
  await page.goto(detailUrl);
  await expect(detailValue(page, "Exige inicio de sesión en dos pasos")).toHaveText("No");
});

test("staff end a member's sessions and reset their two-step sign-in (en)", async ({ page }) => {
  const texts = TEXTS.en;
  const member = await createStaffWith(page.request, [], unique("Reset"));
  // The member signs in and sets up an authenticator app (through the API: this test is about staff's screens).
  const own = await apiSession(page.request, member);
  const headers = { Authorization: `Bearer ${own.token}`, "Accept-Language": "en" };
  const setup = await page.request.post("/api/auth/mfa/totp", { headers });
  expect(setup.status()).toBeLessThan(300);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await page.request.post("/api/auth/mfa/totp/confirm", { headers, data: { code: totpNow(secret) } });
  expect(confirmed.status(), await confirmed.text()).toBeLessThan(300);
  expect((await signInAnswer(page.request, member)).mfaRequired).toBe(true);

  await signIn(page, USERS.admin);
  await page.goto(`/users/${member.id}`);
  const sessions = page.getByTestId("user-sessions");
  await expect(page.getByRole("heading", { name: "Sessions", exact: true })).toBeVisible();
  await expect(sessions.getByTestId("session")).toHaveCount(1);
  // Staff look from outside: none of the member's sessions is "this device".
  await expect(sessions).not.toContainText(texts.thisDevice);
  await expect(page.getByTestId("user-factors")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/users/:id (sessions and two-step reset)");

  await page.getByRole("button", { name: "Sign out all sessions" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign out all sessions" }).click();
  await passStepUpIfAsked(page, texts, USERS.admin.password, page.getByText("All of their sessions were signed out."));
  await expect(sessions.getByText("No open sessions.")).toBeVisible();
  expect(await meStatus(page.request, own.token)).toBe(401);

  // What there is to reset, before deciding.
  await expect(page.getByTestId("user-factors")).toHaveText("Authenticator app · 10 recovery codes left");
  await page.getByRole("button", { name: "Reset two-step sign-in" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reset two-step sign-in" }).click();
  await passStepUpIfAsked(page, texts, USERS.admin.password, page.getByText("Their two-step sign-in was reset."));
  await expect(page.getByTestId("user-factors")).toHaveText("Not set up: they sign in with their password alone.");
  await expect(page.getByRole("button", { name: "Reset two-step sign-in" })).toHaveCount(0);
  // Without factors the member signs in with the password alone again.
  const answer = await signInAnswer(page.request, member);
  expect(answer.mfaRequired).toBeUndefined();
  expect(answer.token).toEqual(expect.any(String));
});

test("a member without USERS_EDIT sees no sessions or reset on a user's detail", async ({ page }) => {
  const viewer = await createStaffWith(page.request, ["USERS_INDEX", "USERS_SHOW"], unique("Viewer"));
  const admin = await apiClient(page.request, USERS.admin);
  const { items } = await admin.get<{ items: { id: number }[] }>(
    `/api/users?search=${encodeURIComponent(USERS.admin.email)}`,
  );
  await signIn(page, viewer);
  await page.goto(`/users/${items[0]!.id}`);
  await expect(detailValue(page, "E-mail")).toHaveText(USERS.admin.email);
  await expect(page.getByRole("heading", { name: "Sessions", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reset two-step sign-in" })).toHaveCount(0);
});

test("the Security page has no serious accessibility problems, on a phone too", async ({ page }) => {
  const member = await createStaffWith(page.request, [], unique("Axe"));
  await signIn(page, member);
  await apiSession(page.request, member);
  await page.goto("/security");
  await expect(page.getByTestId("session")).toHaveCount(2);
  await page.getByRole("button", { name: TEXTS.en.setUp }).click();
  await expect(page.getByRole("img", { name: TEXTS.en.qr })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/security (setting up an authenticator app)");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("session")).toHaveCount(2);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "/security on a phone");
});

test("a member whose role requires two-step sign-in is led to enrol, then the app opens (en)", async ({ page }) => {
  const texts = TEXTS.en;
  // A role with lists, notifications and review badges: none of it shows, or is asked for, until enrolment.
  const permissions = ["COUNTRIES_INDEX", "OWNERS_INDEX", "BOOKINGS_INDEX", "BOOKINGS_SHOW", "NOTIFICATIONS_INDEX"];
  const member = await createStaffWith(page.request, permissions, unique("Required"));
  const admin = await apiClient(page.request, USERS.admin);
  await admin.put(`/api/roles/${member.roleId}`, { name: member.roleName, permissions, requiresMfa: true });
  const refusedCalls: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 403) refusedCalls.push(new URL(response.url()).pathname);
  });
  const liveSockets: string[] = [];
  page.on("websocket", (socket) => liveSockets.push(socket.url()));

  await signIn(page, member);
  await page.goto("/countries");
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByText("Two-step sign-in is required")).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Main navigation" });
  await expect(menu.getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("button", { name: texts.setUp })).toBeVisible();
  // Only the page's own calls were made: no badge counts or socket refused for want of a factor.
  expect(refusedCalls.filter((path) => !path.startsWith("/api/auth/"))).toEqual([]);
  expect(liveSockets).toEqual([]);

  await page.getByRole("button", { name: texts.setUp }).click();
  const key = (await page.getByTestId("totp-key").textContent()) ?? "";
  await codeField(page, texts).fill(totpNow(key));
  await page.getByRole("button", { name: texts.turnOn }).click();
  await expect(page.getByRole("region", { name: texts.codesTitle })).toBeVisible();
  await expect(page.getByText("Two-step sign-in is on")).toBeVisible();
  await expect(page.getByText("Two-step sign-in is required")).toBeHidden();
  await page.getByRole("button", { name: texts.done }).click();
  await expect(menu.getByRole("link", { name: "Owners" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Bookings" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Notifications" })).toBeVisible();

  await page.goto("/countries");
  await expect(page).toHaveURL(/\/countries$/);
  await expect(page.getByRole("heading", { name: "Countries", level: 1 })).toBeVisible();
});
