import { expect, test } from "@playwright/test";
import {
  apiClient,
  chooseOption,
  detailValue,
  expectEveryRow,
  signIn,
  statusBadge,
  successBanner,
  tableRows,
  USERS,
} from "./fixtures.ts";

const NAME = "Valle Escondido";
const RENAMED = "Valle Escondido Sur";
const CODE = "VES";

test.beforeEach(async ({ page }) => {
  await signIn(page, USERS.geoEditor);
});

// One state goes through its whole life cycle, in order; the tests after it stand alone.
test.describe("life cycle", () => {
  test.describe.configure({ mode: "serial" });

  test("create: per-field messages, a bad code, then success", async ({ page }) => {
    await page.goto("/states");
    await page.getByRole("link", { name: "Add state" }).click();
    await expect(page).toHaveURL("/states/create");
    await expect(page.getByLabel("Name")).toBeFocused();

    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The state name is required")).toBeVisible();
    await expect(page.getByText("The state code is required")).toBeVisible();
    await expect(page.getByText("The country is required")).toBeVisible();

    await page.getByLabel("Name").fill(NAME);
    await page.getByLabel("Code").fill("Tc");
    await chooseOption(page, "Country", "México", "Méx");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The state code must be exactly three capital letters")).toBeVisible();
    await expect(page.getByText("The country is required")).toHaveCount(0);

    await page.getByLabel("Code").fill(CODE);
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL("/states");
    await expect(successBanner(page)).toHaveText("The state was created successfully");
  });

  test("search and the country filter live in the URL", async ({ page }) => {
    await page.goto("/states");
    await page.getByRole("searchbox", { name: "Search" }).fill("escondido");
    await expect(page).toHaveURL(/search=escondido/);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText(NAME);
    await expect(tableRows(page).first()).toContainText("México");

    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL("/states");
    await chooseOption(page, "Country", "Canadá", "Cana");
    await expect(page).toHaveURL(/[?&]country=\d+/);
    await expect(tableRows(page)).toHaveCount(3);
    await expectEveryRow(page, "Canadá");
    const filtered = page.url();

    // A shared link restores the same filtered view.
    await page.goto("/");
    await page.goto(filtered);
    await expect(page.getByRole("textbox", { name: "Country", exact: true })).toHaveValue("Canadá");
    await expect(tableRows(page)).toHaveCount(3);

    // Search and filter combine.
    await page.getByRole("searchbox", { name: "Search" }).fill("ont");
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText("Ontario");
  });

  test("detail, edit and the success message on the detail", async ({ page }) => {
    await page.goto(`/states?search=${CODE}`);
    await page.getByRole("link", { name: NAME }).click();
    await expect(page).toHaveURL(/\/states\/\d+$/);
    await expect(detailValue(page, "Code")).toHaveText(CODE);
    await expect(detailValue(page, "Country")).toHaveText("México");
    await expect(statusBadge(page)).toHaveText("Active");
    await expect(detailValue(page, "Created at")).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);

    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByLabel("Name")).toHaveValue(NAME);
    await expect(page.getByRole("textbox", { name: "Country", exact: true })).toHaveValue("México");
    await page.getByLabel("Name").fill(RENAMED);
    await chooseOption(page, "Country", "Colombia", "Colo");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/states\/\d+$/);
    await expect(successBanner(page)).toHaveText("The state was updated successfully");
    await expect(detailValue(page, "Name")).toHaveText(RENAMED);
    await expect(detailValue(page, "Country")).toHaveText("Colombia");
  });

  test("block and unblock", async ({ page }) => {
    await page.goto(`/states?search=${CODE}`);
    await page.getByRole("link", { name: RENAMED }).click();
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page
      .getByRole("dialog", { name: `Block ${RENAMED}?` })
      .getByRole("button", { name: "Block", exact: true })
      .click();
    await expect(page.getByRole("button", { name: "Unblock", exact: true })).toBeVisible();
    await expect(statusBadge(page)).toHaveText("Inactive");
    await page.getByRole("button", { name: "Unblock", exact: true }).click();
    await page
      .getByRole("dialog", { name: `Unblock ${RENAMED}?` })
      .getByRole("button", { name: "Unblock", exact: true })
      .click();
    await expect(page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
    await expect(statusBadge(page)).toHaveText("Active");
  });

  test("delete with confirmation", async ({ page }) => {
    await page.goto(`/states?search=${CODE}`);
    await page.getByRole("link", { name: RENAMED }).click();
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: `Delete ${RENAMED}?` })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page).toHaveURL("/states");
    await expect(successBanner(page)).toHaveText("The state was deleted successfully");
  });
});

test("a state that still has cities cannot be deleted", async ({ page }) => {
  await page.goto("/states?search=Jalisco");
  await page.getByRole("link", { name: "Jalisco" }).click();
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert")).toContainText("This state still has cities; delete or move them first");
});

test("pagination shows at most five page links and keeps the page in the URL", async ({ page }) => {
  // Enough states for more than five pages: 45 seeded + 30 here = 75 → 7 pages.
  const api = await apiClient(page.request, USERS.geoEditor);
  const countries = await api.get<{ id: number; code: string }[]>("/api/countries/all");
  const colombia = countries.find((country) => country.code === "COL")!;
  for (let index = 0; index < 30; index++) {
    const code = `Q${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
    await api.post("/api/states", { name: `Provincia ${code}`, code, country: colombia.id });
  }

  await page.goto("/states");
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(5);
  await expect(pagination.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["1", "2", "3", "4", "5"]);

  await pagination.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/states\?page=2&after=[\w-]+$/);
  await pagination.getByRole("link", { name: "Page 4" }).click();
  await expect(page).toHaveURL("/states?page=4");
  await expect(pagination.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["2", "3", "4", "5", "6"]);
  await expect(tableRows(page)).toHaveCount(12);

  await pagination.getByRole("link", { name: "Last page" }).click();
  await expect(page).toHaveURL(/\/states\?page=\d+$/);
  await expect(pagination.getByRole("button", { name: "Next page" })).toBeDisabled();

  // Changing a filter goes back to page 1.
  await chooseOption(page, "Country", "Colombia", "Colo");
  await expect(page).toHaveURL(/^[^?]*\/states\?country=\d+$/);
  await expect(pagination.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
});
