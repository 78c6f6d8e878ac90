import { expect, test } from "@playwright/test";
import { apiClient, detailValue, signIn, statusBadge, successBanner, tableRows, USERS } from "./fixtures.ts";

const NAME = "Narnia";
const RENAMED = "Narnia del Norte";
const CODE = "NRN";

test.beforeEach(async ({ page }) => {
  await signIn(page, USERS.geoEditor);
});

// One country goes through its whole life cycle, in order; the tests after it stand alone.
test.describe("life cycle", () => {
  test.describe.configure({ mode: "serial" });

  test("create: per-field messages on an empty submit, then a bad code, then success", async ({ page }) => {
    await page.goto("/countries");
    await expect(page).toHaveTitle("Countries · Palco Admin");
    await page.getByRole("link", { name: "Add country" }).click();
    await expect(page).toHaveURL("/countries/create");
    await expect(page.getByRole("heading", { name: "New country" })).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();

    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The country name is required")).toBeVisible();
    await expect(page.getByText("The country code is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();

    await page.getByLabel("Name").fill(NAME);
    await page.getByLabel("Code").fill("nr1");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The country name is required")).toHaveCount(0);
    await expect(page.getByText("The country code must be exactly three capital letters")).toBeVisible();
    await expect(page.getByLabel("Code")).toBeFocused();

    await page.getByLabel("Code").fill(CODE);
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL("/countries");
    await expect(successBanner(page)).toHaveText("The country was created successfully");
    // The message came through history state, which is cleared: a reload does not show it again.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
    await expect(successBanner(page)).toHaveCount(0);
  });

  test("create: a code already in use is refused by the server on the field only, not repeated in an alert", async ({
    page,
  }) => {
    await page.goto("/countries/create");
    await page.getByLabel("Name").fill("Otra Narnia");
    await page.getByLabel("Code").fill(CODE);
    await page.getByRole("button", { name: "Create" }).click();
    const code = page.getByLabel("Code");
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await expect(code).toBeFocused();
    // The message is shown once, as the field's description.
    await expect(page.getByText("Another country already uses this code")).toHaveCount(1);
    await expect(code).toHaveAccessibleDescription(/Another country already uses this code/);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page).toHaveURL("/countries/create");
  });

  test("search finds it, the search lives in the URL and resets the page", async ({ page }) => {
    await page.goto("/countries?page=1");
    await page.getByRole("searchbox", { name: "Search" }).fill("narn");
    await expect(page).toHaveURL(/[?&]search=narn/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText(NAME);
    await expect(tableRows(page).first()).toContainText(CODE);
    await expect(tableRows(page).first()).toContainText("Yes");

    // A shared link restores the same view.
    await page.goto("/countries?search=can");
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("can");
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText("Canadá");

    // Nothing found.
    await page.goto("/countries?search=zzzz");
    await expect(page.getByText("No results")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL("/countries");
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  });

  test("detail: opened from the list, shows every field", async ({ page }) => {
    await page.goto(`/countries?search=${CODE}`);
    // The whole row is clickable (the name cell is the keyboard-reachable link); the first cell holds the row's
    // selection checkbox (bulk actions), so the first data cell is clicked.
    await tableRows(page).first().getByRole("cell").nth(1).click();
    await expect(page).toHaveURL(/\/countries\/\d+$/);
    await expect(page.getByRole("heading", { name: NAME })).toBeVisible();
    await expect(page).toHaveTitle(`${NAME} · Palco Admin`);
    await expect(detailValue(page, "Code")).toHaveText(CODE);
    await expect(detailValue(page, "Name")).toHaveText(NAME);
    // The state is the badge next to the title, not repeated as an "Active: Yes" field.
    await expect(statusBadge(page)).toHaveText("Active");
    await expect(page.locator("dt", { hasText: /^Active$/ })).toHaveCount(0);
    await expect(detailValue(page, "ID")).toHaveText(/^\d+$/);
    await expect(detailValue(page, "Created at")).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    await expect(detailValue(page, "Updated at")).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}/);

    await page.getByRole("link", { name: "Back to list" }).click();
    await expect(page).toHaveURL("/countries");
  });

  test("edit: the form is filled, saving goes to the detail with a message", async ({ page }) => {
    await page.goto(`/countries?search=${CODE}`);
    await page.getByRole("link", { name: NAME }).click();
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/countries\/\d+\/edit$/);
    await expect(page.getByRole("heading", { name: "Edit country" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(NAME);
    await expect(page.getByLabel("Code")).toHaveValue(CODE);
    await expect(page.getByLabel("Name")).toBeFocused();

    await page.getByLabel("Name").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The country name is required")).toBeVisible();

    await page.getByLabel("Name").fill(RENAMED);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/countries\/\d+$/);
    await expect(successBanner(page)).toHaveText("The country was updated successfully");
    await expect(page.getByRole("heading", { name: RENAMED })).toBeVisible();
    await expect(detailValue(page, "Name")).toHaveText(RENAMED);
  });

  test("block and unblock with confirmation", async ({ page }) => {
    await page.goto(`/countries?search=${CODE}`);
    await page.getByRole("link", { name: RENAMED }).click();
    await expect(statusBadge(page)).toHaveText("Active");

    await page.getByRole("button", { name: "Block", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Block ${RENAMED}?` });
    await expect(dialog).toBeVisible();
    // Cancelling changes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(statusBadge(page)).toHaveText("Active");

    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("button", { name: "Unblock", exact: true })).toBeVisible();
    await expect(statusBadge(page)).toHaveText("Inactive");

    // The list agrees.
    await page.getByRole("link", { name: "Back to list" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(CODE);
    await expect(tableRows(page).first()).toContainText("No");

    await page.getByRole("link", { name: RENAMED }).click();
    await page.getByRole("button", { name: "Unblock", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unblock", exact: true }).click();
    await expect(page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
    await expect(statusBadge(page)).toHaveText("Active");
  });

  test("a failed block shows the availability error and keeps the flag", async ({ page }) => {
    await page.route(/\/api\/countries\/\d+\/deactivate$/, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"statusCode":500,"error":"x","message":"x"}',
      }),
    );
    await page.goto(`/countries?search=${CODE}`);
    await page.getByRole("link", { name: RENAMED }).click();
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("alert")).toContainText(
      "The availability of the country could not be changed, please try again.",
    );
    await expect(statusBadge(page)).toHaveText("Active");
    await expect(page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
  });

  test("delete with confirmation goes back to the list with a message", async ({ page }) => {
    await page.goto(`/countries?search=${CODE}`);
    await page.getByRole("link", { name: RENAMED }).click();
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${RENAMED}?` });
    await expect(dialog).toContainText("This action cannot be undone.");
    await dialog.getByRole("button", { name: "Delete" }).click();

    await expect(page).toHaveURL("/countries");
    await expect(successBanner(page)).toHaveText("The country was deleted successfully");
    await page.getByRole("searchbox", { name: "Search" }).fill(CODE);
    await expect(page.getByText("No results")).toBeVisible();
  });
});

test("deleting a country that still has states is refused with the server's reason", async ({ page }) => {
  await page.goto("/countries?search=Canad");
  await page.getByRole("link", { name: "Canadá" }).click();
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert")).toContainText("This country still has states; delete or move them first");
  await expect(page).toHaveURL(/\/countries\/\d+\/edit$/);
});

test("an unknown id opens the load-error modal with Back and Retry", async ({ page }) => {
  await page.goto("/countries/999999");
  const dialog = page.getByRole("dialog", { name: "The data could not be loaded" });
  await expect(dialog).toContainText("The country could not be loaded.");
  await dialog.getByRole("button", { name: "Retry" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL("/countries");
});

test("pagination: 12 rows a page, page links, the page in the URL and the back button", async ({ page }) => {
  const api = await apiClient(page.request, USERS.geoEditor);
  for (const letter of "ABCDEFGHI") {
    await api.post("/api/countries", { name: `Paginia ${letter}`, code: `PG${letter}` });
  }
  await page.goto("/countries");
  await expect(tableRows(page)).toHaveCount(12);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pagination.getByRole("button", { name: "Previous page" })).toBeDisabled();
  const firstPage = await tableRows(page).allTextContents();

  await pagination.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL("/countries?page=2");
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(/^Showing 13–\d+ of \d+$/)).toBeVisible();
  const secondPage = await tableRows(page).allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.some((row) => firstPage.includes(row))).toBe(false);

  await page.reload();
  await expect(page).toHaveURL("/countries?page=2");
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  await page.goBack();
  await expect(page).toHaveURL("/countries");
  await expect(tableRows(page)).toHaveCount(12);
});
