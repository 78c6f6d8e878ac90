import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import {
  apiClient,
  chooseOption,
  createStaffWith,
  detailValue,
  signIn,
  successBanner,
  tableRows,
  USERS,
  unique,
  writeStorage,
} from "./fixtures.ts";

type City = { id: number; name: string; code: string };

/** A city of its own for this run, made through the API as the super-admin. */
async function newCity(page: Page): Promise<City> {
  const admin = await apiClient(page.request, USERS.admin);
  const states = await admin.get<{ items: { id: number }[] }>("/api/states?search=jalisco");
  const suffix = String(Date.now() % 1000).padStart(3, "0");
  return admin.post<City>("/api/cities", {
    name: unique("Tlaquepaque"),
    code: `TLQ-${suffix}`,
    timeZone: "America/Mexico_City",
    state: states.items[0]!.id,
  });
}

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" });

test("an edit shows in the record's History and in the audit trail, filtered by who and when, in both languages", async ({
  page,
}) => {
  const city = await newCity(page);
  const renamed = `${city.name} Centro`;
  await signIn(page, USERS.admin);

  await page.goto(`/cities/${city.id}/edit`);
  await page.getByLabel("Name").fill(renamed);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(successBanner(page)).toHaveText("The city was updated successfully");

  // The detail's History: newest first, who, what, and the field's before → after.
  const history = page.getByRole("region", { name: "History" });
  const latest = history.getByRole("listitem").first();
  await expect(latest).toContainText("Super Admin");
  await expect(latest).toContainText("updated");
  const nameRow = latest.getByRole("row").filter({ hasText: "Name" });
  await expect(nameRow.getByRole("cell").nth(1)).toHaveText(city.name);
  await expect(nameRow.getByRole("cell").nth(2)).toHaveText(renamed);
  await expect(history.getByRole("listitem").filter({ hasText: "created" })).toHaveCount(1);

  // The trail, by actor (the filter's own lookup) and by day, kept in the URL.
  await page.getByRole("link", { name: "Audit trail" }).click();
  await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  await chooseOption(page, "Who", "Super Admin (admin@palco.test)", "Super");
  await expect(page).toHaveURL(/actor=\d+/);
  await page.getByRole("textbox", { name: "Record id" }).fill(String(city.id));
  await expect(page).toHaveURL(new RegExp(`recordId=${city.id}`));
  await page.goto(`${page.url()}&from=${today()}&to=${today()}&resource=cities`);
  // Exactly this city's two entries by the admin today: the update, then (older) the creation.
  await expect(tableRows(page)).toHaveCount(2);
  const row = tableRows(page).first();
  await expect(row).toContainText(`#${city.id}`);
  await expect(row).toContainText("updated");
  await expect(row).toContainText("Cities");
  await expect(tableRows(page).nth(1)).toContainText("created");

  // The entry itself: every changed field, before and after.
  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/audit-log\/\d+$/);
  const changes = page.getByRole("row").filter({ hasText: "name" });
  await expect(changes.getByRole("cell").nth(1)).toHaveText(city.name);
  await expect(changes.getByRole("cell").nth(2)).toHaveText(renamed);
  await expectNoSeriousA11yViolations(page);

  // The same list in Spanish: labels, actions and resources translated, the filters still applied.
  await page.goBack();
  await writeStorage(page, "palco.language", "es");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Bitácora de cambios" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Quién", exact: true })).toHaveValue("Super Admin (admin@palco.test)");
  await expect(page.getByRole("textbox", { name: "Id del registro" })).toHaveValue(String(city.id));
  const spanishRow = tableRows(page).first();
  await expect(spanishRow).toContainText("actualizó");
  await expect(spanishRow).toContainText("Ciudades");
  await page.goto(`/audit-log?actor=999999&from=${today()}`);
  await expect(page.getByText("Sin resultados")).toBeVisible();
});

test("staff without AUDIT_LOG_INDEX see neither the trail nor any History", async ({ page }) => {
  const city = await newCity(page);
  const staff = await createStaffWith(page.request, ["CITIES_INDEX", "CITIES_SHOW"]);
  await signIn(page, staff);
  await page.goto(`/cities/${city.id}`);
  await expect(page.getByRole("heading", { name: city.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cities" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Audit trail" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "History" })).toHaveCount(0);
  await page.goto("/audit-log");
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});

/** A field's row (label, before, arrow, after) in a table of changes within `scope`. */
function changeRow(scope: Page | Locator, field: string) {
  const page = "page" in scope ? scope.page() : scope;
  return scope.getByRole("row").filter({ has: page.getByRole("cell", { name: field, exact: true }) });
}

test("the trail and a record's History name every resource, action, field and value, in both languages", async ({
  page,
}) => {
  await signIn(page, USERS.admin);

  // A review decision (the demo accepted boxes): the action, the resource and the changed fields by their labels.
  await page.goto("/audit-log?resource=boxes&action=accept");
  const accepted = tableRows(page).first();
  await expect(accepted).toContainText("accepted");
  await expect(accepted).toContainText("Boxes");
  await expect(accepted).toContainText("Sent for review");
  await expect(accepted).toContainText("Status");
  await expect(accepted).not.toContainText("readyForReview");
  await expect(accepted).not.toContainText("boxes");
  const boxLink = accepted.getByRole("link", { name: /^#\d+$/ });
  const boxId = (await boxLink.textContent())!.slice(1);

  // The entry: each field by its label, each value by the label the box's own page shows.
  await accepted.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/audit-log\/\d+$/);
  await expect(detailValue(page, "Action")).toHaveText("accepted");
  await expect(detailValue(page, "Resource")).toHaveText("Boxes");
  await expect(changeRow(page, "Status").getByRole("cell")).toHaveText(["Status", "Pending", "Accepted"]);
  await expect(changeRow(page, "Sent for review").getByRole("cell")).toHaveText(["Sent for review", "Yes", "No"]);

  // The same decision in the box's History.
  await page.goto(`/boxes/${boxId}`);
  const history = page.getByRole("region", { name: "History" });
  const decision = history.getByRole("listitem").filter({ hasText: "accepted" }).first();
  await expect(decision).toBeVisible();
  await expect(changeRow(decision, "Status").getByRole("cell")).toHaveText(["Status", "Pending", "Accepted"]);
  await expect(history).not.toContainText("readyForReview");

  // A booking action: the owner paid, with the status the booking screens show.
  await page.goto("/audit-log?resource=bookings&action=owner-paid");
  const paid = tableRows(page).first();
  await expect(paid).toContainText("recorded the owner payment");
  await expect(paid).toContainText("Bookings");
  await expect(paid).toContainText("Owner payment status");
  await expect(paid).not.toContainText("owner-paid");
  await paid.getByRole("link").first().click();
  await expect(changeRow(page, "Owner payment status").getByRole("cell")).toHaveText([
    "Owner payment status",
    "Pending",
    "Paid",
  ]);
  const paidEntry = page.url();

  // Spanish: the same labels, translated.
  await writeStorage(page, "palco.language", "es");
  await page.goto(paidEntry);
  await expect(detailValue(page, "Acción")).toHaveText("registró el pago al propietario");
  await expect(detailValue(page, "Recurso")).toHaveText("Reservas");
  await expect(changeRow(page, "Estado del pago al propietario").getByRole("cell")).toHaveText([
    "Estado del pago al propietario",
    "Pendiente",
    "Pagado",
  ]);
  await page.goto("/audit-log?resource=boxes&action=accept");
  await expect(tableRows(page).first()).toContainText("aceptó");
  await expect(tableRows(page).first()).toContainText("Palcos");
  await expect(tableRows(page).first()).toContainText("Enviado a revisión");
  await page.goto(`/boxes/${boxId}`);
  const historial = page.getByRole("region", { name: "Historial" });
  await expect(
    changeRow(historial.getByRole("listitem").filter({ hasText: "aceptó" }).first(), "Estado").getByRole("cell"),
  ).toHaveText(["Estado", "Pendiente", "Aceptado"]);
});
