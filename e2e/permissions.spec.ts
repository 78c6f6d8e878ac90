import { expect, test } from "@playwright/test";
import { apiClient, signIn, tableRows, USERS } from "./fixtures.ts";

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
  test("sees every section and its unread notifications; every section is built", async ({ page }) => {
    // The demo data leaves the super-admin unread notifications of every kind; nobody else's action adds to them.
    const { count } = await (await apiClient(page.request, USERS.admin)).get<{ count: number }>(
      "/api/notifications/count",
    );
    expect(count).toBeGreaterThan(0);
    await signIn(page, USERS.admin);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Users",
      "Roles",
      "Audit trail",
      // With the count of unread notifications.
      /^Notifications\d+$/,
      "Venues",
      "Events",
      "Categories",
      // With the count of what waits for review.
      /^Owners\d*$/,
      /^Boxes\d*$/,
      "Services",
      "Bookings",
      "Payment providers",
      "Payment methods",
      "Countries",
      "States",
      "Cities",
      "Settings",
    ]);
    await expect(nav.getByLabel(`${count} unread notifications`)).toHaveText(String(count));
    await expect(page).toHaveTitle(`(${count}) Dashboard · Palco Admin`);

    // Notifications are built: their list, not a placeholder.
    await nav.getByRole("link", { name: "Notifications" }).click();
    await expect(page).toHaveURL("/notifications");
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Notifications" })).toBeVisible();
    await expect(page.getByText("Coming soon")).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");

    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Guest fee" })).toBeVisible();
    await expect(page.getByText("Coming soon")).toHaveCount(0);

    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
