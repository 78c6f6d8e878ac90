import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { apiClient, apiSession, createStaffWith, signIn, tableRows, USERS, unique } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
const IN_USE = "This country still has states; delete or move them first";

/** Three capital letters; another spec may hold a code, so a refused one is drawn again. */
const randomCode = () =>
  Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");

/**
 * What a test added to the shared demo data, removed after it (states first): other specs count the countries on a
 * page, and the names start with "Z" so that, meanwhile, they sort after every demo country.
 */
const made = { countries: [] as number[], states: [] as number[] };

test.afterEach(async ({ request }) => {
  const { token } = await apiSession(request, USERS.admin);
  const headers = { Authorization: `Bearer ${token}` };
  for (const id of made.states.splice(0)) await request.delete(`/api/states/${id}`, { headers });
  for (const id of made.countries.splice(0)) await request.delete(`/api/countries/${id}`, { headers });
});

async function createCountries(request: APIRequestContext, names: string[]): Promise<{ id: number; name: string }[]> {
  const { token } = await apiSession(request, USERS.admin);
  const created: { id: number; name: string }[] = [];
  for (const name of names) {
    for (let attempt = 0; ; attempt++) {
      const response = await request.post("/api/countries", {
        headers: { Authorization: `Bearer ${token}` },
        data: { name, code: randomCode() },
      });
      if (response.status() === 201) {
        const country = (await response.json()) as { id: number; name: string };
        created.push(country);
        made.countries.push(country.id);
        break;
      }
      expect(attempt, `country ${name}: ${await response.text()}`).toBeLessThan(20);
    }
  }
  return created;
}

const bar = (page: Page, name = "Bulk actions") => page.getByRole("region", { name });

test("a bulk delete reports what was done and why the rest could not be", async ({ page }) => {
  const prefix = unique("Zulkia");
  const [free, inUse, kept] = await createCountries(page.request, [`${prefix} A`, `${prefix} B`, `${prefix} C`]);
  const admin = await apiClient(page.request, USERS.admin);
  const state = await admin.post<{ id: number }>("/api/states", {
    name: `${prefix} state`,
    code: randomCode(),
    country: inUse!.id,
  });
  made.states.push(state.id);

  await signIn(page, USERS.admin);
  await page.goto(`/countries?search=${encodeURIComponent(prefix)}`);
  await expect(tableRows(page)).toHaveCount(3);
  await expect(bar(page)).toHaveCount(0);

  await page.getByRole("checkbox", { name: `Select ${free!.name}` }).check();
  await page.getByRole("checkbox", { name: `Select ${inUse!.name}` }).check();
  await expect(bar(page)).toContainText("2 selected");
  await expectNoSeriousA11yViolations(page, "list with a selection");

  await bar(page).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete 2 records?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();

  const summary = page.getByTestId("bulk-summary");
  await expect(summary).toContainText("1 deleted, 1 could not be:");
  await expect(summary).toContainText(`${inUse!.name}: ${IN_USE}`);
  // The list refreshed; the refused country stays selected, the deleted one is gone.
  await expect(tableRows(page)).toHaveCount(2);
  await expect(page.getByRole("link", { name: free!.name })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: `Select ${inUse!.name}` })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `Select ${kept!.name}` })).not.toBeChecked();
  await expect(bar(page)).toContainText("1 selected");
  await expectNoSeriousA11yViolations(page, "bulk summary");
  // The summary stays until dismissed.
  await summary.getByRole("button", { name: "Dismiss" }).click();
  await expect(summary).toHaveCount(0);
});

test("en español: select all matching a search, then block them all", async ({ page }) => {
  const prefix = unique("Zotelandia");
  const countries = await createCountries(
    page.request,
    Array.from({ length: 14 }, (_, index) => `${prefix} ${String(index + 1).padStart(2, "0")}`),
  );
  await page.addInitScript(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      "palco.language",
      "es",
    ),
  );
  await signIn(page, USERS.admin);
  await page.goto(`/countries?search=${encodeURIComponent(prefix)}`);
  await expect(tableRows(page)).toHaveCount(12);

  await page.getByRole("checkbox", { name: "Seleccionar todo en esta página" }).check();
  await expect(page.getByText("Las 12 filas de esta página están seleccionadas.")).toBeVisible();
  await expect(bar(page, "Acciones en lote")).toContainText("12 seleccionadas");
  await page.getByRole("button", { name: "Seleccionar las 14 que coinciden" }).click();
  await expect(page.getByText("Las 14 que coinciden están seleccionadas.")).toBeVisible();
  await expect(bar(page, "Acciones en lote")).toContainText("14 seleccionadas");

  await bar(page, "Acciones en lote").getByRole("button", { name: "Bloquear", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "¿Bloquear 14 registros?" });
  await dialog.getByRole("button", { name: "Bloquear", exact: true }).click();
  const summary = page.getByTestId("bulk-summary");
  await expect(summary).toContainText("14 bloqueados");
  await expect(summary).not.toContainText("no se pud");
  await expect(bar(page, "Acciones en lote")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "resumen en español");

  const admin = await apiClient(page.request, USERS.admin);
  for (const country of [countries[0]!, countries[13]!]) {
    expect((await admin.get<{ isActive: boolean }>(`/api/countries/${country.id}`)).isActive).toBe(false);
  }
});

test("on a phone: blocking oneself among others is refused for oneself only", async ({ page }) => {
  const stamp = unique("Lote");
  const me = await createStaffWith(page.request, ["USERS_INDEX", "USERS_SHOW", "USERS_ACTIVATE"], `${stamp} Yo`);
  const other = await createStaffWith(page.request, ["USERS_INDEX"], `${stamp} Otro`);
  await page.setViewportSize(PHONE);
  await signIn(page, me);
  await page.goto(`/users?search=${encodeURIComponent(stamp.split(" ")[1]!)}`);
  const cards = page.getByRole("list", { name: "Users" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);

  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await expect(bar(page)).toContainText("2 selected");
  await bar(page).getByRole("button", { name: "Block", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Block 2 records?" })
    .getByRole("button", { name: "Block", exact: true })
    .click();

  const summary = page.getByTestId("bulk-summary");
  await expect(summary).toContainText("1 blocked, 1 could not be:");
  await expect(summary).toContainText(`${me.firstName} ${me.lastName}: You cannot block your own account`);
  await expectNoSeriousA11yViolations(page, "bulk summary on a phone");
  const admin = await apiClient(page.request, USERS.admin);
  expect((await admin.get<{ isActive: boolean }>(`/api/users/${other.id}`)).isActive).toBe(false);
  expect((await admin.get<{ isActive: boolean }>(`/api/users/${me.id}`)).isActive).toBe(true);
});
