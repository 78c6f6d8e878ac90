import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { apiClient, createStaffWith, signIn, USERS } from "./fixtures.ts";

type BrowserGlobals = { localStorage: { setItem(key: string, value: string): void } };
type Page1<T> = { items: T[] };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A demo booking (with its guest) and a demo owner, read through the API as the super-admin. */
async function demoRecords(page: Page) {
  const admin = await apiClient(page.request, USERS.admin);
  const booking = (
    await admin.get<Page1<{ id: number; key: string; buyer: { firstName: string; lastName: string; email: string } }>>(
      "/api/bookings",
    )
  ).items[0]!;
  const owner = (await admin.get<Page1<{ id: number; email: string }>>("/api/owners")).items[0]!;
  return { booking, owner };
}

async function useSpanish(page: Page) {
  await page.addInitScript(() => {
    (globalThis as unknown as BrowserGlobals).localStorage.setItem("palco.language", "es");
  });
}

const palette = (page: Page) => page.getByRole("dialog");
/** A result or command of the open palette, by its text (title and subtitle). */
const entry = (page: Page, text: string) => palette(page).getByRole("button", { name: new RegExp(escaped(text)) });
/** A result of one group (an owner is in the owners group and, as a member, in "Guests and owners" too). */
const entryIn = (page: Page, groupName: string, text: string) =>
  palette(page)
    .getByRole("group", { name: groupName, exact: true })
    .getByRole("button", { name: new RegExp(escaped(text)) });

async function openWithShortcut(page: Page, label = "Search and go") {
  await expect(page.getByRole("button", { name: /^(Search|Buscar)$/ })).toBeVisible();
  await page.keyboard.press("ControlOrMeta+K");
  const input = page.getByRole("textbox", { name: label });
  await expect(input).toBeFocused();
  return input;
}

test.describe("the command palette", () => {
  test("Ctrl+K, a booking key, arrows and Enter land on the booking; it is then offered as recent", async ({
    page,
  }) => {
    const { booking } = await demoRecords(page);
    await signIn(page, USERS.admin);
    await page.goto("/");
    const input = await openWithShortcut(page);

    // Before anything is typed: the commands the member may use.
    await expect(entry(page, "New event")).toBeVisible();
    await expect(entry(page, "Owners waiting for review")).toBeVisible();
    await expect(entry(page, "Settings")).toBeVisible();

    await input.pressSequentially(booking.key.toLowerCase());
    const result = entry(page, booking.key);
    await expect(result).toBeVisible();
    await expect(palette(page).getByRole("group", { name: "Bookings" })).toBeVisible();
    // The exact key is the first result, and selected: down and back up, then Enter.
    await expect(result).toHaveAttribute("data-selected", "true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(result).toHaveAttribute("data-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
    await expect(palette(page)).toBeHidden();
    await expect(page.getByRole("heading", { name: booking.key })).toBeVisible();

    // Opened again with nothing typed: the booking is among the records opened last. Escape closes.
    await page.goto("/");
    await openWithShortcut(page);
    await expect(palette(page).getByRole("group", { name: "Recently opened" })).toBeVisible();
    await expect(entry(page, booking.key)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
  });

  test("an owner's e-mail finds the owner; an unknown term says nothing was found", async ({ page }) => {
    const { owner } = await demoRecords(page);
    await signIn(page, USERS.admin);
    await page.goto("/bookings");
    const input = await openWithShortcut(page);
    await input.fill(owner.email);
    await expect(palette(page).getByRole("group", { name: "Owners", exact: true })).toBeVisible();
    await expect(entryIn(page, "Owners", owner.email)).toHaveAttribute("data-selected", "true");
    await expect(entryIn(page, "Guests and owners", owner.email)).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/owners/${owner.id}$`));

    await openWithShortcut(page);
    await page.getByRole("textbox", { name: "Search and go" }).fill("zqxwv-nothing");
    await expect(palette(page).getByText("Nothing found for “zqxwv-nothing”")).toBeVisible();
  });

  test("a guest's e-mail finds the guest, who leads to their bookings", async ({ page }) => {
    const { booking } = await demoRecords(page);
    const guest = booking.buyer;
    await signIn(page, USERS.admin);
    await page.goto("/");
    const input = await openWithShortcut(page);
    await input.fill(guest.email.toUpperCase());
    const result = entryIn(page, "Guests and owners", guest.email);
    await expect(result).toBeVisible();
    await expect(result).toHaveAccessibleName(new RegExp(`^${escaped(`${guest.firstName} ${guest.lastName}`)}`));
    await result.click();
    await expect(page).toHaveURL(new RegExp(`/bookings\\?search=${escaped(encodeURIComponent(guest.email))}`));
    // The bookings list, searched for the e-mail: the guest's bookings, this one among them.
    await expect(page.getByRole("cell", { name: String(booking.id), exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: `${guest.firstName} ${guest.lastName}` }).first()).toBeVisible();
  });

  test("a member without the bookings permission gets no bookings group nor the commands they may not use", async ({
    page,
  }) => {
    const { booking, owner } = await demoRecords(page);
    const member = await createStaffWith(page.request, ["OWNERS_INDEX", "OWNERS_SHOW"]);
    await signIn(page, member);
    await page.goto("/");
    const input = await openWithShortcut(page);
    await expect(entry(page, "Owners waiting for review")).toBeVisible();
    await expect(entry(page, "New event")).toHaveCount(0);

    await input.fill(owner.email);
    await expect(entryIn(page, "Owners", owner.email)).toBeVisible();
    await input.fill(booking.key);
    await expect(palette(page).getByText(`Nothing found for “${booking.key}”`)).toBeVisible();
    await expect(palette(page).getByRole("group", { name: "Bookings" })).toHaveCount(0);
  });

  test("speaks Spanish: labels, group names, statuses and the empty state", async ({ page }) => {
    const { booking } = await demoRecords(page);
    await useSpanish(page);
    await signIn(page, USERS.admin);
    await page.goto("/");
    const input = await openWithShortcut(page, "Buscar e ir");
    await expect(input).toHaveAttribute("placeholder", /Busca reservas/);
    await expect(palette(page).getByRole("group", { name: "Acciones" })).toBeVisible();
    await expect(entry(page, "Nuevo evento")).toBeVisible();

    await input.fill(booking.key);
    await expect(palette(page).getByRole("group", { name: "Reservas" })).toBeVisible();
    await expect(entry(page, booking.key)).toHaveAccessibleName(
      /(Pendiente|Aceptada|Rechazada|Parcial|Perdida|Cancelada)$/,
    );
    await input.fill("zqxwv-nada");
    await expect(palette(page).getByText("No se encontró nada para «zqxwv-nada»")).toBeVisible();
  });

  test("axe finds nothing serious with the palette open and showing results", async ({ page }) => {
    const { booking } = await demoRecords(page);
    await signIn(page, USERS.admin);
    await page.goto("/");
    const input = await openWithShortcut(page);
    await input.fill(booking.key);
    await expect(entry(page, booking.key)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "command palette");
  });
});

test.describe("the command palette on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the top bar's search button opens it, and a result opens its record", async ({ page }) => {
    const { booking } = await demoRecords(page);
    await signIn(page, USERS.admin);
    await page.goto("/");
    const button = page.getByRole("button", { name: "Search", exact: true });
    await expect(button).toBeInViewport({ ratio: 1 });
    await button.click();
    const input = page.getByRole("textbox", { name: "Search and go" });
    await expect(input).toBeFocused();
    await input.fill(booking.key);
    await expect(entry(page, booking.key)).toBeInViewport();
    await expectNoSeriousA11yViolations(page, "command palette at 390 px");
    await entry(page, booking.key).click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
    await expect(page.getByRole("heading", { name: booking.key })).toBeVisible();
    await button.click();
    await expect(page.getByRole("textbox", { name: "Search and go" })).toBeVisible();
    await expect(entry(page, booking.key)).toBeVisible();
  });
});
