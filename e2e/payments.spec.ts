import { expect, type Page, test } from "@playwright/test";
import { detailValue, signIn, statusBadge, tableRows, USERS } from "./fixtures.ts";

// Blocking changes seeded rows that other tests of this file read: one at a time, in order ("default" even if the
// suite becomes fully parallel). Not "serial": the tests do not build on each other, so one failing skips nothing.
test.describe.configure({ mode: "default" });

test.beforeEach(async ({ page }) => {
  await signIn(page, USERS.admin);
});

/** Blocks then unblocks the record on the current detail page, checking the flag each time. */
async function blockAndUnblock(page: Page, name: string) {
  await expect(statusBadge(page)).toHaveText("Active");
  await page.getByRole("button", { name: "Block", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Block ${name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(statusBadge(page)).toHaveText("Inactive");

  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await page
    .getByRole("dialog", { name: `Unblock ${name}?` })
    .getByRole("button", { name: "Unblock" })
    .click();
  await expect(statusBadge(page)).toHaveText("Active");
  await expect(page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
}

test.describe("payment providers", () => {
  test("the list is unpaged, without search or add button", async ({ page }) => {
    await page.goto("/payment-providers");
    // The tab shows the unread notifications first: "(3) …".
    await expect(page).toHaveTitle(/^(\(\d+\) )?Payment providers · Palco Admin$/);
    await expect(page.getByRole("heading", { name: "Payment providers" })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["", "#", "Name", "Active"]);
    await expect(tableRows(page)).toHaveCount(4);
    for (const name of ["Conekta", "Mercado Pago", "Openpay", "Stripe"]) {
      await expect(tableRows(page).filter({ hasText: name })).toHaveCount(1);
    }
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Add/ })).toHaveCount(0);
    await expect(page.getByText("Coming soon")).toHaveCount(0);
  });

  test("detail: countries joined by commas, block and unblock", async ({ page }) => {
    await page.goto("/payment-providers");
    await page.getByRole("link", { name: "Stripe" }).click();
    await expect(page).toHaveURL(/\/payment-providers\/\d+$/);
    await expect(page.getByRole("heading", { name: "Stripe" })).toBeVisible();
    await expect(detailValue(page, "ID")).toHaveText(/^\d+$/);
    await expect(detailValue(page, "Name")).toHaveText("Stripe");
    await expect(detailValue(page, "Countries")).toHaveText("Canadá, España, Estados Unidos, México");
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);

    await blockAndUnblock(page, "Stripe");
  });

  test("a failed block shows the provider's availability error", async ({ page }) => {
    await page.route(/\/api\/payment-providers\/\d+\/deactivate$/, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"statusCode":500,"error":"x","message":"x"}',
      }),
    );
    await page.goto("/payment-providers");
    await page.getByRole("link", { name: "Openpay" }).click();
    await expect(detailValue(page, "Countries")).toHaveText("Colombia, México");
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText(
      "The availability of the payment provider could not be changed, please try again.",
    );
    await expect(statusBadge(page)).toHaveText("Active");
  });

  test("a blocked provider shows as inactive in the list", async ({ page }) => {
    await page.goto("/payment-providers");
    await page.getByRole("link", { name: "Mercado Pago" }).click();
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
    await expect(statusBadge(page)).toHaveText("Inactive");
    await page.getByRole("link", { name: "Back to list" }).click();
    await expect(tableRows(page).filter({ hasText: "Mercado Pago" })).toContainText("No");

    await page.getByRole("link", { name: "Mercado Pago" }).click();
    await page.getByRole("button", { name: "Unblock", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unblock", exact: true }).click();
    await expect(statusBadge(page)).toHaveText("Active");
  });
});

test.describe("payment methods", () => {
  test("the list names each method in English and in Spanish", async ({ page }) => {
    await page.goto("/payment-methods");
    await expect(page.getByRole("heading", { name: "Payment methods" })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["", "#", "Method", "Provider", "Active"]);
    await expect(tableRows(page)).toHaveCount(10);
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
    const conekta = tableRows(page).filter({ hasText: "Conekta" });
    await expect(conekta).toHaveCount(3);
    for (const method of ["Bank transfer", "Convenience store (cash)", "Card"]) {
      await expect(conekta.filter({ hasText: method })).toHaveCount(1);
    }
    // The raw values never show.
    await expect(page.getByRole("cell", { name: "bank", exact: true })).toHaveCount(0);

    await page.getByText("Español", { exact: true }).click();
    await expect(page.getByRole("heading", { name: "Métodos de pago" })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["", "#", "Método", "Proveedor", "Activo"]);
    const conektaEs = tableRows(page).filter({ hasText: "Conekta" });
    for (const method of ["Transferencia bancaria", "Tienda de conveniencia (efectivo)", "Tarjeta"]) {
      await expect(conektaEs.filter({ hasText: method })).toHaveCount(1);
    }
    await page.getByText("English", { exact: true }).click();
    await expect(page.getByRole("heading", { name: "Payment methods" })).toBeVisible();
  });

  test("detail: method, provider and state; block and unblock", async ({ page }) => {
    await page.goto("/payment-methods");
    const row = tableRows(page).filter({ hasText: "Openpay" }).filter({ hasText: "Bank transfer" });
    await row.getByRole("link", { name: "Bank transfer" }).click();
    await expect(page).toHaveURL(/\/payment-methods\/\d+$/);
    const title = "Bank transfer · Openpay";
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(detailValue(page, "ID")).toHaveText(/^\d+$/);
    await expect(detailValue(page, "Method")).toHaveText("Bank transfer");
    await expect(detailValue(page, "Provider")).toHaveText("Openpay");
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);

    await blockAndUnblock(page, title);
  });
});
