import { expect, test } from "@playwright/test";
import { apiClient, signIn, tableRows, USERS } from "./fixtures.ts";

// Next and previous walk by cursor (the address carries it, so back, reload and shared links reopen the same
// rows); numbered pages stay plain page numbers; the pager keeps its five page links.
test("the pager walks by cursor and keeps five page links", async ({ page }) => {
  const api = await apiClient(page.request, USERS.geoEditor);
  const country = await api.post<{ id: number }>("/api/countries", { name: "Pagerland", code: "ZPG" });
  for (let index = 0; index < 60; index++) {
    const code = `P${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
    await api.post("/api/states", { name: `Pager state ${String(index).padStart(2, "0")}`, code, country: country.id });
  }
  await signIn(page, USERS.geoEditor);

  const base = `/states?country=${country.id}`;
  await page.goto(base);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  const pageLinks = pagination.getByRole("link", { name: /^Page \d+$/ });
  await expect(pageLinks).toHaveText(["1", "2", "3", "4", "5"]);
  await expect(page.getByText("Showing 1–12 of 60")).toBeVisible();
  await expect(tableRows(page).first()).toContainText("Pager state 00");

  await pagination.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`/states\\?country=${country.id}&page=2&after=[\\w-]+$`));
  await expect(tableRows(page).first()).toContainText("Pager state 12");
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Showing 13–24 of 60")).toBeVisible();

  await pagination.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/&page=3&after=[\w-]+$/);
  await expect(tableRows(page).first()).toContainText("Pager state 24");
  await expect(pageLinks).toHaveText(["1", "2", "3", "4", "5"]);

  await pagination.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/&page=2&before=[\w-]+$/);
  await expect(tableRows(page)).toHaveCount(12);
  await expect(tableRows(page).first()).toContainText("Pager state 12");
  await expect(tableRows(page).last()).toContainText("Pager state 23");

  await page.reload();
  await expect(tableRows(page).first()).toContainText("Pager state 12");
  await page.goBack();
  await expect(page).toHaveURL(/&page=3&after=[\w-]+$/);
  await expect(tableRows(page).first()).toContainText("Pager state 24");

  await pagination.getByRole("link", { name: "Page 5" }).click();
  await expect(page).toHaveURL(`${base}&page=5`);
  await expect(tableRows(page).first()).toContainText("Pager state 48");
  await expect(pagination.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await expect(pagination.getByRole("button", { name: "Next page" })).toBeDisabled();
});
