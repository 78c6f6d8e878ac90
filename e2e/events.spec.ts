import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  apiClient,
  chooseFile,
  chooseOption,
  detailValue,
  expectEveryRow,
  recordIds,
  signIn,
  solidPng,
  statusBadge,
  successBanner,
  tableRows,
  USERS,
  writeStorage,
} from "./fixtures.ts";

const pictureZone = (page: Page) => page.getByRole("group", { name: "Picture", exact: true });

/** The earliest start the picker offers, as the form computes it: 73 hours from `now`, on the hour. */
function earliestStart(now: number) {
  const date = new Date(now + 73 * 3_600_000);
  date.setMinutes(0, 0, 0);
  return date;
}

/**
 * Turns the open picker's months until `day` shows (three at most). Each look waits for the month on screen: a look
 * before the calendar drew (on a slow machine) or before it turned the page went on to the next month, past the day's.
 */
async function turnTo(page: Page, day: Locator) {
  const firstDay = page
    .getByRole("dialog")
    .getByRole("button", { name: /^\d{1,2} \p{L}+ \d{4}$/u })
    .first();
  await expect(firstDay).toBeVisible();
  for (let months = 0; months < 3 && !(await day.isVisible()); months++) {
    const shown = await firstDay.getAttribute("aria-label");
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(firstDay).not.toHaveAttribute("aria-label", shown ?? "");
  }
}

/** Opens the start picker, goes to the month of `date` and clicks its day ("5 December 2026"). */
async function pickDay(page: Page, date: Date) {
  await page.getByRole("button", { name: "Start", exact: true }).click();
  const label = `${date.getDate()} ${date.toLocaleString("en-US", { month: "long" })} ${date.getFullYear()}`;
  const day = page.getByRole("button", { name: label, exact: true });
  await turnTo(page, day);
  await day.click();
  await page.getByRole("button", { name: "Confirm" }).click();
}

test("events: the list pages and filters by place and by the venue's day", async ({ page }) => {
  await signIn(page, USERS.admin);
  const admin = await apiClient(page.request, USERS.admin);
  const demo = await admin.get<{ items: { id: number; name: string; localStartsAt: string }[] }>(
    "/api/events?search=chivas%20vs%20atlas",
  );
  const chivas = demo.items[0]!;

  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
  await expect(tableRows(page)).toHaveCount(12);
  // The list opens on the events to come, soonest first; the ones already held come after them, newest first.
  // Other specs add events while this one reads: the starts are read again until the screen and they agree.
  const readStarts = async () => {
    const starts = new Map<number, number>();
    let pageCount = 1;
    for (let number = 1; number <= pageCount; number++) {
      const list = await admin.get<{ items: { id: number; startsAt: string }[]; pageCount: number }>(
        `/api/events?page=${number}`,
      );
      pageCount = list.pageCount;
      for (const item of list.items) starts.set(item.id, Date.parse(item.startsAt));
    }
    return starts;
  };
  await expect(async () => {
    await page.goto("/events");
    await expect(tableRows(page)).toHaveCount(12);
    const starts = await readStarts();
    const now = Date.now();
    const opened = (await recordIds(page, "events")).map((id) => starts.get(id));
    expect(opened).toHaveLength(12);
    expect(opened).not.toContain(undefined);
    expect(opened[0]).toBeGreaterThan(now);
    expect(opened).toEqual([...opened].sort((a, b) => a! - b!));
  }).toPass();
  // The page where the held events begin: the last ones to come, then the most recent held one first.
  await expect(async () => {
    const starts = await readStarts();
    const now = Date.now();
    const upcoming = [...starts.values()].filter((start) => start > now).length;
    const latestHeld = Math.max(...[...starts.values()].filter((start) => start <= now));
    await page.goto(`/events?page=${Math.floor(upcoming / 12) + 1}`);
    await expect(tableRows(page).first()).toBeVisible();
    const boundary = (await recordIds(page, "events")).map((id) => starts.get(id) ?? Number.NaN);
    const toCome = boundary.filter((start) => start > now);
    expect(boundary.slice(0, toCome.length)).toEqual([...toCome].sort((a, b) => a - b));
    expect(boundary[toCome.length]).toBe(latestHeld);
    expect(boundary.slice(toCome.length)).toEqual(boundary.slice(toCome.length).sort((a, b) => b - a));
  }).toPass();
  await page.goto("/events");
  await expect(
    page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 3" }),
  ).toBeVisible();

  // By place: the state narrows the cities, the city the venues.
  await chooseOption(page, "State", "Jalisco", "Jalis");
  await expectEveryRow(page, "Jalisco");
  await chooseOption(page, "City", "Zapopan", "Zapo");
  await expectEveryRow(page, "Zapopan");
  await page.getByRole("textbox", { name: "Venue", exact: true }).click();
  await expect(page.getByRole("option")).toHaveText(["Auditorio Telmex", "Estadio Akron"]);
  await page.getByRole("option", { name: "Estadio Akron" }).click();
  await expectEveryRow(page, "Estadio Akron");
  // By the venue's calendar day, kept in the URL.
  await page.goto(`/events?startsAt=${chivas.localStartsAt.slice(0, 10)}`);
  await expect(tableRows(page).filter({ hasText: "Chivas vs Atlas" })).toHaveCount(1);
  const [date, time] = chivas.localStartsAt.split(" ");
  const [year, month, day] = date!.split("-").map(Number);
  const hour = Number(time!.slice(0, 2));
  await expect(tableRows(page).filter({ hasText: "Chivas vs Atlas" })).toContainText(
    `${day}/${month}/${year} ${hour % 12 || 12}:${time!.slice(3, 8)} ${hour < 12 ? "AM" : "PM"}`,
  );
});

test("events: one is created with chips, shown on its venue's clock, blocked and deleted", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/events");
  await page.getByRole("link", { name: "Add event" }).click();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("The picture is required")).toBeVisible();
  await expect(page.getByText("The event name is required")).toBeVisible();
  await expect(page.getByText("The duration is required")).toBeVisible();
  await expect(page.getByText("The start date and time are required")).toBeVisible();
  await expect(page.getByText("The venue is required")).toBeVisible();

  await chooseFile(page, pictureZone(page), {
    name: "poster.png",
    mimeType: "image/png",
    buffer: solidPng(64, [90, 20, 160]),
  });
  await page.getByLabel("Name").fill("Charros vs Águilas");
  await page.getByLabel("Duration (hours)").fill("3");
  // A day without a time is midnight, earlier than allowed: the picker moves it to the earliest start.
  const earliest = earliestStart(Date.now());
  await pickDay(page, earliest);
  const hour12 = earliest.getHours() % 12 || 12;
  await expect(page.getByRole("button", { name: "Start", exact: true })).toHaveText(
    `${earliest.getDate()}/${earliest.getMonth() + 1}/${earliest.getFullYear()} ${hour12}:00:00 ${earliest.getHours() < 12 ? "AM" : "PM"}`,
  );
  await chooseOption(page, "Venue", "Estadio Akron", "Akron");
  // Categories as removable chips: each can be chosen once, and removed with its ×.
  const categories = page.getByRole("textbox", { name: "Categories" });
  await categories.click();
  await page.getByRole("option", { name: "Béisbol" }).click();
  await page.getByRole("option", { name: "Fútbol", exact: true }).click();
  await expect(page.getByRole("option", { name: "Fútbol", exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");
  // Mantine hides the × from assistive technology (Backspace removes the last chip from the keyboard): click it.
  await page.locator(".mantine-Pill-root", { hasText: "Béisbol" }).locator(".mantine-Pill-remove").click();
  await expect(page.locator(".mantine-Pill-root")).toHaveText(["Fútbol"]);

  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL("/events");
  await expect(successBanner(page)).toHaveText("The event was created successfully");
  await page.getByRole("searchbox", { name: "Search" }).fill("charros");
  // The search settles in the address first (300 ms after typing): a click before that races the list's update.
  await expect(page).toHaveURL(/[?&]search=charros/);
  await page.getByRole("link", { name: "Charros vs Águilas" }).click();
  await expect(detailValue(page, "Categories")).toHaveText("Fútbol");
  await expect(detailValue(page, "Venue")).toHaveText("Estadio Akron");
  await expect(detailValue(page, "Start")).toContainText("(America/Mexico_City)");
  await expect(detailValue(page, "Duration")).toHaveText("3 hours");
  // The venue's boxes on sale link to them (the demo's Platino 101 at Estadio Akron; other tests may block or
  // accept other boxes there meanwhile).
  await expect(detailValue(page, "Boxes").getByRole("link", { name: "Platino 101" })).toHaveAttribute(
    "href",
    /^\/boxes\/\d+$/,
  );

  await page.getByRole("button", { name: "Block", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
  await expect(statusBadge(page)).toHaveText("Inactive");
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: "Delete Charros vs Águilas?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page).toHaveURL("/events");
  await expect(successBanner(page)).toHaveText("The event was deleted successfully");
});

test("the server refuses a start less than 72 hours away, even when the browser's clock is days behind", async ({
  page,
}) => {
  // The browser believes it is four days earlier: its picker allows a start the server knows is too soon.
  const behind = Date.now() - 4 * 86_400_000;
  await page.clock.install({ time: behind });
  await signIn(page, USERS.admin);
  await page.goto("/events/create");
  await chooseFile(page, pictureZone(page), {
    name: "poster.png",
    mimeType: "image/png",
    buffer: solidPng(48, [20, 90, 160]),
  });
  await page.getByLabel("Name").fill("Demasiado pronto");
  await page.getByLabel("Duration (hours)").fill("2");
  await pickDay(page, earliestStart(behind));
  await chooseOption(page, "Venue", "Estadio Jalisco", "Jalisco");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("The event must start at least 72 hours from now")).toBeVisible();
  await expect(page).toHaveURL("/events/create");
});

test("eventos en español: títulos, filtros y mensajes", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/events");
  await writeStorage(page, "palco.language", "es");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Eventos" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Inicio" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Recinto", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Agregar evento" }).click();
  await page.getByLabel("Duración (horas)").fill("0");
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page.getByText("La duración debe ser un número entero de horas, al menos 1")).toBeVisible();
  await expect(page.getByText("La fecha y hora de inicio son obligatorias")).toBeVisible();
});

/** The wall clock of `zone` at `instant`, on the hour: what the venue's city reads. */
function wallHour(instant: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      hourCycle: "h23",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as { year: number; month: number; day: number; hour: number };
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    ...parts,
    text: `${parts.year}-${pad(parts.month)}-${pad(parts.day)} ${pad(parts.hour)}:00:00`,
    label: `${parts.day} ${new Date(Date.UTC(2000, parts.month - 1, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" })} ${parts.year}`,
  };
}

test.describe("staff west of the venue", () => {
  // Two hours behind Guadalajara: a minimum on the browser's clock would be two hours too early for the server.
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the start picker works on the venue's clock: its first slot is one the server accepts", async ({ page }) => {
    await signIn(page, USERS.admin);
    const admin = await apiClient(page.request, USERS.admin);
    await page.goto("/events/create");
    await chooseFile(page, pictureZone(page), {
      name: "poster.png",
      mimeType: "image/png",
      buffer: solidPng(48, [160, 90, 20]),
    });
    const name = `Al filo ${Date.now().toString(36)}`;
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Duration (hours)").fill("2");
    await chooseOption(page, "Venue", "Estadio Akron", "Akron");
    const start = page.getByRole("button", { name: "Start", exact: true });
    await expect(start).toHaveAccessibleDescription(/Time in America\/Mexico_City \(venue's clock\)/);

    // A day without a time is midnight, earlier than allowed: the picker moves it to its first slot.
    const earliest = wallHour(Date.now() + 73 * 3_600_000, "America/Mexico_City");
    await start.click();
    const day = page.getByRole("button", { name: earliest.label, exact: true });
    await turnTo(page, day);
    await day.click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("button", { name: "Create" }).click();
    await expect(successBanner(page)).toHaveText("The event was created successfully");

    const created = await admin.get<{ items: { id: number; localStartsAt: string; timeZone: string }[] }>(
      `/api/events?search=${encodeURIComponent(name)}`,
    );
    expect(created.items).toHaveLength(1);
    expect(created.items[0]).toMatchObject({ localStartsAt: earliest.text, timeZone: "America/Mexico_City" });

    await page.goto(`/events/${created.items[0]!.id}/edit`);
    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: `Delete ${name}?` })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(successBanner(page)).toHaveText("The event was deleted successfully");
  });

  test("la descripción del inicio dice en qué reloj está, en español", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/events/create");
    await writeStorage(page, "palco.language", "es");
    await page.reload();
    await chooseOption(page, "Recinto", "Estadio Akron", "Akron");
    await expect(page.getByRole("button", { name: "Inicio", exact: true })).toHaveAccessibleDescription(
      /Hora de America\/Mexico_City \(reloj del recinto\)/,
    );
  });
});
