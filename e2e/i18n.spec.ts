import { expect, test } from "@playwright/test";
import { builtScript, readStorage, signIn, USERS } from "./fixtures.ts";

test("the login page switches to Spanish, keeps it after a reload and validates in Spanish", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  // The page may still be the prerendered one, which holds both languages' switches (one hidden).
  await page.getByText("Español", { exact: true }).filter({ visible: true }).click();
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Iniciar sesión · Palco Admin");
  await expect.poll(() => readStorage(page, "palco.language")).toBe("es");

  await page.reload();
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  await page.getByLabel("Correo electrónico").fill("no-es-un-correo");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Escribe un correo electrónico válido")).toBeVisible();
  await expect(page.getByText("La contraseña es obligatoria")).toBeVisible();

  // The sign-in failure is in Spanish too (an unknown account: nobody gets throttled).
  await page.getByLabel("Correo electrónico").fill("nadie@palco.local");
  await page.getByLabel("Contraseña", { exact: true }).fill("Incorrecta123");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Información no válida" })).toContainText(
    "Correo electrónico o contraseña incorrectos",
  );

  // And back to English.
  await page.getByText("English", { exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the signed-in area, its validation messages and the server's messages follow the language", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/countries");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Countries" })).toBeVisible();

  await page.getByText("Español", { exact: true }).click();
  const navEs = page.getByRole("navigation", { name: "Navegación principal" });
  await expect(navEs.getByRole("link", { name: "Países" })).toBeVisible();
  await expect(navEs.getByRole("link", { name: "Ciudades" })).toBeVisible();
  await expect(navEs.getByText("Mercado", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Países" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Código" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Sí" }).first()).toBeVisible();

  await page.getByRole("link", { name: "Agregar país" }).click();
  await expect(page.getByRole("heading", { name: "Nuevo país" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Nuevo país" })).toBeVisible();

  // Client-side validation, translated from the shared keys.
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page.getByText("El nombre del país es obligatorio")).toBeVisible();
  await expect(page.getByText("El código del país es obligatorio")).toBeVisible();

  // Server-side validation answers in the language of the request (Accept-Language).
  await page.getByLabel("Nombre").fill("Otro México");
  await page.getByLabel("Código").fill("MEX");
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page.getByLabel("Código")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Código")).toHaveAccessibleDescription(/Otro país ya usa este código/);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("the reset-password page's missing-link error follows a language switch", async ({ page }) => {
  await page.goto("/reset-password");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("This link has expired or is no longer valid");
  await page.getByText("Español", { exact: true }).click();
  await expect(page.getByRole("heading", { name: "Elige una nueva contraseña" })).toBeVisible();
  await expect(alert).toContainText("Este enlace ha expirado o ya no es válido. Solicitar un nuevo enlace");
  await expect(alert).not.toContainText("This link has expired");
});

test("a signed-in page downloads the texts of the member's language and not the other's", async ({ browser }) => {
  const english = builtScript("src/i18n/en.ts");
  const spanish = builtScript("src/i18n/es.ts");
  for (const [language, own, other, heading] of [
    ["en", english, spanish, "Countries"],
    ["es", spanish, english, "Países"],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript((chosen) => localStorage.setItem("palco.language", chosen), language);
    await signIn(page, USERS.admin);
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
    await page.goto("/countries");
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("cell").first()).toBeVisible();
    expect(scripts, language).toContain(own);
    expect(scripts, language).not.toContain(other);
    await context.close();
  }
});
