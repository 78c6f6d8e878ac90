import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { signIn, USERS } from "./fixtures.ts";

type LocalStorageGlobals = { localStorage: { setItem(key: string, value: string): void } };

/** The relative luminance (0 black … 1 white) of the background the main landmark paints. */
type StyleGlobals = { getComputedStyle(element: unknown): { backgroundColor: string } };

async function mainLuminance(page: Page): Promise<number> {
  const color = await page
    .getByRole("main")
    .evaluate((element) => (globalThis as unknown as StyleGlobals).getComputedStyle(element).backgroundColor);
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part: string) => {
    const channel = Number(part) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const scheme = (page: Page) => page.locator("html");

test.describe("on a system that asks for dark", () => {
  test.use({ colorScheme: "dark" });

  test("follows the system, and the user menu's choice overrides it in this browser until set back", async ({
    page,
  }) => {
    await signIn(page, USERS.admin);
    await page.goto("/countries");
    await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
    await expect(scheme(page)).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await mainLuminance(page)).toBeLessThan(0.05);

    const openMenu = async () => {
      await page.getByRole("button", { name: /Account menu/ }).click();
      return page.getByRole("group", { name: "Appearance" });
    };
    let appearance = await openMenu();
    await expect(appearance.getByRole("menuitemradio", { name: "Same as the system" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await appearance.getByRole("menuitemradio", { name: "Light" }).click();
    await expect(scheme(page)).toHaveAttribute("data-mantine-color-scheme", "light");
    await expect(appearance.getByRole("menuitemradio", { name: "Light" })).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("Escape");
    expect(await mainLuminance(page)).toBeGreaterThan(0.8);

    // Kept in this browser: a reload (and a new tab) stays light although the system is dark.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
    await expect(scheme(page)).toHaveAttribute("data-mantine-color-scheme", "light");
    const other = await page.context().newPage();
    await other.goto("/countries");
    await expect(other.getByRole("heading", { name: "Countries" })).toBeVisible();
    await expect(other.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
    await other.close();

    // From the keyboard, back to the system's choice.
    appearance = await openMenu();
    const system = appearance.getByRole("menuitemradio", { name: "Same as the system" });
    await system.focus();
    await page.keyboard.press("Enter");
    await expect(scheme(page)).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect(system).toHaveAttribute("aria-checked", "true");
  });

  test("names the choices in Spanish", async ({ page }) => {
    await page.addInitScript(() => {
      (globalThis as unknown as LocalStorageGlobals).localStorage.setItem("palco.language", "es");
    });
    await signIn(page, USERS.admin);
    await page.goto("/countries");
    await page.getByRole("button", { name: /Menú de la cuenta/ }).click();
    const appearance = page.getByRole("group", { name: "Apariencia" });
    await expect(appearance.getByRole("menuitemradio")).toHaveText(["Igual que el sistema", "Claro", "Oscuro"]);
    await appearance.getByRole("menuitemradio", { name: "Claro" }).click();
    await expect(scheme(page)).toHaveAttribute("data-mantine-color-scheme", "light");
  });

  test("the dashboard's charts read in the dark scheme", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("[data-chart-bar]").first()).toBeVisible({ timeout: 30_000 });
    await expect(scheme(page)).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expectNoSeriousA11yViolations(page, "dashboard (dark)");
  });
});

test("on a system that asks for light, the dark choice darkens every page", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/countries");
  await expect(scheme(page)).toHaveAttribute("data-mantine-color-scheme", "light");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("group", { name: "Appearance" }).getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(scheme(page)).toHaveAttribute("data-mantine-color-scheme", "dark");
  await page.keyboard.press("Escape");
  await page.goto("/bookings");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await mainLuminance(page)).toBeLessThan(0.05);
  await expectNoSeriousA11yViolations(page, "bookings list (dark by choice)");
});
