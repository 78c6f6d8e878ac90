import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { apiClient, apiSession, createStaffWith, detailValue, signIn, tableRows, USERS } from "./fixtures.ts";

// Notifications are produced the way staff produce them: another staff member (the super-admin, through the API)
// cancels a booking, and everyone else allowed to read bookings is told. Each test reads as a staff member created
// for it, so the notifications it has are its own or come from other specs cancelling bookings at the same time:
// counts are compared with what the server says at that moment, never with fixed numbers.

type Booking = {
  id: number;
  key: string;
  status: string;
  buyer: { id: number; firstName: string; lastName: string };
  box: { user: { id: number } };
};
type NotificationRow = { id: number; title: string; body: string; readAt: string | null };

const READER = ["NOTIFICATIONS_INDEX", "BOOKINGS_INDEX", "BOOKINGS_SHOW"];
const fullName = (booking: Booking) => `${booking.buyer.firstName} ${booking.buyer.lastName}`;
const DATE_TIME = /^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2}( (AM|PM))?$/;

/**
 * Demo bookings no other spec acts on or counts by status (bookings.spec works on pending-and-unpaid and accepted
 * ones): `cancel` takes the partial, rejected and missed ones, one per test (`nth`); the thread test takes a pending
 * booking whose deposit is authorized, and writes in its owner's thread only.
 */
async function quietBooking(
  page: Page,
  nth: number,
  statuses = ["status=partial", "status=rejected", "status=missed"],
) {
  const admin = await apiClient(page.request, USERS.admin);
  const found: Booking[] = [];
  for (const status of statuses) {
    for (let number = 1; ; number++) {
      const answer = await admin.get<{ items: Booking[]; lastPage: number }>(`/api/bookings?${status}&page=${number}`);
      found.push(...answer.items);
      if (number >= answer.lastPage) break;
    }
  }
  const booking = found.sort((a, b) => a.id - b.id)[nth];
  if (!booking) throw new Error(`no booking #${nth} of ${statuses.join(", ")}`);
  return admin.get<Booking>(`/api/bookings/${booking.id}`);
}

/** The super-admin cancels a booking: every other staff member who reads bookings gets a notification. */
async function cancelAsAnotherStaffMember(page: Page, bookingId: number) {
  const { token } = await apiSession(page.request, USERS.admin);
  const response = await page.request.post(`/api/bookings/${bookingId}/cancel`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The super-admin writes in one of a booking's threads (the owner's or the guest's: `userId`). */
async function writeAsAnotherStaffMember(page: Page, bookingId: number, userId: number, message: string) {
  const { token } = await apiSession(page.request, USERS.admin);
  const response = await page.request.post(`/api/bookings/${bookingId}/messages`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { userId, message },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const readerHeaders = (token: string, language = "en") => ({
  Authorization: `Bearer ${token}`,
  "Accept-Language": language,
});

async function unreadOnServer(page: Page, token: string): Promise<number> {
  const response = await page.request.get("/api/notifications/count", { headers: readerHeaders(token) });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { count: number }).count;
}

/** The reader's notification about a booking (its key is in the body), once it exists. */
async function notificationAbout(page: Page, token: string, key: string): Promise<NotificationRow> {
  let found: NotificationRow | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/notifications?search=${encodeURIComponent(key)}`, {
        headers: readerHeaders(token),
      });
      found = ((await response.json()) as { items: NotificationRow[] }).items[0];
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The list's row of one notification, found by its number. */
function rowOf(page: Page, id: number): Locator {
  return tableRows(page).filter({ has: page.getByRole("cell", { name: String(id), exact: true }) });
}

/**
 * Resolves once the page's socket.io connection is up (the server acknowledged its CONNECT over the WebSocket), so
 * what happens next is pushed to it rather than read again on connecting. Call before the page loads.
 */
function realtimeConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      if (!socket.url().includes("/socket.io/")) return;
      socket.on("framereceived", (frame) => {
        if (typeof frame.payload === "string" && frame.payload.startsWith("40")) resolve();
      });
    });
  });
}

/** Counts the sounds the page plays (the browser's own playback replaced by a counter). */
async function countSounds(page: Page) {
  await page.addInitScript(() => {
    const media = (globalThis as unknown as { HTMLMediaElement: { prototype: { play: () => Promise<void> } } })
      .HTMLMediaElement;
    const played: string[] = [];
    (globalThis as unknown as { palcoSounds: string[] }).palcoSounds = played;
    media.prototype.play = function play(this: { src: string }) {
      played.push(this.src);
      return Promise.resolve();
    };
  });
  return () => page.evaluate(() => (globalThis as unknown as { palcoSounds: string[] }).palcoSounds);
}

type UnreadTexts = { menu: string; badge: RegExp };
const EN: UnreadTexts = { menu: "Main navigation", badge: /unread notifications$/ };
const ES: UnreadTexts = { menu: "Navegación principal", badge: /notificaciones sin leer$/ };

/**
 * Waits until the menu's badge and the tab's title show the reader's unread count as the server has it (at least
 * `atLeast`), and returns that count. `title` is the page's own title ("Notifications · Palco Admin").
 */
async function expectUnreadShown(
  page: Page,
  token: string,
  { title, texts, atLeast = 0 }: { title: string; texts: UnreadTexts; atLeast?: number },
): Promise<number> {
  let server = -1;
  await expect
    .poll(
      async () => {
        server = await unreadOnServer(page, token);
        const badge = page.getByRole("navigation", { name: texts.menu }).getByLabel(texts.badge);
        const shown = (await badge.count()) > 0 ? Number(await badge.first().textContent()) : 0;
        const tabTitle = await page.title();
        const expected = server > 0 ? `(${server}) ${title}` : title;
        // What differs, so a failure says which of the three lags.
        return { badge: shown === server, title: tabTitle === expected ? "ok" : tabTitle, atLeast: server >= atLeast };
      },
      { message: "the badge and the tab's title show the unread count the server has" },
    )
    .toEqual({ badge: true, title: "ok", atLeast: true });
  return server;
}

test("a notification arrives live: a highlighted row, the badge, the tab's title and a chime; read from its row", async ({
  page,
}) => {
  const booking = await quietBooking(page, 0);
  const reader = await createStaffWith(page.request, READER);
  const { token } = await signIn(page, reader);
  const sounds = await countSounds(page);
  const connected = realtimeConnected(page);
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["", "#", "Title", "User", "Created at", "Read at"]);
  await connected;
  const before = await expectUnreadShown(page, token, { title: "Notifications · Palco Admin", texts: EN });

  await cancelAsAnotherStaffMember(page, booking.id);
  const notification = await notificationAbout(page, token, booking.key);
  const row = rowOf(page, notification.id);
  // No reload: the push brings the row, the count and the sound.
  await expect(row).toBeVisible();
  await expect(row).toContainText("Booking canceled");
  await expect(row).toContainText(fullName(booking));
  // Cells: selection checkbox (bulk "Mark as read"), #, title, user, created at, read at.
  await expect(row.getByRole("cell").nth(4)).toHaveText(DATE_TIME);
  await expect(row).toHaveAttribute("data-highlighted", "true");
  // The highlight in words too: part of the title's link, so a screen reader hears it with the title.
  await expect(row.getByRole("link", { name: "Booking canceled Unread" })).toBeVisible();
  const shown = await expectUnreadShown(page, token, {
    title: "Notifications · Palco Admin",
    texts: EN,
    atLeast: before + 1,
  });
  await expect.poll(sounds).toContainEqual(expect.stringMatching(/\/assets\/notification-[\w-]+\.wav$/));
  await expectNoSeriousA11yViolations(page, "notifications list");

  // A failed "Mark read" shows the list's error (spec 02 §8); the row stays unread.
  await page.route(
    `**/api/notifications/${notification.id}/read`,
    (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: "Internal Server Error", message: "boom" } }),
    { times: 1 },
  );
  const markRead = row.getByRole("button", { name: `Mark read: Booking canceled #${notification.id}` });
  await markRead.click();
  await expect(
    page.getByRole("alert").filter({ hasText: "There was an error when fetching the data, please try again" }),
  ).toBeVisible();
  await expect(row).toHaveAttribute("data-highlighted", "true");

  await markRead.click();
  await expect(markRead).toHaveCount(0);
  await expect(row).not.toHaveAttribute("data-highlighted");
  await expect(row.getByRole("link", { name: "Booking canceled", exact: true })).toBeVisible();
  await expect(row.getByRole("cell").nth(5)).toHaveText(DATE_TIME);
  const after = await expectUnreadShown(page, token, { title: "Notifications · Palco Admin", texts: EN });
  // One fewer, unless another spec's cancellation arrived meanwhile.
  expect(after).toBeLessThanOrEqual(shown);

  // The detail: its fields, and the body links to the booking.
  await row.getByRole("link").click();
  await expect(page).toHaveURL(`/notifications/${notification.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Booking canceled" })).toBeVisible();
  await expect(detailValue(page, "ID")).toHaveText(String(notification.id));
  await expect(detailValue(page, "Title")).toHaveText("Booking canceled");
  await expect(detailValue(page, "Read at")).toHaveText(DATE_TIME);
  await expect(detailValue(page, "Created at")).toHaveText(DATE_TIME);
  const body = detailValue(page, "Message").getByRole("link");
  await expect(body).toHaveText(`Booking ${booking.key} of ${fullName(booking)} was canceled.`);
  await expectNoSeriousA11yViolations(page, "notification detail");
  await body.click();
  await expect(page).toHaveURL(`/bookings/${booking.id}`);
  await expect(page.getByRole("heading", { level: 1, name: booking.key })).toBeVisible();
  await page.goBack();
  await page.getByRole("link", { name: "Back to list" }).click();
  await expect(page).toHaveURL("/notifications");

  // The filters are in the address: the day it arrived (on the reader's clock) and the search find it; another day
  // and "unread only" (it is read now) do not.
  const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
  await page.goto(`/notifications?date=${today}&search=${booking.key}`);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(rowOf(page, notification.id)).toBeVisible();
  for (const query of [`date=2000-01-01&search=${booking.key}`, `unread=true&search=${booking.key}`]) {
    await page.goto(`/notifications?${query}`);
    await expect(page.getByText("Nothing matches the current search or filters.")).toBeVisible();
  }
});

test("en español: llega en vivo, abrirla la marca como leída y su mensaje lleva a la reserva", async ({ page }) => {
  const booking = await quietBooking(page, 1);
  const reader = await createStaffWith(page.request, READER);
  const { token } = await signIn(page, reader);
  await page.addInitScript(() => localStorage.setItem("palco.language", "es"));
  const connected = realtimeConnected(page);
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText([
    "",
    "#",
    "Título",
    "Usuario",
    "Fecha de creación",
    "Leída el",
  ]);
  await connected;
  const before = await expectUnreadShown(page, token, { title: "Notificaciones · Palco Admin", texts: ES });

  await cancelAsAnotherStaffMember(page, booking.id);
  const notification = await notificationAbout(page, token, booking.key);
  const row = rowOf(page, notification.id);
  await expect(row).toBeVisible();
  await expect(row.getByRole("link", { name: "Reserva cancelada No leída" })).toBeVisible();
  await expect(
    row.getByRole("button", { name: `Marcar como leída: Reserva cancelada #${notification.id}` }),
  ).toBeVisible();
  await expectUnreadShown(page, token, { title: "Notificaciones · Palco Admin", texts: ES, atLeast: before + 1 });

  // Opening an unread notification reads it.
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Reserva cancelada" })).toBeVisible();
  await expect(detailValue(page, "Leída el")).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2}$/);
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/notifications/${notification.id}`, {
        headers: readerHeaders(token, "es"),
      });
      return ((await response.json()) as NotificationRow).readAt !== null;
    })
    .toBe(true);
  await expectUnreadShown(page, token, { title: "Reserva cancelada · Palco Admin", texts: ES });

  const body = detailValue(page, "Mensaje").getByRole("link");
  await expect(body).toHaveText(`Se canceló la reserva ${booking.key} de ${fullName(booking)}.`);
  await page.getByRole("link", { name: "Regresar a la lista" }).click();
  await expect(page).toHaveURL("/notifications");
  await expect(row).toBeVisible();
  await expect(row).not.toHaveAttribute("data-highlighted");
  await expect(row.getByRole("link", { name: "Reserva cancelada", exact: true })).toBeVisible();

  await page.goto(`/notifications/${notification.id}`);
  await detailValue(page, "Mensaje").getByRole("link").click();
  await expect(page).toHaveURL(`/bookings/${booking.id}`);
  await expect(page.getByRole("heading", { level: 1, name: booking.key })).toBeVisible();
});

test("the chime can be muted from the account menu, and stays muted", async ({ page }) => {
  const booking = await quietBooking(page, 2);
  const reader = await createStaffWith(page.request, READER);
  const { token } = await signIn(page, reader);
  const sounds = await countSounds(page);
  const connected = realtimeConnected(page);
  await page.goto("/notifications");
  await connected;
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Mute notification sound" }).click();
  await expect(page.getByRole("menuitem", { name: "Unmute notification sound" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Unmute notification sound" })).toBeVisible();
  await page.keyboard.press("Escape");

  const before = await unreadOnServer(page, token);
  await cancelAsAnotherStaffMember(page, booking.id);
  const notification = await notificationAbout(page, token, booking.key);
  await expect(rowOf(page, notification.id)).toBeVisible();
  await expectUnreadShown(page, token, { title: "Notifications · Palco Admin", texts: EN, atLeast: before + 1 });
  expect(await sounds()).toEqual([]);
});

test("an unknown notification opens the load-error modal; Back goes to the notifications", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/notifications/2000000000");
  const modal = page.getByRole("dialog");
  await expect(modal).toContainText("The notification could not be loaded.");
  await modal.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL("/notifications");
});

test("staff without NOTIFICATIONS_INDEX see neither the menu entry nor the pages", async ({ page }) => {
  await signIn(page, USERS.viewer);
  await page.goto("/countries");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Countries" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Notifications/ })).toHaveCount(0);
  await expect(page).toHaveTitle("Countries · Palco Admin");
  for (const path of ["/notifications", "/notifications/1"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  }
});

test("a booking's thread shows a message as soon as it is written elsewhere, once", async ({ page }) => {
  const booking = await quietBooking(page, 0, ["status=pending&paymentStatus=authorization"]);
  const ownerId = booking.box.user.id;
  const reader = await createStaffWith(page.request, ["BOOKINGS_INDEX", "BOOKINGS_SHOW"]);
  await signIn(page, reader);
  const connected = realtimeConnected(page);
  await page.goto(`/bookings/${booking.id}?tab=messages`);
  const owner = page.getByRole("region", { name: "Owner" });
  const guest = page.getByRole("region", { name: "Guest" });
  await expect(owner.getByRole("log")).toHaveAttribute("aria-busy", "false");
  await expect(guest.getByRole("log")).toHaveAttribute("aria-busy", "false");
  await connected;
  const ownerBefore = await owner.getByRole("listitem").count();
  const guestBefore = await guest.getByRole("listitem").count();

  // A colleague answers the owner (through the API): the open panel shows it without a reload.
  const first = `Live ${Date.now()}: the payout leaves on Friday.`;
  await writeAsAnotherStaffMember(page, booking.id, ownerId, first);
  await expect(owner.getByRole("listitem")).toHaveCount(ownerBefore + 1);
  await expect(owner.getByRole("listitem").last()).toContainText(first);
  await expect(owner.getByRole("listitem").last()).toContainText("Super Admin");

  // Our own message comes back as a push too: it is shown once.
  const mine = `Mine ${Date.now()}: noted, thank you.`;
  await owner.getByRole("textbox", { name: "Message to the owner" }).fill(mine);
  await owner.getByRole("textbox", { name: "Message to the owner" }).press("Enter");
  await expect(owner.getByRole("listitem").last()).toContainText(mine);
  // A later push arrives after ours did (one socket, in order): by then a doubled message would show.
  const second = `Live ${Date.now()}: and the tickets on Monday.`;
  await writeAsAnotherStaffMember(page, booking.id, ownerId, second);
  await expect(owner.getByRole("listitem").last()).toContainText(second);
  await expect(owner.getByRole("listitem")).toHaveCount(ownerBefore + 3);
  await expect(owner.getByRole("listitem").filter({ hasText: mine })).toHaveCount(1);
  // The guest's thread is another conversation.
  await expect(guest.getByRole("listitem")).toHaveCount(guestBefore);
});

test("an open dashboard reads its reports again when something is notified", async ({ page }) => {
  const booking = await quietBooking(page, 3);
  const reader = await createStaffWith(page.request, READER);
  await signIn(page, reader);
  const connected = realtimeConnected(page);
  await page.goto("/");
  const income = page.getByRole("region", { name: "Charges and fees", exact: true });
  await expect(income.locator("[data-chart-bar]").first()).toBeVisible();
  await connected;
  // No reload: the cancellation's notification makes the charts ask for their numbers again.
  const reread = page.waitForRequest((request) => request.url().includes("/api/reports/income"));
  await cancelAsAnotherStaffMember(page, booking.id);
  await reread;
  await expect(income.locator("[data-chart-bar]").first()).toBeVisible();
});
