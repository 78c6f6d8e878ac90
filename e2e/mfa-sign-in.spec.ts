import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { E2E_STEP_UP_SECONDS, PUBLIC_ORIGIN } from "./environment.ts";
import {
  addVirtualAuthenticator,
  apiClient,
  type Credentials,
  createStaffWith,
  successBanner,
  USERS,
  writeStorage,
} from "./fixtures.ts";
import {
  bearer,
  currentStep,
  memberWithTotp,
  nextCode,
  type SessionData,
  STEP_UP_SESSIONS,
  type StepUpSessions,
  totpCode,
  unwrap,
} from "./totp.ts";

// Passkeys are bound to PUBLIC_URL's host name (WebAuthn refuses an IP address): browse it, not 127.0.0.1.
test.use({ baseURL: PUBLIC_ORIGIN });

async function firstStep(
  page: Page,
  member: Credentials,
  texts = { email: "E-mail", password: "Password", submit: "Sign in" },
) {
  await page.getByLabel(texts.email).fill(member.email);
  await page.getByLabel(texts.password, { exact: true }).fill(member.password);
  await page.getByRole("button", { name: texts.submit }).click();
}

const signedIn = (page: Page, menu = "Account menu") => page.getByRole("button", { name: menu });

const ES = { email: "Correo electrónico", password: "Contraseña", submit: "Iniciar sesión" };

test("un miembro con app de autenticación inicia sesión en dos pasos: su código, escrito como lo muestra la app", async ({
  page,
}) => {
  const member = await memberWithTotp(page.request);
  await page.goto("/login");
  await writeStorage(page, "palco.language", "es");
  await page.reload();
  await firstStep(page, member, ES);

  await expect(page.getByRole("heading", { level: 1, name: "Verificación en dos pasos" })).toBeVisible();
  await expect(
    page.getByText("Escribe el código de tu app de autenticación para terminar de iniciar sesión."),
  ).toBeVisible();
  // No passkey: no passkey button. The code field takes the focus, ready for the code.
  await expect(page.getByRole("button", { name: "Usar una llave de acceso" })).toHaveCount(0);
  const code = page.getByRole("textbox", { name: "Código de autenticación" });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expectNoSeriousA11yViolations(page);

  // Checked before sending, then by the server: a wrong code is refused under the field.
  await code.fill("12 34");
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByText("El código tiene 6 dígitos")).toBeVisible();
  const wrong = totpCode(member.secret, currentStep() + 5);
  await code.fill(wrong);
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByText("Este código no es válido o ya se usó")).toBeVisible();
  await expect(code).toHaveValue("");
  await expect(code).toBeFocused();

  // "Back to sign in" starts again; the second time the app's code (with the space apps show) signs in.
  await page.getByRole("button", { name: "Regresar a iniciar sesión" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await firstStep(page, member, ES);
  const good = nextCode(member);
  await code.fill(`${good.slice(0, 3)} ${good.slice(3)}`);
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(signedIn(page, "Menú de la cuenta")).toBeVisible();
  await expect(page).toHaveURL("/");
});

const RECOVERY_TEXTS = {
  en: {
    signIn: { email: "E-mail", password: "Password", submit: "Sign in" },
    title: "Two-step verification",
    code: "Authentication code",
    useRecovery: "Use a recovery code",
    recoveryCode: "Recovery code",
    useApp: "Use a code from the authenticator app",
    verify: "Verify",
    format: "A recovery code has 10 letters and digits",
    menu: "Account menu",
    logOut: "Log out",
    signInTitle: "Sign in",
    used: "This code is not valid or was already used",
  },
  es: {
    signIn: ES,
    title: "Verificación en dos pasos",
    code: "Código de autenticación",
    useRecovery: "Usar un código de recuperación",
    recoveryCode: "Código de recuperación",
    useApp: "Usar un código de la app de autenticación",
    verify: "Verificar",
    format: "Un código de recuperación tiene 10 letras y dígitos",
    menu: "Menú de la cuenta",
    logOut: "Cerrar sesión",
    signInTitle: "Iniciar sesión",
    used: "Este código no es válido o ya se usó",
  },
} as const;

for (const language of ["en", "es"] as const) {
  const texts = RECOVERY_TEXTS[language];
  test(`a recovery code signs in, and works only once (${language})`, async ({ page }) => {
    const member = await memberWithTotp(page.request);
    await page.goto("/login");
    await writeStorage(page, "palco.language", language);
    await page.reload();
    await firstStep(page, member, texts.signIn);

    await expect(page.getByRole("heading", { level: 1, name: texts.title })).toBeVisible();
    await expect(page.getByRole("textbox", { name: texts.code })).toBeFocused();
    await page.getByRole("button", { name: texts.useRecovery }).click();
    const recovery = page.getByRole("textbox", { name: texts.recoveryCode });
    await expect(recovery).toBeFocused();
    await expect(page.getByRole("button", { name: texts.useApp })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await recovery.fill("abc");
    await page.getByRole("button", { name: texts.verify }).click();
    await expect(page.getByText(texts.format)).toBeVisible();
    // Shown as "abcde-12345"; typed in capitals it is the same code.
    const [code] = member.recoveryCodes as [string];
    await recovery.fill(code.toUpperCase());
    await page.getByRole("button", { name: texts.verify }).click();
    await expect(signedIn(page, texts.menu)).toBeVisible();

    // Used once: the same code no longer signs in.
    await page.getByRole("button", { name: texts.menu }).click();
    await page.getByRole("menuitem", { name: texts.logOut }).click();
    await expect(page.getByRole("heading", { level: 1, name: texts.signInTitle })).toBeVisible();
    await firstStep(page, member, texts.signIn);
    await page.getByRole("button", { name: texts.useRecovery }).click();
    await page.getByRole("textbox", { name: texts.recoveryCode }).fill(code);
    await page.getByRole("button", { name: texts.verify }).click();
    await expect(page.getByText(texts.used)).toBeVisible();
  });
}

test("the second step fits a phone: the code field and Verify within reach, nothing wider than the screen", async ({
  page,
}) => {
  const member = await memberWithTotp(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await firstStep(page, member);
  await expect(page.getByRole("heading", { level: 1, name: "Two-step verification" })).toBeVisible();
  const code = page.getByRole("textbox", { name: "Authentication code" });
  await expect(code).toBeFocused();
  await expect(code).toBeInViewport();
  await expect(page.getByRole("button", { name: "Verify" })).toBeInViewport();
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expectNoSeriousA11yViolations(page, "/login (second step on a phone)");
  await code.fill(nextCode(member));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(signedIn(page)).toBeVisible();
});

type BrowserWebAuthn = {
  PublicKeyCredential: { parseCreationOptionsFromJSON(options: unknown): unknown };
  navigator: { credentials: { create(options: unknown): Promise<{ toJSON(): unknown } | null> } };
};

test("a member with a passkey signs in with it (Chromium's virtual authenticator)", async ({ page }) => {
  const staff = await createStaffWith(page.request, []);
  await addVirtualAuthenticator(page);

  // The passkey is registered through the API with the browser's own ceremony, as the Security page does.
  await page.goto("/login");
  const headers = await bearer(page.request, staff);
  const optionsAnswer = await page.request.post("/api/auth/mfa/passkeys/options", { headers });
  expect(optionsAnswer.ok(), `passkey options: ${await optionsAnswer.text()}`).toBeTruthy();
  const creationOptions = unwrap<Record<string, unknown>>(await optionsAnswer.json());
  const registration = await page.evaluate(async (options) => {
    const browser = globalThis as unknown as BrowserWebAuthn;
    const publicKey = browser.PublicKeyCredential.parseCreationOptionsFromJSON(options);
    const credential = await browser.navigator.credentials.create({ publicKey });
    return credential?.toJSON();
  }, creationOptions);
  const registered = await page.request.post("/api/auth/mfa/passkeys", {
    headers,
    data: { name: "Laptop", response: registration },
  });
  expect(registered.ok(), `passkey registration: ${await registered.text()}`).toBeTruthy();

  await firstStep(page, staff);
  await expect(page.getByRole("heading", { level: 1, name: "Two-step verification" })).toBeVisible();
  await expect(page.getByText("Use your passkey or a code to finish signing in.")).toBeVisible();
  const passkey = page.getByRole("button", { name: "Use a passkey" });
  await expect(passkey).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await passkey.click();
  await expect(signedIn(page)).toBeVisible();
  await expect(page).toHaveURL("/");
});

test("a member whose role requires two-step sign-in and who has no factor is led to the Security page", async ({
  page,
}) => {
  const staff = await createStaffWith(page.request, ["SERVICES_INDEX"]);
  const admin = await apiClient(page.request, USERS.admin);
  await admin.put(`/api/roles/${staff.roleId}`, {
    name: staff.roleName,
    permissions: ["SERVICES_INDEX"],
    requiresMfa: true,
  });
  await page.goto("/login");
  await firstStep(page, staff);
  await expect(page).toHaveURL("/security");
  // Whatever page it asks for: the session can only enrol until a factor is set up.
  await page.goto("/settings");
  await expect(page).toHaveURL("/security");
});

/** Opens the app with `session` stored, as the SPA keeps it, before the first page loads. */
async function storeSession(page: Page, session: SessionData) {
  await page.addInitScript(
    ([key, value]) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      storage.setItem(key, value);
    },
    ["palco.session", JSON.stringify(session)] as const,
  );
}

test.describe("step-up", () => {
  // Outwaits what is left of the step-up window (once, for both members): the budget grows by the whole window in case
  // this spec runs first.
  test.setTimeout((E2E_STEP_UP_SECONDS + 120) * 1000);

  test("after the step-up window a save asks to confirm: declined it says so calmly, confirmed it saves what was typed (en: app code; es: password)", async ({
    page,
    browser,
  }) => {
    // Signed in by step-up.setup.ts before the other specs ran, so most or all of the window is behind them.
    const { member, session, plain, plainSession, signedInAt } = JSON.parse(
      readFileSync(STEP_UP_SESSIONS, "utf8"),
    ) as StepUpSessions;
    await storeSession(page, session);
    await page.goto("/settings");
    const guest = page.getByRole("textbox", { name: "Guest fee" });
    const host = page.getByRole("textbox", { name: "Host fee" });
    await expect(guest).not.toHaveValue("");
    // The same rates typed again (another spec checks the fees' history, which saves that change nothing stay out
    // of), in another spelling: "7.50" for 7.5.
    const typed = { guest: `${Number(await guest.inputValue()).toFixed(2)}`, host: await host.inputValue() };
    await guest.fill(typed.guest);
    await host.fill(typed.host);

    // Both sign-ins' proofs run out.
    await page.waitForTimeout(Math.max(0, signedInAt + (E2E_STEP_UP_SECONDS + 2) * 1000 - Date.now()));

    // Cancel: nothing alarming, the save simply was not done, and what was typed stays.
    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole("status").filter({ hasText: "Not done: you did not confirm it was you." }),
    ).toBeVisible();
    await expect(page.getByText("There was an error when updating the data, please try again")).toHaveCount(0);
    await expect(successBanner(page)).toHaveCount(0);
    await expect(guest).toHaveValue(typed.guest);
    await expect(host).toHaveValue(typed.host);

    // Again, and this time the code from the app: the save goes through without another click.
    await page.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("This action is protected.", { exact: false })).toBeVisible();
    const code = dialog.getByRole("textbox", { name: "Authentication code" });
    await expect(code).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Use a recovery code" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await code.fill(nextCode(member));
    await dialog.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(dialog).toBeHidden();
    await expect(successBanner(page)).toHaveText("The fees were saved");
    await expect(guest).toHaveValue(String(Number(typed.guest)));
    await expect(host).toHaveValue(typed.host);

    // The member without a factor, in Spanish, on a phone, signed in as long ago.
    const context = await browser.newContext({ baseURL: PUBLIC_ORIGIN, viewport: { width: 390, height: 844 } });
    const other = await context.newPage();
    await storeSession(other, plainSession);
    await other.addInitScript(() => {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        "palco.language",
        "es",
      );
    });
    await other.goto("/settings");
    const guestEs = other.getByRole("textbox", { name: "Comisión del huésped" });
    await expect(guestEs).not.toHaveValue("");
    const typedEs = Number(await guestEs.inputValue()).toFixed(2);
    await guestEs.fill(typedEs);

    await other.getByRole("button", { name: "Guardar" }).click();
    const dialogEs = other.getByRole("dialog", { name: "Confirma que eres tú" });
    await expect(dialogEs).toBeVisible();
    await dialogEs.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialogEs).toBeHidden();
    await expect(
      other.getByRole("status").filter({ hasText: "No se hizo: no confirmaste que eras tú." }),
    ).toBeVisible();
    await expect(guestEs).toHaveValue(typedEs);

    await other.getByRole("button", { name: "Guardar" }).click();
    await expect(dialogEs).toBeVisible();
    await expect(dialogEs.getByText("Escribe tu contraseña para continuar", { exact: false })).toBeVisible();
    const password = dialogEs.getByLabel("Contraseña", { exact: true });
    await expect(password).toBeFocused();
    // The dialog fits the phone, its field and button within reach.
    const box = await dialogEs.boundingBox();
    expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(390);
    await expect(password).toBeInViewport();
    await expect(dialogEs.getByRole("button", { name: "Confirmar y continuar" })).toBeInViewport();
    await expectNoSeriousA11yViolations(other, "step-up, password (es, phone)");
    await password.fill("no-es-la-contraseña");
    await dialogEs.getByRole("button", { name: "Confirmar y continuar" }).click();
    await expect(password).toHaveValue("");
    await expect(dialogEs).toBeVisible();
    await password.fill(plain.password);
    await dialogEs.getByRole("button", { name: "Confirmar y continuar" }).click();
    await expect(dialogEs).toBeHidden();
    await expect(successBanner(other)).toHaveText("Las comisiones se guardaron");
    await context.close();
  });
});
