import { expect, type Page, test } from "@playwright/test";
import { builtScript, holdScript, signIn, USERS } from "./fixtures.ts";

// The sign-in page comes prerendered in the HTML (apps/web/scripts/prerender.mjs): it shows before any of the
// app's script has run, on a slow phone as much as here. These hold the app's script back to look at that page,
// then let it start over it.

const appStarted = (page: Page) => expect(page).toHaveTitle(/· Palco Admin$/);

test("without any script the sign-in form is there, in English, and sends nothing in the address", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
  // The Spanish page is in the document too, hidden.
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeHidden();
  await page.getByLabel("E-mail").fill(USERS.admin.email);
  await page.getByLabel("Password").fill(USERS.admin.password);
  const sent = page.waitForRequest(
    (request) => new URL(request.url()).pathname === "/login" && request.isNavigationRequest(),
  );
  await page.getByRole("button", { name: "Sign in" }).click();
  const request = await sent;
  // Posted, never as a query string a proxy or the history would keep.
  expect(request.method()).toBe("POST");
  expect(request.url()).not.toContain(USERS.admin.password);
  await context.close();
});

test("a member who chose Spanish and a dark system see the page in Spanish and dark before the app starts", async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("palco.language", "es"));
  const release = await holdScript(page);
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeHidden();
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // The app has not started: the tab still has the document's own title.
  await expect(page).toHaveTitle("Palco Admin");
  release();
  await expect(page).toHaveTitle("Iniciar sesión · Palco Admin");
  await expect(page.getByLabel("Correo electrónico")).toBeFocused();
  await context.close();
});

test("the language switched while the app is loading is the one the app starts in", async ({ page }) => {
  // The app's texts are in (it has read the stored language, English) but not the sign-in page's own chunk.
  const release = await holdScript(page, "src/features/auth/login-page.tsx");
  const texts = builtScript("src/i18n/en.ts");
  const textsRequested = page.waitForRequest((request) => new URL(request.url()).pathname === texts);
  await page.goto("/login");
  await textsRequested;
  await page.getByText("Español", { exact: true }).filter({ visible: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  release();
  await expect(page).toHaveTitle("Iniciar sesión · Palco Admin");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Español" })).toBeChecked();
});

test("what is typed before the app starts is kept, in the field being typed in, and Enter then signs in", async ({
  page,
}) => {
  const release = await holdScript(page);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(USERS.admin.email);
  await page.getByLabel("Password").click();
  await page.keyboard.type(USERS.admin.password.slice(0, 4));
  release();
  await appStarted(page);
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(USERS.admin.password.slice(4));
  await expect(page.getByLabel("E-mail")).toHaveValue(USERS.admin.email);
  await expect(page.getByLabel("Password")).toHaveValue(USERS.admin.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("a form sent before the app starts is sent by the app once it has started", async ({ page }) => {
  const release = await holdScript(page);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(USERS.admin.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Held: the browser did not send it (no page load, the address unchanged).
  await expect(page).toHaveURL("/login");
  release();
  await expect(page.getByText("Incorrect e-mail or password")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(USERS.admin.email);
  await expect(page.getByLabel("Password")).toHaveValue("");
});

test("a signed-in member opening /login sees none of the sign-in page, then is in the app", async ({ page }) => {
  await signIn(page, USERS.admin);
  const release = await holdScript(page);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeHidden();
  await expect(page.getByLabel("E-mail")).toBeHidden();
  release();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});
