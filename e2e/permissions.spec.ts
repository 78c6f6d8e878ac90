import { expect, test } from "@playwright/test";
import { signIn, tableRows, USERS } from "./fixtures.ts";

test.describe("a read-only user (COUNTRIES_INDEX and COUNTRIES_SHOW only)", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, USERS.viewer);
  });

  test("sees only the dashboard and countries in the menu", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Countries"]);
    for (const hidden of ["Cities", "States", "Users", "Roles", "Settings", "Notifications"]) {
      await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);
    }
  });

  test("gets the 403 page on routes it may not open", async ({ page }) => {
    for (const path of ["/cities", "/states/1", "/countries/create", "/countries/1/edit", "/users", "/settings"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
      await expect(
        page.getByText("The user account does not have enough permissions to perform this action"),
      ).toBeVisible();
      await expect(page).toHaveURL(path);
    }
  });

  test("can list and view countries but has no add, edit or block buttons", async ({ page }) => {
    await page.goto("/countries");
    await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
    await expect(tableRows(page).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Add country" })).toHaveCount(0);

    await page.getByRole("link", { name: "México", exact: true }).click();
    await expect(page).toHaveURL(/\/countries\/\d+$/);
    await expect(page.getByRole("heading", { name: "México" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to list" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Block", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Unblock", exact: true })).toHaveCount(0);
  });
});

test.describe("a super-admin", () => {
  test("sees every section and a clean coming-soon page for the ones not built yet", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Users",
      "Roles",
      "Notifications",
      "Venues",
      "Events",
      "Categories",
      "Owners",
      "Boxes",
      "Services",
      "Bookings",
      "Payment providers",
      "Payment methods",
      "Countries",
      "States",
      "Cities",
      "Settings",
    ]);
    // No unread notifications yet: no badge.
    await expect(nav.getByLabel(/unread notifications/)).toHaveCount(0);

    await nav.getByRole("link", { name: "Venues" }).click();
    await expect(page).toHaveURL("/venues");
    await expect(page.getByRole("heading", { name: "Venues" })).toBeVisible();
    await expect(page.getByText("Coming soon")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Venues" })).toHaveAttribute("aria-current", "page");

    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
    await expect(page.getByText("Coming soon")).toBeVisible();

    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
