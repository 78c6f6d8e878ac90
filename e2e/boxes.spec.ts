import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import {
  apiClient,
  blockThenUnblock,
  detailValue,
  expectEveryRow,
  expectInboxOldestFirst,
  rejectWithReview,
  reviewBadge,
  signIn,
  statusBadge,
  successBanner,
  tableRows,
  USERS,
} from "./fixtures.ts";

type BoxRow = {
  id: number;
  number: string;
  boxZone: string;
  type: string;
  images: unknown[];
  seasons: unknown[];
  position: { x: number; y: number };
  venue: { id: number; name: string };
};

async function boxesWhere(page: Page, query: string) {
  const admin = await apiClient(page.request, USERS.admin);
  return (await admin.get<{ items: BoxRow[] }>(`/api/boxes?${query}`)).items;
}

test("boxes: the list filters by venue, city, seasons and review state, kept in the URL", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/boxes");
  await expect(page.getByRole("heading", { name: "Boxes" })).toBeVisible();
  await expect(tableRows(page)).toHaveCount(12);
  await expect(
    page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }),
  ).toBeVisible();

  // The switch follows the URL (a navigation), so it turns on a moment after the click.
  await page.getByRole("switch", { name: "Only boxes with seasons" }).click();
  await expect(page).toHaveURL(/seasons=true/);
  await expect(page.getByRole("switch", { name: "Only boxes with seasons" })).toBeChecked();
  await expect
    .poll(async () => (await tableRows(page).allTextContents()).every((row) => /Season|Event or season/.test(row)))
    .toBe(true);
  await expect(tableRows(page).filter({ hasText: "One event" })).toHaveCount(0);

  await page.getByRole("textbox", { name: "City" }).click();
  await page.getByRole("option", { name: "Zapopan", exact: true }).click();
  await expectEveryRow(page, "Zapopan");
  await page.getByRole("textbox", { name: "Venue" }).click();
  await page.getByRole("option", { name: "Estadio Akron" }).click();
  await expectEveryRow(page, "Estadio Akron");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Only boxes with seasons" })).toBeChecked();
  await expectEveryRow(page, "Estadio Akron");

  await page.goto("/boxes?status=returned");
  await expect(page.getByRole("textbox", { name: "Review state" })).toHaveValue("Rejected");
  await expectEveryRow(page, "Rejected");
});

test("boxes: a box waiting for review shows its prices, seasons, pictures, pin and documents; reject, then accept another", async ({
  page,
}) => {
  const waiting = (await boxesWhere(page, "status=waiting&seasons=true")).filter(
    (box) => box.type === "both" && box.images.length > 1 && box.seasons.length > 0,
  );
  const box = waiting[0]!;
  const name = `${box.boxZone} ${box.number}`;
  await signIn(page, USERS.admin);
  await page.goto(`/boxes/${box.id}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(reviewBadge(page)).toHaveText("Waiting for review");
  await expect(detailValue(page, "Type")).toHaveText("Event or season");
  await expect(detailValue(page, "Price")).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(detailValue(page, "Venue")).toHaveText(box.venue.name);

  const seasons = page.getByRole("heading", { name: "Seasons" }).locator("xpath=..");
  await expect(seasons.getByRole("row")).toHaveCount(box.seasons.length + 1);
  await expect(seasons.getByRole("cell", { name: /^\$[\d,]+\.\d{2}$/ }).first()).toBeVisible();

  // The carousel: one picture at a time, with next and thumbnails.
  const carousel = page.getByRole("region", { name: `Pictures of ${name}` });
  await expect(carousel.getByText(`1 / ${box.images.length}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "box detail");
  await carousel.getByRole("button", { name: "Next picture" }).click();
  await expect(carousel.getByText(`2 / ${box.images.length}`)).toBeVisible();
  await carousel.getByRole("button", { name: "Show picture 1" }).click();
  await expect(carousel.getByText(`1 / ${box.images.length}`)).toBeVisible();

  // The pin sits on the venue's picture at the box's position.
  const position = page.getByRole("figure");
  await expect(position.getByRole("img", { name: `${box.venue.name}, with the position of ${name}` })).toBeVisible();
  await expect(position).toContainText(
    `Box position: ${Math.round(box.position.x)}% across, ${Math.round(box.position.y)}% down`,
  );

  await page.getByRole("button", { name: "Property title" }).click();
  const viewer = page.getByRole("dialog", { name: "Property title" });
  await expect(viewer.getByRole("img", { name: "Property title" })).toBeVisible();
  await page.keyboard.press("+");
  await expect(viewer.getByText("125%")).toBeVisible();
  await viewer.getByRole("button", { name: "Close" }).click();

  await rejectWithReview(page, name, "The pictures do not show the seats: please add one taken from inside the box.");
  await expect(successBanner(page)).toHaveText("The box was rejected with your review");

  const other = waiting[1] ?? (await boxesWhere(page, "status=waiting"))[0]!;
  await page.goto(`/boxes/${other.id}`);
  await page.getByRole("button", { name: "Accept" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Accept" }).click();
  await expect(successBanner(page)).toHaveText("The box was accepted");
  await expect(reviewBadge(page)).toHaveText("Accepted");
  await expect(statusBadge(page)).toHaveText("Active");
});

test("palcos en español: tipos, temporadas y bloqueo", async ({ page }) => {
  const [seasonOnly] = await boxesWhere(page, "seasons=true&status=accepted");
  await signIn(page, USERS.admin);
  await page.addInitScript(() => localStorage.setItem("palco.language", "es"));
  const [box] = (await boxesWhere(page, "status=accepted")).filter((row) => row.type === "season");
  await page.goto(`/boxes/${(box ?? seasonOnly)!.id}`);
  await expect(page.getByRole("heading", { name: "Temporadas" })).toBeVisible();
  await expect(detailValue(page, "Precio")).toHaveText(
    "Solo se vende por temporada: los precios están en la sección de temporadas",
  );
  await expect(page.getByRole("button", { name: "Aceptar" })).toHaveAttribute("aria-disabled", "true");
  await blockThenUnblock(page, { block: "Bloquear", unblock: "Desbloquear", active: "Activo", inactive: "Inactivo" });
});

test("boxes: the review inbox opens on the box that has waited longest", async ({ page }) => {
  const waiting = await boxesWhere(page, "status=waiting");
  const readyAt = new Map(
    (waiting as (BoxRow & { readyAt: string })[]).map((row) => [row.id, Date.parse(row.readyAt)]),
  );
  await signIn(page, USERS.admin);
  await expectInboxOldestFirst(page, "boxes", readyAt);
});
