import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { apiClient, recordIds, signIn, tableRows, USERS, writeStorage } from "./fixtures.ts";

type EventsPage = { items: { id: number; startsAt: string }[] };

/** The events a list address shows, as the API orders them (its query, `sort` included). */
async function apiOrder(page: Page, query: string): Promise<{ ids: number[]; starts: number[] }> {
  const admin = await apiClient(page.request, USERS.admin);
  const list = await admin.get<EventsPage>(`/api/events?${query}`);
  return { ids: list.items.map((item) => item.id), starts: list.items.map((item) => Date.parse(item.startsAt)) };
}

/** The ids the phone's cards show, in order, read from their links to the events. */
async function cardIds(page: Page, name = "Events"): Promise<number[]> {
  const hrefs = await page
    .getByRole("list", { name })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.flatMap((href) => /^\/events\/(\d+)$/.exec(href)?.[1] ?? []).map(Number);
}

/**
 * The screen shows the API's order for `query`, start by start. Other specs add events while this one reads, so the
 * page and the API are read again until they agree.
 */
async function expectScreenOrder(
  page: Page,
  query: string,
  direction: "ascending" | "descending",
  shown = () => recordIds(page, "events"),
) {
  await expect(async () => {
    const { ids, starts } = await apiOrder(page, query);
    expect(await shown()).toEqual(ids);
    const sorted = [...starts].sort((a, b) => (direction === "ascending" ? a - b : b - a));
    expect(starts).toEqual(sorted);
  }).toPass();
}

const startHeader = (page: Page, name: string): Locator => page.getByRole("columnheader", { name });

test.describe("sortable lists", () => {
  test("events sort by start both ways from the header, in the address, kept on reload", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/events?page=2");
    await expect(tableRows(page)).toHaveCount(12);
    const header = startHeader(page, "Start");
    await expect(header).not.toHaveAttribute("aria-sort");

    // First click: ascending, and back to page 1.
    await header.getByRole("button", { name: "Start" }).click();
    await expect(page).toHaveURL(/\/events\?sort=startsAt$/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expectScreenOrder(page, "sort=startsAt", "ascending");

    // Second click: descending.
    await header.getByRole("button", { name: "Start" }).click();
    await expect(page).toHaveURL(/\/events\?sort=-startsAt$/);
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expectScreenOrder(page, "sort=-startsAt", "descending");
    await expectNoSeriousA11yViolations(page);

    // The order survives a reload, and the next page keeps it (by cursor).
    await page.reload();
    await expect(startHeader(page, "Start")).toHaveAttribute("aria-sort", "descending");
    await expectScreenOrder(page, "sort=-startsAt", "descending");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/events\?sort=-startsAt&page=2&after=[\w-]+$/);
    const second = new URL(page.url()).searchParams;
    await expectScreenOrder(
      page,
      `sort=-startsAt&page=2&after=${encodeURIComponent(second.get("after")!)}`,
      "descending",
    );

    // Third click: the list's own order again (upcoming first), from page 1.
    await startHeader(page, "Start").getByRole("button", { name: "Start" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(startHeader(page, "Start")).not.toHaveAttribute("aria-sort");
  });

  test("in Spanish the headers sort the same way", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/events");
    await writeStorage(page, "palco.language", "es");
    await page.goto("/events?sort=-startsAt");
    await expect(page.getByRole("heading", { name: "Eventos" })).toBeVisible();
    const header = startHeader(page, "Inicio");
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expectScreenOrder(page, "sort=-startsAt", "descending");
    const name = page.getByRole("columnheader", { name: "Nombre" });
    await name.getByRole("button", { name: "Nombre" }).click();
    await expect(page).toHaveURL(/\/events\?sort=name$/);
    await expect(name).toHaveAttribute("aria-sort", "ascending");
    await expect(header).not.toHaveAttribute("aria-sort");
    await expect(async () => {
      const admin = await apiClient(page.request, USERS.admin);
      const list = await admin.get<EventsPage>("/api/events?sort=name");
      expect(await recordIds(page, "events")).toEqual(list.items.map((item) => item.id));
    }).toPass();
    await expectNoSeriousA11yViolations(page);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("a sort select stands for the headers", async ({ page }) => {
      await signIn(page, USERS.admin);
      // Opened on an address that names a descending order, the select shows that order, not the list's own.
      await page.goto("/events?sort=-startsAt");
      const opened = page.getByRole("combobox", { name: "Sort by" });
      await expect(opened).toHaveValue("-startsAt");
      await expect(opened.locator("option:checked")).toHaveText("Start, descending");
      await page.goto("/events");
      const select = page.getByRole("combobox", { name: "Sort by" });
      await expect(select).toHaveValue("");
      await select.selectOption({ label: "Start, descending" });
      await expect(page).toHaveURL(/\/events\?sort=-startsAt$/);
      await expectScreenOrder(page, "sort=-startsAt", "descending", () => cardIds(page));
      await page.reload();
      await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("-startsAt");
      await expect(page.getByRole("combobox", { name: "Sort by" }).locator("option:checked")).toHaveText(
        "Start, descending",
      );
      await expectScreenOrder(page, "sort=-startsAt", "descending", () => cardIds(page));
      await expectNoSeriousA11yViolations(page);

      await writeStorage(page, "palco.language", "es");
      await page.reload();
      const spanish = page.getByRole("combobox", { name: "Ordenar por" });
      await expect(spanish).toHaveValue("-startsAt");
      await expect(spanish.locator("option:checked")).toHaveText("Inicio, descendente");
      await spanish.selectOption({ label: "Inicio, ascendente" });
      await expect(page).toHaveURL(/\/events\?sort=startsAt$/);
      await expectScreenOrder(page, "sort=startsAt", "ascending", () => cardIds(page, "Eventos"));
      await spanish.selectOption({ label: "Orden predeterminado" });
      await expect(page).toHaveURL(/\/events$/);
    });
  });
});
