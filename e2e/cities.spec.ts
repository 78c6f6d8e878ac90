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

const NAME = "Ajijic";
const RENAMED = "Ajijic de Chapala";
const CODE = "AJJ-900";

test.beforeEach(async ({ page }) => {
  await signIn(page, USERS.geoEditor);
});

// One city goes through its whole life cycle, in order; the tests after it stand alone.
test.describe("life cycle", () => {
  test.describe.configure({ mode: "serial" });

  test("create: per-field messages, a bad code, then success", async ({ page }) => {
    await page.goto("/cities");
    await page.getByRole("link", { name: "Add city" }).click();
    await expect(page).toHaveURL("/cities/create");
    await expect(page.getByRole("heading", { name: "New city" })).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();

    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The city name is required")).toBeVisible();
    await expect(page.getByText("The city code is required")).toBeVisible();
    await expect(page.getByText("The time zone is required")).toBeVisible();
    await expect(page.getByText("The state is required")).toBeVisible();

    await page.getByLabel("Name").fill(NAME);
    await page.getByLabel("Code").fill("AJJ900");
    await chooseOption(page, "Time zone", "America/Mexico_City", "Mexico_City");
    await chooseOption(page, "State", "Jalisco", "Jalis");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The city code must look like ABC-123")).toBeVisible();
    await expect(page.getByText("The time zone is required")).toHaveCount(0);
    await expect(page.getByText("The state is required")).toHaveCount(0);

    await page.getByLabel("Code").fill(CODE);
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL("/cities");
    await expect(successBanner(page)).toHaveText("The city was created successfully");
  });

  test("search, the country and state filters, all in the URL", async ({ page }) => {
    await page.goto("/cities");
    await page.getByRole("searchbox", { name: "Search" }).fill("ajiji");
    await expect(tableRows(page)).toHaveCount(1);
    const row = tableRows(page).first();
    await expect(row).toContainText(NAME);
    await expect(row).toContainText(CODE);
    await expect(row).toContainText("Jalisco");
    await expect(row).toContainText("México");
    await expect(row).toContainText("Yes");

    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL("/cities");

    // The country narrows the state options; the state narrows the rows.
    await chooseOption(page, "Country", "Estados Unidos", "Estados");
    await expect(page).toHaveURL(/[?&]country=\d+/);
    await expectEveryRow(page, "Estados Unidos");
    await page.getByRole("textbox", { name: "State", exact: true }).click();
    await expect(page.getByRole("option", { name: "Jalisco" })).toHaveCount(0);
    await page.getByRole("option", { name: "Texas", exact: true }).click();
    await expect(page).toHaveURL(/[?&]state=\d+/);
    await expectEveryRow(page, "Texas");

    // A shared link restores the filters.
    const filtered = page.url();
    await page.goto("/");
    await page.goto(filtered);
    await expect(page.getByRole("textbox", { name: "Country", exact: true })).toHaveValue("Estados Unidos");
    await expect(page.getByRole("textbox", { name: "State", exact: true })).toHaveValue("Texas");

    // Changing the country clears the state.
    await chooseOption(page, "Country", "Canadá", "Cana");
    await expect(page).not.toHaveURL(/state=/);
    await expect(tableRows(page)).toHaveCount(3);
  });

  test("detail shows state, country and time zone; edit goes back to it", async ({ page }) => {
    await page.goto(`/cities?search=${CODE}`);
    await page.getByRole("link", { name: NAME }).click();
    await expect(page).toHaveURL(/\/cities\/\d+$/);
    await expect(detailValue(page, "Code")).toHaveText(CODE);
    await expect(detailValue(page, "State")).toHaveText("Jalisco");
    await expect(detailValue(page, "Country")).toHaveText("México");
    await expect(detailValue(page, "Time zone")).toHaveText("America/Mexico_City");
    await expect(statusBadge(page)).toHaveText("Active");

    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByLabel("Name")).toHaveValue(NAME);
    await expect(page.getByRole("textbox", { name: "Time zone", exact: true })).toHaveValue("America/Mexico_City");
    await expect(page.getByRole("textbox", { name: "State", exact: true })).toHaveValue("Jalisco");
    await page.getByLabel("Name").fill(RENAMED);
    await chooseOption(page, "Time zone", "UTC", "UTC");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/cities\/\d+$/);
    await expect(successBanner(page)).toHaveText("The city was updated successfully");
    await expect(detailValue(page, "Name")).toHaveText(RENAMED);
    await expect(detailValue(page, "Time zone")).toHaveText("UTC");
  });

  test("block and unblock", async ({ page }) => {
    await page.goto(`/cities?search=${CODE}`);
    await page.getByRole("link", { name: RENAMED }).click();
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("button", { name: "Unblock", exact: true })).toBeVisible();
    await expect(statusBadge(page)).toHaveText("Inactive");
    await page.getByRole("button", { name: "Unblock", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unblock", exact: true }).click();
    await expect(page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
    await expect(statusBadge(page)).toHaveText("Active");
  });

  test("delete with confirmation", async ({ page }) => {
    await page.goto(`/cities?search=${CODE}`);
    await page.getByRole("link", { name: RENAMED }).click();
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: `Delete ${RENAMED}?` })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page).toHaveURL("/cities");
    await expect(successBanner(page)).toHaveText("The city was deleted successfully");
    await page.getByRole("searchbox", { name: "Search" }).fill(CODE);
    await expect(page.getByText("No results")).toBeVisible();
  });
});

test("a failing list shows the loading error, which hides after five seconds", async ({ page }) => {
  await page.route(/\/api\/cities(\?.*)?$/, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"statusCode":500,"error":"x","message":"x"}',
    }),
  );
  // Fake, paused timers: the test alone moves time, so the five seconds are measured without real waiting.
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  await page.goto("/cities");
  const alert = page.getByRole("alert").filter({
    hasText: "There was an error when fetching the data, please try again and refresh",
  });
  // Let the query's retry run (its delay is on the fake clock) until the alert appears; time stands still
  // from the moment it does.
  await expect(async () => {
    const shown = await alert.isVisible();
    if (!shown) await page.clock.runFor(250);
    expect(shown).toBe(true);
    // Real time for a busy machine to load the list's code; the five seconds below are on the fake clock.
  }).toPass({ timeout: 30_000, intervals: [50] });
  await page.clock.runFor(4_500);
  await expect(alert).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(alert).toBeHidden();
});

test("a page past the end (a stale link) goes to the last page", async ({ page, request }) => {
  const api = await apiClient(request, USERS.geoEditor);
  const { pageCount: pagesBefore } = await api.get<{ pageCount: number }>("/api/cities?page=1");
  expect(pagesBefore).toBeGreaterThan(1);

  await page.goto("/");
  await page.goto("/cities?page=99");
  // Replaced by the last page's number once the list has loaded.
  await expect(page).toHaveURL(/\/cities\?page=(?!99$)\d+$/);
  // Other workers may add cities meanwhile, so the last page is judged by the summary the page itself shows.
  const pageCount = Number(new URL(page.url()).searchParams.get("page"));
  expect(pageCount).toBeGreaterThanOrEqual(pagesBefore);
  const lastSummary = page.getByText(/^Showing \d+–\d+ of \d+$/);
  await expect(lastSummary).toBeVisible();
  const [from = 0, to = -1, total = -2] = (
    /^Showing (\d+)–(\d+) of (\d+)$/.exec((await lastSummary.textContent()) ?? "") ?? []
  )
    .slice(1)
    .map(Number);
  expect(to).toBe(total);
  expect(from).toBe((pageCount - 1) * 12 + 1);
  expect(Math.ceil(total / 12)).toBe(pageCount);
  await expect(tableRows(page)).toHaveCount(to - from + 1);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: `Page ${pageCount - 1}`, exact: true })).toBeVisible();
  await expect(page.getByText("No results")).toHaveCount(0);
  // The address was replaced, not pushed: going back leaves the list.
  await page.goBack();
  await expect(page).toHaveURL("/");

  // A single page: the page number leaves the address. Other specs add countries meanwhile (the workers share the
  // demo data; the bulk spec adds more than a page of them for a while), so a search no other spec's names match
  // keeps this list to one page, and the row count is checked against the summary the page itself shows.
  const countries = await api.get<{ total: number; pageCount: number }>("/api/countries?page=1&search=xico");
  expect(countries.pageCount).toBe(1);
  await page.goto("/countries?search=xico&page=99");
  await expect(page).toHaveURL("/countries?search=xico");
  const summary = page.getByText(/^Showing 1–\d+ of \d+$/);
  await expect(summary).toBeVisible();
  const [, shown, shownTotal] = /–(\d+) of (\d+)/.exec((await summary.textContent()) ?? "") ?? [];
  expect(shown).toBe(shownTotal);
  expect(Number(shownTotal)).toBeGreaterThan(0);
  expect(Number(shownTotal)).toBeLessThanOrEqual(12);
  await expect(tableRows(page)).toHaveCount(Number(shownTotal));
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
});

test("pagination moves between pages and keeps ?page in the URL", async ({ page }) => {
  await page.goto("/cities");
  await expect(tableRows(page)).toHaveCount(12);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  const first = await tableRows(page).first().textContent();

  await pagination.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL("/cities?page=2");
  await expect(tableRows(page).first()).not.toHaveText(first ?? "");
  await expect(page.getByText(/^Showing 13–24 of \d+$/)).toBeVisible();

  // Searching from page 2 goes back to page 1.
  await page.getByRole("searchbox", { name: "Search" }).fill("a");
  await expect(page).toHaveURL(/\/cities\?search=a$/);
  await page.goBack();
  await expect(page).toHaveURL("/cities?page=2");
});
