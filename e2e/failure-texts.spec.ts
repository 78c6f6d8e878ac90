import { expect, type Page, test } from "@playwright/test";
import { apiClient, signIn, USERS, writeStorage } from "./fixtures.ts";

type Row = { id: number; isActive?: boolean };

/** The server refuses the page's writes to `pattern` with a 409 giving its reason (reads go through). */
function refuseWrites(page: Page, pattern: RegExp, reason: string) {
  return page.route(pattern, (route) =>
    route.request().method() === "GET"
      ? route.fallback()
      : route.fulfill({
          status: 409,
          contentType: "application/json",
          body: JSON.stringify({ statusCode: 409, error: "Conflict", message: reason, messages: { general: reason } }),
        }),
  );
}

/** The specification's text as the alert's headline, the server's reason under it. */
async function expectFailure(page: Page, headline: string, reason: string) {
  const alert = page.getByRole("alert").filter({ hasText: headline });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveText(`${headline}${reason}`);
}

/**
 * An active record of the demo data (the smallest id on the list's first page): specs running beside this one
 * create records of their own and block them (events.spec.ts blocks the event it creates, which starts soonest and
 * so leads the list), and this test needs its record still active when the page loads.
 */
async function firstActive(page: Page, resource: string): Promise<number> {
  const admin = await apiClient(page.request, USERS.admin);
  const list = await admin.get<{ items: Row[] }>(`/api/${resource}`);
  const ids = list.items.filter((item) => item.isActive !== false).map((item) => item.id);
  if (ids.length === 0) throw new Error(`no active ${resource}`);
  return Math.min(...ids);
}

async function block(page: Page, path: string, labels: { block: string }) {
  await page.goto(path);
  await page.getByRole("button", { name: labels.block, exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: labels.block, exact: true }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
}

async function openBooking(page: Page): Promise<number> {
  const admin = await apiClient(page.request, USERS.admin);
  const list = await admin.get<{ items: Row[] }>("/api/bookings?status=accepted&paymentStatus=capture");
  for (const row of list.items) {
    const detail = await admin.get<{ ownerPaymentStatus: string }>(`/api/bookings/${row.id}`);
    if (detail.ownerPaymentStatus === "pending") return row.id;
  }
  throw new Error("no accepted booking with the owner still to pay");
}

async function waitingOwner(page: Page): Promise<number> {
  const admin = await apiClient(page.request, USERS.admin);
  const list = await admin.get<{ items: Row[] }>("/api/owners?status=waiting");
  if (!list.items[0]) throw new Error("no owner waiting for review");
  return list.items[0].id;
}

test("failures show the specification's text as the headline and the server's reason under it", async ({ page }) => {
  await signIn(page, USERS.admin);
  const reason = "The record was changed by somebody else";

  await refuseWrites(page, /\/api\/events\/\d+\/deactivate$/, reason);
  await block(page, `/events/${await firstActive(page, "events")}`, { block: "Block" });
  await expectFailure(page, "The availability of the event could not be changed, please try again.", reason);

  await refuseWrites(page, /\/api\/owners\/\d+\/status$/, "This owner was already reviewed");
  await page.goto(`/owners/${await waitingOwner(page)}`);
  await page.getByRole("button", { name: "Accept", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Accept", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expectFailure(
    page,
    "The status of the owner could not be changed, please try again.",
    "This owner was already reviewed",
  );

  const booking = await openBooking(page);
  const bookingHeadline =
    "One or more problems were found while performing this operation, please verify the provided information and try again...";
  await refuseWrites(page, /\/api\/bookings\/\d+\/cancel$/, "This booking is already canceled");
  await page.goto(`/bookings/${booking}`);
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("checkbox", { name: "I have read and accept the cancellation policies" }).check();
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(dialog).toBeHidden();
  await expectFailure(page, bookingHeadline, "This booking is already canceled");

  await refuseWrites(page, /\/api\/bookings\/\d+$/, "The owner was already paid");
  await page.getByRole("button", { name: "Change owner payment status" }).click();
  const pay = page.getByRole("dialog", { name: "Change owner payment status" });
  await pay.getByRole("textbox", { name: "Payment reference" }).fill("SPEI0042AB9931BBVA");
  await pay.getByRole("button", { name: "The owner has been paid" }).click();
  await expect(pay).toBeHidden();
  await expectFailure(page, bookingHeadline, "The owner was already paid");
});

test("en español, los fallos de bloqueo, revisión y cancelación dicen el texto de la especificación y el motivo", async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  await page.goto("/");
  await writeStorage(page, "palco.language", "es");
  const headline = "Hubo uno o más problemas al efectuar esta operación, por favor intenta de nuevo.";
  const reason = "Otra persona cambió el registro";

  for (const resource of ["venues", "events", "categories"]) {
    await refuseWrites(page, new RegExp(`/api/${resource}/\\d+/deactivate$`), reason);
    await block(page, `/${resource}/${await firstActive(page, resource)}`, { block: "Bloquear" });
    await expectFailure(page, headline, reason);
  }

  await refuseWrites(page, /\/api\/owners\/\d+\/status$/, "El propietario ya fue revisado");
  await page.goto(`/owners/${await waitingOwner(page)}`);
  await page.getByRole("button", { name: "Aceptar", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Aceptar", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expectFailure(page, headline, "El propietario ya fue revisado");

  await refuseWrites(page, /\/api\/bookings\/\d+\/cancel$/, "Esta reserva ya está cancelada");
  await page.goto(`/bookings/${await openBooking(page)}`);
  await page.getByRole("button", { name: "Cancelar reserva" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("checkbox", { name: "He leído y acepto las políticas de cancelación" }).check();
  await dialog.getByRole("button", { name: "Cancelar reserva" }).click();
  await expect(dialog).toBeHidden();
  await expectFailure(
    page,
    "Hubo uno o más problemas al efectuar esta operación, por favor verifica la información proporcionada e intenta de nuevo...",
    "Esta reserva ya está cancelada",
  );
});
