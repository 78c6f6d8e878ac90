import { readFileSync } from "node:fs";
import { csvRecords } from "@palco/shared/csv-records";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { apiClient, createStaffWith, holdScript, signIn, USERS, unique, writeStorage } from "./fixtures.ts";

type Paged = { total: number; totalKind: string };

/** A filter of the bookings list that narrows it to a few rows, counted exactly: a venue and a status. */
async function narrowBookingsQuery(page: Page): Promise<{ query: string; total: number }> {
  const admin = await apiClient(page.request, USERS.admin);
  const venues = await admin.get<{ id: number }[]>("/api/venues/all");
  for (const status of ["canceled", "rejected", "missed", "partial"]) {
    for (const venue of venues) {
      const query = `venueId=${venue.id}&status=${status}`;
      const list = await admin.get<Paged>(`/api/bookings?${query}`);
      if (list.totalKind === "exact" && list.total > 0 && list.total <= 300) return { query, total: list.total };
    }
  }
  throw new Error("no narrow bookings filter in the demo data");
}

/** Exports the open list as CSV from its Export menu, waits for the panel's Download and downloads the file. */
async function exportCsv(page: Page, texts: { menu: string; csv: string; download: string }) {
  await page.getByRole("button", { name: texts.menu }).click();
  await page.getByRole("menuitem", { name: texts.csv }).click();
  const panel = page.getByTestId("export-progress");
  await expect(panel).toBeVisible();
  const downloadLink = panel.getByRole("link", { name: texts.download });
  await expect(downloadLink).toBeVisible();
  const downloading = page.waitForEvent("download");
  await downloadLink.click();
  const download = await downloading;
  return { download, text: readFileSync(await download.path(), "utf8"), panel };
}

test("a filtered bookings list exports to a CSV with the same rows, and the Exports page offers it", async ({
  page,
}) => {
  const { query, total } = await narrowBookingsQuery(page);
  await signIn(page, USERS.admin);
  await page.goto(`/bookings?${query}`);
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();

  const { download, text, panel } = await exportCsv(page, {
    menu: "Export this list",
    csv: "CSV (spreadsheets, any program)",
    download: "Download",
  });
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = csvRecords(text.slice(1));
  expect(header!.slice(0, 4)).toEqual(["Key", "Folio", "Status", "Booking type"]);
  expect(rows).toHaveLength(total);
  await expect(panel).toContainText(`${total.toLocaleString("en")} of ${total.toLocaleString("en")} rows`);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Exports" }).click();
  await expect(page.getByRole("heading", { name: "Exports" })).toBeVisible();
  const first = page.getByRole("row").nth(1);
  await expect(first).toContainText("Bookings");
  await expect(first).toContainText("Ready");
  await expect(first.getByRole("link", { name: `Download ${download.suggestedFilename()}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a Spanish member's export has Spanish headers and values", async ({ page }) => {
  const { query, total } = await narrowBookingsQuery(page);
  const member = await createStaffWith(page.request, ["BOOKINGS_INDEX", "BOOKINGS_SHOW"]);
  await signIn(page, member);
  await page.goto("/");
  await writeStorage(page, "palco.language", "es");
  await page.goto(`/bookings?${query}`);
  await expect(page.getByRole("heading", { name: "Reservas" })).toBeVisible();

  const { text } = await exportCsv(page, {
    menu: "Exportar esta lista",
    csv: "CSV (hojas de cálculo, cualquier programa)",
    download: "Descargar",
  });
  const [header, ...rows] = csvRecords(text.slice(1));
  expect(header!.slice(0, 4)).toEqual(["Clave", "Folio", "Estado", "Tipo de reserva"]);
  expect(rows).toHaveLength(total);
  const status = new URLSearchParams(query).get("status");
  const spanish: Record<string, string> = {
    canceled: "Cancelada",
    rejected: "Rechazada",
    missed: "Perdida",
    partial: "Parcial",
  };
  for (const row of rows) expect(row[2]).toBe(spanish[status!]);
});

test("a member who may not list bookings sees no Export on lists without an export", async ({ page }) => {
  const member = await createStaffWith(page.request, ["COUNTRIES_INDEX"]);
  await signIn(page, member);
  await page.goto("/countries");
  await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export this list" })).toHaveCount(0);
});

test("on a phone, an Excel export of the events list downloads, and its panel fits the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, USERS.admin);
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
  await page.getByRole("button", { name: "Export this list" }).click();
  await page.getByRole("menuitem", { name: "Excel workbook" }).click();
  const panel = page.getByTestId("export-progress");
  const downloadLink = panel.getByRole("link", { name: "Download" });
  await expect(downloadLink).toBeVisible();
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const downloading = page.waitForEvent("download");
  await downloadLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^events-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // An Excel workbook is a zip archive.
  expect(
    readFileSync(await download.path())
      .subarray(0, 2)
      .toString("latin1"),
  ).toBe("PK");
  await expectNoSeriousA11yViolations(page);
});

test("pressed before its menu has loaded, Export spins, then opens its menu", async ({ page }) => {
  // The menu loads after the list's first paint: hold it back so the press surely lands on the stand-in.
  const release = await holdScript(page, "src/features/exports/export-controls.tsx");
  await signIn(page, USERS.admin);
  await page.goto("/events");
  const button = page.getByRole("button", { name: "Export this list" });
  await button.click();
  await expect(button).toHaveAttribute("data-loading", "true");
  await expect(page.getByRole("menuitem", { name: "Excel workbook" })).toHaveCount(0);
  release();
  await expect(page.getByRole("menuitem", { name: "Excel workbook" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "CSV (spreadsheets, any program)" })).toBeVisible();
});

test("the audit trail exports the entries its filters show through the same Export menu", async ({ page }) => {
  const admin = await apiClient(page.request, USERS.admin);
  const letter = () => "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[Math.floor(Math.random() * 26)];
  const country = await admin.post<{ id: number }>("/api/countries", {
    name: unique("Exported country"),
    code: `X${letter()}${letter()}`,
  });
  await signIn(page, USERS.admin);
  await page.goto(`/audit-log?resource=countries&recordId=${country.id}`);
  await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  const { download, text } = await exportCsv(page, {
    menu: "Export this list",
    csv: "CSV (spreadsheets, any program)",
    download: "Download",
  });
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = csvRecords(text.slice(1));
  expect(header).toEqual([
    "Date and time (Mexico City time)",
    "Who",
    "Their e-mail",
    "Action",
    "Resource",
    "Record",
    "Changes",
    "IP address",
  ]);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.slice(3, 6)).toEqual(["create", "countries", String(country.id)]);
});
