import { expect, type Page, test } from "@playwright/test";
import {
  chooseFile,
  chooseOption,
  detailValue,
  expectEveryRow,
  signIn,
  solidPng,
  statusBadge,
  successBanner,
  tableRows,
  USERS,
  writeStorage,
} from "./fixtures.ts";

const TILE = solidPng(1, [220, 220, 220]);

/** Map tiles come from the internet: answer them locally so the test neither needs nor waits on the network. */
async function serveTilesLocally(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: TILE }),
  );
}

const pictureZone = (page: Page) => page.getByRole("group", { name: "Picture", exact: true });

test.beforeEach(async ({ page }) => {
  await serveTilesLocally(page);
  await signIn(page, USERS.admin);
});

test("venues: the list pages and filters by city; a venue is created by dropping a picture and dragging the pin", async ({
  page,
}) => {
  await page.goto("/venues");
  await expect(page.getByRole("heading", { name: "Venues" })).toBeVisible();
  // Fourteen demo venues: a full first page and a second one.
  await expect(tableRows(page)).toHaveCount(12);
  await expect(
    page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }),
  ).toBeVisible();
  await chooseOption(page, "City", "Zapopan", "Zapo");
  await expect(page).toHaveURL(/city=\d+/);
  await expectEveryRow(page, "Zapopan");
  await expect(tableRows(page)).toHaveCount(2);

  await page.getByRole("link", { name: "Add venue" }).click();
  await expect(page).toHaveURL("/venues/create");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("The venue name is required")).toBeVisible();
  await expect(page.getByText("The picture is required")).toBeVisible();
  await expect(page.getByText("The contact phone is required")).toBeVisible();
  await expect(page.getByText("The city is required")).toBeVisible();

  // A picture narrower than 1000 px is refused at once, before any upload.
  await chooseFile(page, pictureZone(page), {
    name: "narrow.png",
    mimeType: "image/png",
    buffer: solidPng(800, [10, 120, 60]),
  });
  await expect(page.getByText("The picture must be at least 1000 pixels wide")).toBeVisible();
  await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toHaveCount(0);
  await chooseFile(page, pictureZone(page), {
    name: "wide.png",
    mimeType: "image/png",
    buffer: solidPng(1024, [10, 120, 60]),
  });
  await expect(page.getByText("The picture must be at least 1000 pixels wide")).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();

  await page.getByLabel("Name").fill("Estadio 3 de Marzo");
  await page.getByLabel("Address").fill("Av. Patria 1201, Lomas del Valle, Zapopan, Jal.");
  await page.getByLabel("Contact").fill("333 641 5051");
  await chooseOption(page, "City", "Zapopan", "Zapo");

  // The pin starts at the spec's centre; dragging it sets both coordinates.
  const latitude = page.getByRole("textbox", { name: "Latitude" });
  const longitude = page.getByRole("textbox", { name: "Longitude" });
  await expect(latitude).toHaveValue("20.684697");
  const pin = page.getByRole("region", { name: "Location" }).locator(".leaflet-marker-icon");
  await pin.scrollIntoViewIfNeeded();
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 - 40, { steps: 8 });
  await page.mouse.up();
  await expect(latitude).not.toHaveValue("20.684697");
  await expect(longitude).not.toHaveValue("-103.381762");
  const dropped = { latitude: Number(await latitude.inputValue()), longitude: Number(await longitude.inputValue()) };
  // Up and to the right: north and east.
  expect(dropped.latitude).toBeGreaterThan(20.684697);
  expect(dropped.longitude).toBeGreaterThan(-103.381762);

  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL("/venues");
  await expect(successBanner(page)).toHaveText("The venue was created successfully");

  await page.getByRole("searchbox", { name: "Search" }).fill("3 de marzo");
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole("link", { name: "Estadio 3 de Marzo" }).click();
  await expect(detailValue(page, "City")).toHaveText("Zapopan");
  await expect(detailValue(page, "State")).toHaveText("Jalisco");
  await expect(detailValue(page, "Country")).toHaveText("México");
  await expect(detailValue(page, "Events")).toHaveText("No event");
  await expect(detailValue(page, "Boxes")).toHaveText("0");
  await expect(
    page.getByRole("region", { name: "Map of Estadio 3 de Marzo" }).locator(".leaflet-marker-icon"),
  ).toBeVisible();
});

test("venues: edit without a new picture keeps it; block, unblock and delete", async ({ page }) => {
  await page.goto("/venues?search=arena%20monterrey");
  await page.getByRole("link", { name: "Arena Monterrey" }).click();
  const picture = detailValue(page, "Picture").locator("img");
  await expect(picture).toHaveAttribute("src", /^\/uploads\/venues\//);
  const src = await picture.getAttribute("src");

  await page.getByRole("link", { name: "Edit" }).click();
  // A required picture can be replaced, not removed.
  await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await page.getByLabel("Name").fill("Arena Monterrey Centro");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(successBanner(page)).toHaveText("The venue was updated successfully");
  await expect(page.getByRole("heading", { name: "Arena Monterrey Centro" })).toBeVisible();
  await expect(detailValue(page, "Picture").locator("img")).toHaveAttribute("src", src!);

  await page.getByRole("button", { name: "Block", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
  await expect(statusBadge(page)).toHaveText("Inactive");
  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(statusBadge(page)).toHaveText("Active");

  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: "Delete Arena Monterrey Centro?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page).toHaveURL("/venues");
  await expect(successBanner(page)).toHaveText("The venue was deleted successfully");
});

test("recintos en español: la validación de la imagen y del contacto en el idioma del usuario", async ({ page }) => {
  await page.goto("/venues/create");
  await writeStorage(page, "palco.language", "es");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Nuevo recinto" })).toBeVisible();
  await page.getByLabel("Contacto").fill("12345");
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(
    page.getByText("Escribe un teléfono de 10 dígitos (3-3-4), opcionalmente con +código de país"),
  ).toBeVisible();
  await expect(page.getByText("La imagen es obligatoria")).toBeVisible();
  // The latest problem with the picture replaces the earlier one.
  await chooseFile(page, page.getByRole("group", { name: "Imagen", exact: true }), {
    name: "angosta.png",
    mimeType: "image/png",
    buffer: solidPng(640, [200, 30, 30]),
  });
  await expect(page.getByText("La imagen debe medir al menos 1000 píxeles de ancho")).toBeVisible();
  await expect(page.getByText("La imagen es obligatoria")).toHaveCount(0);
});
