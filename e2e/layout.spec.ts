import { expect, test } from "@playwright/test";
import { signIn, USERS } from "./fixtures.ts";

test("the login page does not download the authenticated area or any feature page", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.some((path) => /login-page/.test(path))).toBe(true);
  expect(
    scripts.filter((path) => /(app-layout|list-page|detail-page|form-page|resource|dashboard)/.test(path)),
  ).toEqual([]);

  // Signing in then loads them on demand.
  await page.getByLabel("E-mail").fill(USERS.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(USERS.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Countries" }).click();
  await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
  expect(scripts.some((path) => /list-page/.test(path))).toBe(true);
});

test("the sidebar collapses with the burger and remembers it", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  const users = nav.getByRole("link", { name: "Users" });
  await expect(users).toBeInViewport();

  const burger = page.getByRole("button", { name: "Toggle navigation" }).and(page.locator(":visible"));
  await expect(burger).toHaveAttribute("aria-expanded", "true");
  await burger.click();
  await expect(burger).toHaveAttribute("aria-expanded", "false");
  await expect(users).not.toBeInViewport();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(users).not.toBeInViewport();
  await burger.click();
  await expect(users).toBeInViewport();
});

test("on a long page the sidebar's background runs to the bottom of the page, and its menu stays in view", async ({
  page,
}) => {
  type Box = { top: number; bottom: number };
  type Globals = {
    scrollY: number;
    document: {
      documentElement: { scrollHeight: number };
      querySelector(selector: string): { getBoundingClientRect(): Box } | null;
    };
    getComputedStyle(element: unknown): { backgroundColor: string };
  };
  await signIn(page, USERS.admin);
  // A booking's detail is several screens long.
  await page.goto("/bookings/1");
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await page.keyboard.press("End");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Users" })).toBeInViewport();

  // In page coordinates: from under the header to the end of the document, whatever is scrolled.
  const measure = () =>
    page.evaluate(() => {
      const globals = globalThis as unknown as Globals;
      const navbar = globals.document.querySelector("nav[aria-label='Main navigation']")!;
      const box = navbar.getBoundingClientRect();
      return {
        top: Math.round(box.top + globals.scrollY),
        bottom: Math.round(box.bottom + globals.scrollY),
        page: globals.document.documentElement.scrollHeight,
        scrolled: globals.scrollY,
        background: globals.getComputedStyle(navbar).backgroundColor,
      };
    });
  await expect.poll(async () => (await measure()).scrolled).toBeGreaterThan(0);
  const navbar = await measure();
  expect(navbar.page).toBeGreaterThan(1000);
  expect(navbar.top).toBeLessThanOrEqual(56);
  expect(navbar.bottom).toBe(navbar.page);
  expect(navbar.background).toBe("rgb(255, 255, 255)");
  // Scrolled down, the header stays above the navbar: its toggle is what a click there reaches.
  await page.getByRole("button", { name: "Toggle navigation" }).click({ trial: true, timeout: 5_000 });
});

test("the user menu shows the signed-in user", async ({ page }) => {
  await signIn(page, USERS.geoEditor);
  await page.goto("/");
  await page.getByRole("button", { name: "Account menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toContainText("Gabriela Editora");
  await expect(menu).toContainText(USERS.geoEditor.email);
  await expect(menu.getByRole("menuitem", { name: "Log out" })).toBeVisible();
});

test("signed-in pages run within the Content-Security-Policy: no violation reported", async ({ page }) => {
  type Globals = {
    document: { addEventListener(type: string, listener: (event: { violatedDirective: string }) => void): void };
    cspViolations?: string[];
  };
  await page.addInitScript(() => {
    const globals = globalThis as unknown as Globals;
    globals.cspViolations = [];
    globals.document.addEventListener("securitypolicyviolation", (event) =>
      globals.cspViolations?.push(event.violatedDirective),
    );
  });
  await signIn(page, USERS.admin);
  // A list and a form build the shared schemas; the dashboard loads the charts.
  await page.goto("/countries/create");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("The country name is required")).toBeVisible();
  const violations = () => page.evaluate(() => (globalThis as unknown as Globals).cspViolations);
  expect(await violations()).toEqual([]);
  await page.goto("/");
  await expect(
    page.getByRole("region", { name: "Charges and fees" }).locator(".recharts-bar-rectangle").first(),
  ).toBeVisible();
  expect(await violations()).toEqual([]);
});
