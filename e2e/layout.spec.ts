import { expect, type Page, test } from "@playwright/test";
import { builtScript, detailValue, holdScript, signIn, tableRows, USERS } from "./fixtures.ts";

test("the login page does not download the authenticated area or any feature page", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts).toContain(builtScript("src/features/auth/login-page.tsx"));
  const signedInArea = [
    "src/app/layout/app-layout.tsx",
    "src/kit/list-page.tsx",
    "src/kit/detail-page.tsx",
    "src/kit/form-page.tsx",
    "src/features/countries/resource.tsx",
    "src/features/dashboard/dashboard-page.tsx",
  ].map(builtScript);
  expect(scripts.filter((path) => signedInArea.includes(path))).toEqual([]);

  // Signing in then loads them on demand.
  await page.getByLabel("E-mail").fill(USERS.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(USERS.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Countries" }).click();
  await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
  expect(scripts).toContain(builtScript("src/kit/list-page.tsx"));
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

for (const { name, address, data, module } of [
  {
    name: "a list's rows",
    address: "/countries?search=mex",
    data: "/api/countries?page=1&search=mex",
    module: "src/kit/list-page.tsx",
  },
  { name: "a record", address: "/countries/1", data: "/api/countries/1", module: "src/kit/detail-page.tsx" },
]) {
  test(`${name} and the menu's counts are asked for while the page's code is still on its way`, async ({ page }) => {
    await signIn(page, USERS.admin);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
    });
    // The page's own code is held back: what it shows can only have been asked for by the route (kit/prefetch.ts).
    const release = await holdScript(page, module);
    await page.goto(address);
    await expect.poll(() => asked).toContain(data);
    await expect.poll(() => asked).toContain("/api/notifications/count");
    expect(asked).toContain("/api/review-queue");
    expect(asked).toContain("/api/views");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Countries|México|Mexico/);
    // The page found the answer waiting: nothing was asked twice.
    expect(asked.filter((each) => each === data)).toHaveLength(1);
  });
}

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
    page.getByRole("region", { name: "Charges and fees" }).locator("[data-chart-bar]").first(),
  ).toBeVisible();
  expect(await violations()).toEqual([]);
});

/**
 * Pages whose data arrives after their first paint must not move when it does: their placeholders take the room of
 * what replaces them. The data is held back a little so the placeholders are on screen first, and the browser's own
 * layout-shift entries (as Lighthouse's CLS adds them up) are summed from the start of the visit. Before the
 * placeholders were sized this way the three read 0.059, 0.067 and 0.083.
 */
const STEADY_PAGES = [
  {
    name: "the bookings list, its headers on one line",
    path: "/bookings",
    viewport: { width: 1350, height: 940 },
    ready: (page: Page) => expect(tableRows(page).first().getByRole("link").first()).toBeVisible(),
  },
  {
    name: "a booking's detail, its dates on two lines",
    path: "/bookings/1",
    viewport: { width: 1350, height: 940 },
    ready: (page: Page) => expect(detailValue(page, "Key")).toHaveText(/^PLC-/),
  },
  {
    name: "the dashboard on a phone, the income totals above its chart",
    path: "/",
    viewport: { width: 412, height: 823 },
    ready: (page: Page) => expect(page.getByTestId("report-total").first()).toContainText("$"),
  },
];

for (const { name, path, viewport, ready } of STEADY_PAGES) {
  test(`nothing moves when the data arrives: ${name}`, async ({ page }) => {
    type Shifts = { __shift: number };
    await signIn(page, USERS.admin);
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const globals = globalThis as unknown as Shifts & {
        PerformanceObserver: new (
          callback: (list: { getEntries(): { value: number; hadRecentInput: boolean }[] }) => void,
        ) => { observe(options: { type: string; buffered: boolean }): void };
      };
      globals.__shift = 0;
      new globals.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) globals.__shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.route(/\/api\/(bookings|reports)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fallback();
    });
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState("networkidle");
    const shift = await page.evaluate(() => (globalThis as unknown as Shifts).__shift);
    expect(shift).toBeLessThan(0.01);
  });
}
