import { expect, type Page, test } from "@playwright/test";
import { createStaffWith, detailValue, signIn, USERS } from "./fixtures.ts";

// What a new user met first (issue 8): the dashboard, search boxes and dates in Spanish.

test("staff whom no report concerns get links to the screens they may open, grouped as in the menu", async ({
  page,
  request,
}) => {
  const staff = await createStaffWith(request, [
    "USERS_INDEX",
    "ROLES_INDEX",
    "CATEGORIES_INDEX",
    "SERVICES_INDEX",
    "COUNTRIES_INDEX",
    "STATES_INDEX",
  ]);
  await signIn(page, staff);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: `Welcome, ${staff.firstName}` })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText(["Access", "Marketplace", "Geography"]);
  await expect(main.getByRole("link")).toHaveText(["Users", "Roles", "Categories", "Services", "Countries", "States"]);
  // The settings are in the menu only.
  await expect(main.getByRole("link", { name: "Settings" })).toHaveCount(0);

  await main.getByRole("region", { name: "Geography" }).getByRole("link", { name: "States" }).click();
  await expect(page).toHaveURL("/states");
  await expect(page.getByRole("heading", { name: "States" })).toBeVisible();
});

test("a user with one permission sees one link", async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome, Víctor" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText(["Geography"]);
  await expect(main.getByRole("link")).toHaveText(["Countries"]);
});

/** The placeholder's width in the input's font against the room the input leaves for text, in CSS pixels. */
function placeholderFit(page: Page): Promise<{ placeholder: string; text: number; room: number }> {
  // The e2e tsconfig has no DOM types: the measurement runs as page script.
  return page.evaluate(`(() => {
    const input = document.querySelector('input[type="search"]');
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d");
    context.font = style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
    return {
      placeholder: input.placeholder,
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  })()`);
}

const LISTS = {
  es: {
    language: "Español",
    menu: "Navegación principal",
    links: ["Usuarios", "Roles", "Países", "Estados", "Ciudades"],
  },
  en: { language: "English", menu: "Main navigation", links: ["Users", "Roles", "Countries", "States", "Cities"] },
};

for (const [code, { language, menu, links }] of Object.entries(LISTS)) {
  test(`every list's search box shows its whole placeholder (${code})`, async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/");
    await page.getByText(language, { exact: true }).click();
    const nav = page.getByRole("navigation", { name: menu });
    for (const link of links) {
      await nav.getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: link })).toBeVisible();
      const fit = await placeholderFit(page);
      expect(fit.placeholder, link).not.toBe("");
      expect(fit.text, `${link}: "${fit.placeholder}"`).toBeLessThanOrEqual(fit.room);
    }
  });
}

test("dates use the 24-hour clock in Spanish and the spec's 12-hour format in English", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/countries/1");
  await expect(detailValue(page, "Created at")).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
  await page.getByText("Español", { exact: true }).click();
  await expect(detailValue(page, "Fecha de creación")).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2}$/);
});
