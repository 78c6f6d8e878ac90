import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import {
  chooseFile,
  chooseOption,
  createStaffWith,
  detailValue,
  signIn,
  solidPng,
  statusBadge,
  successBanner,
  tableRows,
  USERS,
  writeStorage,
} from "./fixtures.ts";

const iconZone = (page: Page, label = "Icon") => page.getByRole("group", { name: label, exact: true });

/**
 * The names in the categories list, top to bottom, with their order column. Read in one pass inside the page: a
 * list that refetches between counting its rows and reading them would otherwise leave a locator waiting for a
 * row that is gone, and the poll would hang instead of retrying.
 */
function listedOrder(page: Page): Promise<string[]> {
  return tableRows(page).evaluateAll((rows) =>
    rows.map((row) => {
      // After the row's selection checkbox: the name, then the display order.
      const cells = row.querySelectorAll("td");
      return `${cells[3]?.textContent?.trim()} ${cells[2]?.textContent?.trim()}`;
    }),
  );
}

async function expectListOrder(page: Page, expected: string[]) {
  await expect
    // A list refetched after a change can take a moment on a busy machine.
    .poll(() => listedOrder(page), { message: "the categories in display order", timeout: 30_000 })
    .toEqual(expected.map((name, index) => `${index + 1} ${name}`));
}

test("categories: create with an icon at the top, move it, block and unblock it, delete it, and the order closes up", async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Categories" }).click();
  await expect(page.getByRole("heading", { name: "Categories" })).toBeVisible();
  // The demo's ten categories, in display order.
  await expectListOrder(page, [
    "Fútbol",
    "Conciertos",
    "Lucha libre",
    "Box",
    "Béisbol",
    "Básquetbol",
    "Fútbol americano",
    "Teatro",
    "Comedia",
    "Automovilismo",
  ]);
  await expect(tableRows(page).filter({ hasText: "Automovilismo" })).toContainText("No");

  await page.getByRole("link", { name: "Add category" }).click();
  await expect(page).toHaveURL("/categories/create");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("The category name is required")).toBeVisible();
  await expect(page.getByText("The order is required")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The order offers the existing places and one more at the end.
  await page.getByRole("textbox", { name: "Order", exact: true }).click();
  await expect(page.getByRole("option")).toHaveText(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11 (last)"]);
  await page.keyboard.press("Escape");
  await chooseFile(page, iconZone(page), {
    name: "charro.png",
    mimeType: "image/png",
    buffer: solidPng(64, [200, 80, 20]),
  });
  await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
  await page.getByLabel("Name").fill("Charrería");
  await chooseOption(page, "Order", "1");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL("/categories");
  await expect(successBanner(page)).toHaveText("The category was created successfully");
  await expectListOrder(page, [
    "Charrería",
    "Fútbol",
    "Conciertos",
    "Lucha libre",
    "Box",
    "Béisbol",
    "Básquetbol",
    "Fútbol americano",
    "Teatro",
    "Comedia",
    "Automovilismo",
  ]);
  // The list shows the small icon.
  await expect(tableRows(page).first().locator("img")).toHaveAttribute("src", /^\/uploads\/categories\/.+\.webp$/);

  // Moved to the third place: the two before it move up.
  await page.getByRole("link", { name: "Charrería" }).click();
  await expect(detailValue(page, "Order")).toHaveText("1");
  await expect(page.getByRole("img", { name: "Image of Charrería" })).toBeVisible();
  await page.getByRole("link", { name: "Edit" }).click();
  await chooseOption(page, "Order", "3");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(successBanner(page)).toHaveText("The category was updated successfully");
  await expect(detailValue(page, "Order")).toHaveText("3");
  // The icon was kept: the edit sent no new picture.
  await expect(page.getByRole("img", { name: "Image of Charrería" })).toBeVisible();

  await page.getByRole("button", { name: "Block", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
  await expect(statusBadge(page)).toHaveText("Inactive");
  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(statusBadge(page)).toHaveText("Active");

  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete Charrería?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL("/categories");
  await expect(successBanner(page)).toHaveText("The category was deleted successfully");
  await expectListOrder(page, [
    "Fútbol",
    "Conciertos",
    "Lucha libre",
    "Box",
    "Béisbol",
    "Básquetbol",
    "Fútbol americano",
    "Teatro",
    "Comedia",
    "Automovilismo",
  ]);
});

test("servicios en español: nombre y orden obligatorios, alta con icono, sin bloqueo, baja con confirmación", async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  await page.goto("/services");
  await writeStorage(page, "palco.language", "es");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Servicios" })).toBeVisible();
  await expect(tableRows(page)).toHaveCount(8);
  await expect(tableRows(page).first()).toContainText("Estacionamiento");

  await page.getByRole("link", { name: "Agregar servicio" }).click();
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page.getByText("El nombre del servicio es obligatorio")).toBeVisible();
  await expect(page.getByText("El orden es obligatorio")).toBeVisible();

  await chooseFile(page, iconZone(page, "Icono"), {
    name: "palomitas.png",
    mimeType: "image/png",
    buffer: solidPng(48, [240, 200, 40]),
  });
  await page.getByLabel("Nombre").fill("Palomitas");
  await page.getByLabel("Orden").fill("2");
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page).toHaveURL("/services");
  await expect(successBanner(page)).toHaveText("El servicio se creó correctamente");

  await page.getByRole("searchbox").fill("palom");
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole("link", { name: "Palomitas" }).click();
  await expect(detailValue(page, "Orden")).toHaveText("2");
  // Services are never blocked.
  await expect(page.getByRole("button", { name: "Bloquear", exact: true })).toHaveCount(0);
  await expect(statusBadge(page)).toHaveCount(0);

  await page.getByRole("link", { name: "Editar" }).click();
  await page.getByRole("button", { name: "Eliminar" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
  await expect(page).toHaveURL(/\/services/);
  await expect(successBanner(page)).toHaveText("El servicio se eliminó correctamente");
});

test("staff holding only the list codes see the catalogue without add, edit, delete or block", async ({ page }) => {
  const staff = await createStaffWith(page.request, [
    "CATEGORIES_INDEX",
    "SERVICES_INDEX",
    "VENUES_INDEX",
    "EVENTS_INDEX",
  ]);
  await signIn(page, staff);
  for (const [path, title, add] of [
    ["/categories", "Categories", "Add category"],
    ["/services", "Services", "Add service"],
    ["/venues", "Venues", "Add venue"],
    ["/events", "Events", "Add event"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(tableRows(page).first()).toBeVisible();
    await expect(page.getByRole("link", { name: add })).toHaveCount(0);
    // Without the show code the rows do not open a detail.
    await expect(tableRows(page).first().getByRole("link")).toHaveCount(0);
  }
  await page.goto("/categories/1/edit");
  await expect(
    page.getByText("The user account does not have enough permissions to perform this action"),
  ).toBeVisible();
});
