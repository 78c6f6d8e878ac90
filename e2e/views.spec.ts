import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import {
  apiClient,
  type Credentials,
  createStaffWith,
  linkFromOutbox,
  signIn,
  successBanner,
  tableRows,
  USERS,
  unique,
} from "./fixtures.ts";

/**
 * Saved list views (issue 22): a member saves a filtered, searched, sorted list as a view shared with their role; a
 * member of that role finds it in the menu under the list and opens the same list; a member of another role does not
 * see it; the owner renames and deletes it (in Spanish, on a phone).
 */

const PHONE = { width: 390, height: 844 };
// Accepted owners whose name or e-mail has an "a", newest first: a filter, a search and a sort.
const LIST_QUERY = "status=accepted&search=a&sort=-createdAt";

/** Another member of an existing role, created and activated through the API like createStaffWith's. */
async function memberOf(request: APIRequestContext, roleId: number, name: string): Promise<Credentials> {
  const admin = await apiClient(request, USERS.admin);
  const credentials = {
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@palco.test`,
    password: "Limited2026x",
  };
  const form = new FormData();
  form.append("firstName", name.split(" ")[0]!);
  form.append("lastName", name.split(" ").slice(1).join(" ") || "Staff");
  form.append("email", credentials.email);
  form.append("phone", "+52 33 1234 5678");
  form.append("password", credentials.password);
  form.append("roles[]", String(roleId));
  const since = Date.now();
  await admin.postForm("/api/users", form);
  const link = await linkFromOutbox(credentials.email, "activate-account", since);
  const token = new URL(link, "http://localhost").searchParams.get("token");
  const verified = await request.post("/api/auth/email-verification", { data: { token } });
  expect(verified.status(), "activation").toBe(200);
  return credentials;
}

const menu = (page: Page) => page.getByRole("navigation", { name: /Main navigation|Navegación principal/ });

test.describe("a saved view shared with a role", () => {
  test.describe.configure({ mode: "serial" });

  let owner: Awaited<ReturnType<typeof createStaffWith>>;
  let teammate: Credentials;
  let outsider: Credentials;
  const viewName = unique("Aceptados con a");
  const renamed = `${viewName} (renombrada)`;

  test.beforeAll(async ({ request }) => {
    owner = await createStaffWith(request, ["OWNERS_INDEX", "OWNERS_SHOW"], unique("Vera Vistas"));
    teammate = await memberOf(request, owner.roleId, unique("Tomas Companero"));
    outsider = (await createStaffWith(request, ["OWNERS_INDEX"], unique("Otto Fuera"))) as Credentials;
  });

  test("the owner saves the filtered, searched list and shares it with their role", async ({ page }) => {
    await signIn(page, owner);
    await page.goto(`/owners?${LIST_QUERY}`);
    await expect(tableRows(page).first()).toBeVisible();

    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save this list as a view" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox", { name: "Name" }).fill(viewName);
    await dialog.getByRole("textbox", { name: "Share with roles" }).click();
    await page.getByRole("option", { name: owner.roleName }).click();
    await expectNoSeriousA11yViolations(page, "the save-view dialog");
    // Leaving the roles field closes its list, which covers the buttons.
    await dialog.getByRole("textbox", { name: "Name" }).click();
    await expect(page.getByRole("listbox")).toBeHidden();
    await dialog.getByRole("button", { name: "Save" }).click();

    await expect(successBanner(page)).toContainText(`The view “${viewName}” was saved.`);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("saved-view-name")).toHaveText(viewName);
    await expect(page).toHaveURL(/[?&]view=\d+/);
    await expect(page).toHaveURL(/status=accepted/);
    // In the menu, under Owners.
    await expect(
      menu(page).getByRole("group", { name: "Saved views of Owners" }).getByRole("link", { name: viewName }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, "a list showing a saved view");
  });

  test("a member of that role finds it under Owners on a phone and opens the same list", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, teammate);
    // The menu unfolds a list's views under its entry while the list is open.
    await page.goto("/owners");
    await page.getByRole("button", { name: "Toggle navigation" }).and(page.locator(":visible")).click();
    const link = menu(page).getByRole("group", { name: "Saved views of Owners" }).getByRole("link", { name: viewName });
    await expect(link).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the phone menu with saved views");
    await link.click();

    await expect(page).toHaveURL(/\/owners\?/);
    const address = new URL(page.url());
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      status: "accepted",
      search: "a",
      sort: "-createdAt",
    });
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("a");
    await expect(page.getByTestId("saved-view-name")).toHaveText(viewName);
    // The menu closed on the way; it is not theirs to change.
    await expect(link).not.toBeInViewport();
    await expect(page.getByRole("button", { name: `View actions: ${viewName}` })).toHaveCount(0);
    // Every card is an accepted owner.
    await expect(page.getByText("Accepted").first()).toBeVisible();
  });

  test("a member of another role does not see it", async ({ page }) => {
    await signIn(page, outsider);
    await page.goto(`/owners?${LIST_QUERY}`);
    await expect(tableRows(page).first()).toBeVisible();
    await expect(menu(page).getByRole("link", { name: "Owners" })).toBeVisible();
    await expect(menu(page).getByRole("link", { name: viewName })).toHaveCount(0);
    await expect(page.getByTestId("saved-view-name")).toHaveCount(0);
  });

  test("the owner renames and deletes it, in Spanish on a phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => localStorage.setItem("palco.language", "es"));
    await signIn(page, owner);
    await page.goto(`/owners?${LIST_QUERY}`);
    await expect(page.getByTestId("saved-view-name")).toHaveText(viewName);
    await expect(page.getByRole("button", { name: "Guardar vista" })).toBeVisible();

    await page.getByRole("button", { name: `Acciones de la vista: ${viewName}` }).click();
    await expect(page.getByRole("menuitem", { name: "Actualizar vista" })).toBeDisabled();
    await page.getByRole("menuitem", { name: "Renombrar" }).click();
    const dialog = page.getByRole("dialog", { name: "Renombrar o compartir la vista" });
    await expect(dialog.getByRole("textbox", { name: "Nombre" })).toHaveValue(viewName);
    await dialog.getByRole("textbox", { name: "Nombre" }).fill("");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog.getByText("El nombre de la vista es obligatorio")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Nombre" }).fill(renamed);
    await expectNoSeriousA11yViolations(page, "the rename dialog in Spanish on a phone");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(successBanner(page)).toContainText(`Se actualizó la vista «${renamed}».`);
    await expect(page.getByTestId("saved-view-name")).toHaveText(renamed);

    await page.getByRole("button", { name: `Acciones de la vista: ${renamed}` }).click();
    await page.getByRole("menuitem", { name: "Eliminar" }).click();
    const confirm = page.getByRole("dialog", { name: "Eliminar la vista" });
    await expect(confirm).toContainText(`¿Eliminar la vista «${renamed}»?`);
    await confirm.getByRole("button", { name: "Eliminar" }).click();
    await expect(successBanner(page)).toContainText(`Se eliminó la vista «${renamed}».`);
    await expect(page.getByTestId("saved-view-name")).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]view=/);

    await page
      .getByRole("button", { name: /Toggle navigation|navegación/i })
      .and(page.locator(":visible"))
      .click();
    await expect(menu(page).getByRole("link", { name: "Propietarios" })).toBeVisible();
    await expect(menu(page).getByRole("link", { name: renamed })).toHaveCount(0);
  });
});

test.describe("the shipped views", () => {
  type Page1 = { items: { id: number; name?: string; key?: string }[]; total: number };

  /** The "#" column of the rows shown (the selection checkboxes, where the list has them, come first). */
  async function idsShown(page: Page): Promise<number[]> {
    const headers = await page.getByRole("columnheader").allInnerTexts();
    const column = headers.findIndex((text) => text.trim() === "#") + 1;
    expect(column).toBeGreaterThan(0);
    const texts = await tableRows(page).locator(`td:nth-child(${column})`).allInnerTexts();
    return texts.map((text) => Number(text.trim()));
  }

  test("“Reservas por pagar al propietario” opens the accepted, captured bookings whose owner is not paid", async ({
    page,
    request,
  }) => {
    const api = await apiClient(request, USERS.admin);
    const query = "status=accepted&paymentStatus=capture&ownerPaymentStatus=pending";
    await signIn(page, USERS.admin);
    await page.goto("/bookings");
    const link = menu(page)
      .getByRole("group", { name: "Saved views of Bookings" })
      .getByRole("link", { name: "Reservas por pagar al propietario" });
    await link.click();

    await expect(page).toHaveURL(/\/bookings\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      status: "accepted",
      paymentStatus: "capture",
      ownerPaymentStatus: "pending",
    });
    await expect(page.getByTestId("saved-view-name")).toHaveText("Reservas por pagar al propietario");
    await expect(page.getByRole("textbox", { name: "Owner payment status" })).toHaveValue("Pending");
    await expect(page.getByRole("textbox", { name: "Booking status" })).toHaveValue("Accepted");
    await expect(page.getByRole("textbox", { name: "Payment status", exact: true })).toHaveValue("Captured");
    // The rows are the API's answer to the same filters (the demo has owners paid and not).
    const awaiting = await api.get<Page1>(`/api/bookings?${query}`);
    expect(awaiting.total).toBeGreaterThan(0);
    await expect(tableRows(page).first()).toBeVisible();
    const rows = await tableRows(page).count();
    expect(rows).toBeLessThanOrEqual(12);
    for (let index = 0; index < rows; index++) {
      await expect(tableRows(page).nth(index)).toContainText("Accepted");
      await expect(tableRows(page).nth(index)).toContainText("Captured");
    }
    // Every one of them awaits its owner's payment; the paid ones are not listed.
    const paid = await api.get<Page1>("/api/bookings?status=accepted&paymentStatus=capture&ownerPaymentStatus=payed");
    const shownIds = await idsShown(page);
    expect(shownIds).toHaveLength(rows);
    for (const item of paid.items) expect(shownIds).not.toContain(item.id);
    for (const id of shownIds) {
      const booking = await api.get<{ ownerPaymentReference: string | null }>(`/api/bookings/${id}`);
      expect(booking.ownerPaymentReference, `booking ${id}`).toBeNull();
    }
  });

  test("“Eventos de esta semana” opens this week's events, in Spanish", async ({ page, request }) => {
    const api = await apiClient(request, USERS.admin);
    await page.addInitScript(() => localStorage.setItem("palco.language", "es"));
    await signIn(page, USERS.admin);
    await page.goto("/events");
    await menu(page)
      .getByRole("group", { name: "Vistas guardadas de Eventos" })
      .getByRole("link", { name: "Eventos de esta semana" })
      .click();

    await expect(page).toHaveURL(/\/events\?(.*&)?period=this-week/);
    await expect(page.getByTestId("saved-view-name")).toHaveText("Eventos de esta semana");
    await expect(page.getByRole("textbox", { name: "Periodo" })).toHaveValue("Esta semana");
    // The rows are the API's answer to this week (other specs may add events meanwhile: asked again after a reload).
    let attempt = 0;
    await expect(async () => {
      if (attempt++ > 0) await page.reload();
      const week = await api.get<Page1>("/api/events?period=this-week");
      if (week.items.length === 0) {
        await expect(page.getByText("Nada coincide con la búsqueda o los filtros actuales.")).toBeVisible();
      } else {
        await expect(tableRows(page)).toHaveCount(week.items.length, { timeout: 2_000 });
        expect(await idsShown(page)).toEqual(week.items.map((item) => item.id));
      }
    }).toPass({ timeout: 20_000, intervals: [1_000] });
    // The other periods are offered by the same control.
    await page.getByRole("textbox", { name: "Periodo" }).click();
    await expect(page.getByRole("option")).toHaveText(["Hoy", "Esta semana", "Este mes"]);
  });
});
