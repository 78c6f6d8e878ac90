import { expect, type Page, test } from "@playwright/test";
import { apiClient, detailValue, signIn, successBanner, tableRows, USERS, unique } from "./fixtures.ts";

const NAME = unique("Auditoría");
const RENAMED = `${NAME} (sin ciudades)`;

test.beforeEach(async ({ page }) => {
  await signIn(page, USERS.admin);
});

/** The size of the permission catalogue, as the server describes it. */
async function catalogueSize(page: Page) {
  const api = await apiClient(page.request, USERS.admin);
  return (await api.get<{ data: unknown[] }>("/api/permissions")).data.length;
}

async function openDetail(page: Page, name: string) {
  await page.goto(`/roles?search=${encodeURIComponent(name)}`);
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/roles\/\d+$/);
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
}

// One role goes through its whole life cycle, in order; the tests after it stand alone.
test.describe("life cycle", () => {
  test.describe.configure({ mode: "serial" });

  test("create: the name is required; select all, then save", async ({ page }) => {
    const total = await catalogueSize(page);
    await page.goto("/roles");
    // The tab shows the unread notifications first: "(3) …".
    await expect(page).toHaveTitle(/^(\(\d+\) )?Roles · Palco Admin$/);
    await page.getByRole("link", { name: "Add role" }).click();
    await expect(page).toHaveURL("/roles/create");
    await expect(page.getByRole("heading", { name: "New role" })).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();

    // One switch per permission, grouped, labelled with its description and showing its code; and the two-step one.
    const switches = page.getByRole("switch");
    await expect(switches).toHaveCount(total + 1);
    await expect(page.getByRole("switch", { name: "Requires two-step sign-in" })).not.toBeChecked();
    const users = page.getByRole("group", { name: "Users" });
    await expect(users.getByRole("switch", { name: "List users" })).toBeVisible();
    await expect(users).toContainText("USERS_INDEX");
    await expect(page.getByRole("group", { name: "Payment methods" })).toBeVisible();

    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The role name is required")).toBeVisible();

    await page.getByLabel("Name").fill(NAME);
    await page.getByRole("button", { name: "Select all", exact: true }).click();
    await expect(page.getByRole("switch", { checked: true })).toHaveCount(total);
    await expect(page.getByRole("button", { name: "Select all", exact: true })).toBeDisabled();
    // Unselect all, then select all again: both directions work.
    await page.getByRole("button", { name: "Unselect all", exact: true }).click();
    // The bulk buttons leave the two-step switch alone.
    await expect(page.getByRole("switch", { checked: false })).toHaveCount(total + 1);
    await page.getByRole("button", { name: "Select all", exact: true }).click();
    await page.getByRole("button", { name: "Create" }).click();

    await expect(page).toHaveURL("/roles");
    await expect(successBanner(page)).toHaveText("The role was created successfully");
    await page.getByRole("searchbox", { name: "Search" }).fill(NAME);
    await expect(tableRows(page)).toHaveCount(1);
    // Columns: the selection checkbox (bulk delete), #, name, users, permissions, two-step sign-in.
    await expect(tableRows(page).first().getByRole("cell")).toHaveText(["", /^\d+$/, NAME, "0", String(total), "No"]);
  });

  test("a name already in use is refused by the server with its message", async ({ page }) => {
    await page.goto("/roles/create");
    await page.getByLabel("Name").fill(NAME);
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription(/Another role already has this name/);
    // Shown on its field, so not repeated in an alert.
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the detail is read-only: every permission as a disabled switch", async ({ page }) => {
    const total = await catalogueSize(page);
    await openDetail(page, NAME);
    await expect(detailValue(page, "Name")).toHaveText(NAME);
    await expect(detailValue(page, "Users")).toHaveText("0");
    await expect(page.getByRole("switch")).toHaveCount(total);
    await expect(page.getByRole("switch", { disabled: true, checked: true })).toHaveCount(total);
    await expect(
      page.getByRole("group", { name: "Cities" }).getByRole("switch", { name: "Delete cities" }),
    ).toBeChecked();
    await expect(page.getByRole("button", { name: "Select all" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
  });

  test("edit: unselect a group and rename, saving goes to the detail", async ({ page }) => {
    await openDetail(page, NAME);
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/roles\/\d+\/edit$/);
    await expect(page.getByRole("heading", { name: "Edit role" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(NAME);

    const cities = page.getByRole("group", { name: "Cities" });
    await cities.getByRole("button", { name: "Unselect all in Cities" }).click();
    await expect(cities.getByRole("switch", { checked: true })).toHaveCount(0);
    await expect(cities.getByRole("switch", { checked: false })).toHaveCount(6);
    await page.getByLabel("Name").fill(RENAMED);
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page).toHaveURL(/\/roles\/\d+$/);
    await expect(successBanner(page)).toHaveText("The role was updated successfully");
    await expect(page.getByRole("heading", { name: RENAMED })).toBeVisible();
    const citiesView = page.getByRole("group", { name: "Cities" });
    await expect(citiesView.getByRole("switch", { checked: false })).toHaveCount(6);
    await expect(citiesView.getByRole("switch", { checked: true })).toHaveCount(0);
    await expect(
      page.getByRole("group", { name: "States" }).getByRole("switch", { name: "List states" }),
    ).toBeChecked();
  });

  test("the permission list follows the language", async ({ page }) => {
    await openDetail(page, RENAMED);
    await page.getByText("Español", { exact: true }).click();
    const users = page.getByRole("group", { name: "Usuarios" });
    await expect(users.getByRole("switch", { name: "Listar usuarios" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Métodos de pago" })).toBeVisible();
    await page.getByText("English", { exact: true }).click();
    await expect(page.getByRole("group", { name: "Users" }).getByRole("switch", { name: "List users" })).toBeVisible();
  });

  test("deleting an unused role goes back to the list with a message", async ({ page }) => {
    await openDetail(page, RENAMED);
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${RENAMED}?` });
    await expect(dialog).toContainText("This action cannot be undone.");
    await dialog.getByRole("button", { name: "Delete" }).click();

    await expect(page).toHaveURL("/roles");
    await expect(successBanner(page)).toHaveText("Role deleted");
    await page.getByRole("searchbox", { name: "Search" }).fill(RENAMED);
    await expect(page.getByText("No results")).toBeVisible();
  });
});

test("delete is disabled while the role is assigned to users", async ({ page }) => {
  await openDetail(page, "Solo lectura");
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Name")).toHaveValue("Solo lectura");
  await expect(page.getByRole("button", { name: "Delete" })).toBeDisabled();
  await expect(
    page.getByText("This role is assigned to users, so it cannot be deleted. Remove it from every user first."),
  ).toBeVisible();
});

test("an unknown role opens the load-error modal; Back goes to the roles", async ({ page }) => {
  await page.goto("/roles/999999");
  const dialog = page.getByRole("dialog", { name: "The data could not be loaded" });
  await expect(dialog).toContainText("The role could not be loaded.");
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL("/roles");
});
