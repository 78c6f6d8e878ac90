import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { apiClient, createStaffWith, signIn, successBanner, USERS, writeStorage } from "./fixtures.ts";

const history = (page: Page) => page.getByTestId("history-entries").locator(":scope > li:not([aria-hidden])");

// The fees are one record for the whole marketplace: these tests change them one after the other.
test.describe.configure({ mode: "serial" });

test.afterAll(async ({ request }) => {
  // Later bookings of other tests are charged the demo's rates again.
  const admin = await apiClient(request, USERS.admin);
  await admin.put("/api/settings/fees", { guest: 7.5, host: 5, IVA: 16 });
});

test("fee settings: refused on submit with a message per field, then saved and shown in the history", async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page).toHaveTitle(/Settings · Palco Admin$/);
  const guest = page.getByRole("textbox", { name: "Guest fee" });
  const host = page.getByRole("textbox", { name: "Host fee" });
  const iva = page.getByRole("textbox", { name: "IVA (VAT)" });
  await expect(guest).toHaveValue("7.5");
  await expect(host).toHaveValue("5");
  await expect(iva).toHaveValue("16");

  // The demo's two earlier changes, newest first, by the finance staff member.
  await expect(history(page)).toHaveCount(2);
  await expect(history(page).first()).toContainText("José Luis Martínez Treviño changed the fees");
  await expect(history(page).first().getByRole("row").nth(1)).toHaveText("Guest fee7 %7.5 %");
  await expect(history(page).first().getByRole("row").nth(2)).toHaveText("Host fee4.5 %5 %");

  // Nothing is checked while typing; on submit every field says what is wrong and nothing is sent.
  await guest.fill("seven");
  await host.fill("");
  await iva.fill("101");
  await expect(page.getByText("Enter a number, such as 7.5")).toHaveCount(0);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a number, such as 7.5")).toBeVisible();
  await expect(page.getByText("The host fee is required")).toBeVisible();
  await expect(page.getByText("Enter a percentage from 0 to 100")).toBeVisible();
  await expect(guest).toBeFocused();
  await guest.fill("8.125");
  await host.fill("5");
  await iva.fill("16");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Use at most two decimals")).toBeVisible();
  await expect(history(page)).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  await guest.fill("8.25");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(successBanner(page)).toHaveText("The fees were saved");
  await expect(history(page)).toHaveCount(3);
  await expect(history(page).first()).toContainText("Super Admin changed the fees");
  await expect(history(page).first().getByRole("row")).toHaveText(["FeeFromTo", "Guest fee7.5 %8.25 %"]);

  // Saved for real: a reload reads the new rate back.
  await page.reload();
  await expect(guest).toHaveValue("8.25");
});

test("comisiones en español: los textos, la validación y el historial en el idioma del usuario", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/settings");
  await writeStorage(page, "palco.language", "es");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Configuración" })).toBeVisible();
  const guest = page.getByRole("textbox", { name: "Comisión del huésped" });
  await guest.fill("-1");
  await page.getByRole("textbox", { name: "Comisión del propietario" }).fill("abc");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Escribe un porcentaje de 0 a 100")).toBeVisible();
  await expect(page.getByText("Escribe un número, por ejemplo 7.5")).toBeVisible();
  await guest.fill("7.5");
  await page.getByRole("textbox", { name: "Comisión del propietario" }).fill("5");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(successBanner(page)).toHaveText("Las comisiones se guardaron");
  await expect(history(page).first()).toContainText("Super Admin cambió las comisiones");
  await expect(history(page).first().getByRole("row")).toHaveText([
    "ComisiónAntesDespués",
    "Comisión del huésped8.25 %7.5 %",
  ]);
  await expectNoSeriousA11yViolations(page);
});

test("the settings need SERVICES_INDEX: without it the menu hides them and the page is refused", async ({
  page,
  request,
}) => {
  const staff = await createStaffWith(request, ["BOXES_INDEX"]);
  await signIn(page, staff);
  await page.goto("/settings");
  await expect(page.getByText("The user account does not have enough permissions")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Settings" }),
  ).toHaveCount(0);
});

test("a save based on fees someone changed meanwhile is stopped with who changed what, then loads their version", async ({
  page,
}) => {
  const admin = await apiClient(page.request, USERS.admin);
  await signIn(page, USERS.admin);
  await page.goto("/settings");
  const guest = page.getByRole("textbox", { name: "Guest fee" });
  const host = page.getByRole("textbox", { name: "Host fee" });
  await expect(guest).toHaveValue("7.5");

  // Another member of staff saves while this form is open.
  await admin.put("/api/settings/fees", { guest: 9, host: 5, IVA: 16 });
  await host.fill("6");
  await page.getByRole("button", { name: "Save" }).click();
  const panel = page.getByRole("alert").filter({ hasText: "Someone else changed this record after you opened it" });
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  const guestRow = panel.getByRole("row").filter({ hasText: "Guest fee" });
  await expect(guestRow.getByRole("cell").nth(1)).toHaveText("7.5");
  await expect(guestRow.getByRole("cell").nth(2)).toHaveText("9");
  await expect(successBanner(page)).toHaveCount(0);
  expect((await admin.get<{ code: string; value: number }[]>("/api/settings/fees"))[1]).toEqual({
    code: "host",
    value: 5,
  });

  // Their version in the form; the next save is based on it and goes through.
  await panel.getByRole("button", { name: "Load their version" }).click();
  await expect(panel).toHaveCount(0);
  await expect(guest).toHaveValue("9");
  await host.fill("6");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(successBanner(page)).toHaveText("The fees were saved");
  expect(await admin.get("/api/settings/fees")).toEqual([
    { code: "guest", value: 9 },
    { code: "host", value: 6 },
    { code: "IVA", value: 16 },
  ]);
});
