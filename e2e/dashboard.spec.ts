import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { createStaffWith, signIn, USERS, writeStorage } from "./fixtures.ts";

/** Today on the marketplace's calendar, as the dashboard counts it (Mexico City). */
function marketplaceToday(): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Mexico_City",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

const pad = (value: number) => String(value).padStart(2, "0");
const LAST_YEAR = marketplaceToday().year - 1;

/** A chart's card, by its title. */
const chart = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

/** A chart's card scrolled into view: a chart is drawn once its card comes near the viewport (kit/report-card.tsx). */
async function drawn(page: Page, title: string): Promise<Locator> {
  const card = chart(page, title);
  await card.scrollIntoViewIfNeeded();
  return card;
}

/** The numbers of a chart as its screen-reader table lists them: one text per row, cells joined by " | ". */
async function chartRows(card: Locator): Promise<string[]> {
  return card
    .getByRole("table")
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim()).join(" | ")),
    );
}

/**
 * The dashboard's first paint: its chunk (the charts library) and eight reports. On a busy two-core machine running
 * two browsers, the API and PostgreSQL at once it has taken more than the usual 15 s; the assertions that follow keep
 * their own timeouts.
 */
async function dashboardPainted(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible({ timeout: 45_000 });
}

const cents = (amount: string) => BigInt(amount.replace(/[$,]/g, "").replace(".", ""));

test("the dashboard draws every report of the demo, and the period and range live in the URL", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/");
  await dashboardPainted(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Welcome, Super. Here is how the marketplace is doing.")).toBeVisible();
  for (const section of ["Income", "Boxes", "Users"]) {
    await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
  }

  // Monthly by default, over the last 30 days: bars in every bar chart, slices in both pies, the upcoming bookings.
  const period = page.getByRole("group", { name: "Period" });
  await expect(period.getByRole("button", { name: "Monthly", exact: true })).toHaveAttribute("aria-pressed", "true");
  for (const title of ["Charges and fees", "Rentals", "Box sign-ups", "User sign-ups"]) {
    await expect((await drawn(page, title)).locator("[data-chart-bar]").first(), title).toBeVisible();
  }
  for (const title of ["Ages", "Active users"]) {
    await expect((await drawn(page, title)).locator("[data-chart-slice]").first(), title).toBeVisible();
    await expect(chart(page, title).getByRole("listitem").first()).toContainText(/\d+ · [\d.]+%/);
  }
  const booked = chart(page, "Booked boxes");
  await expect(booked.getByRole("row")).toHaveCount(11);
  await expect(booked.getByRole("row").nth(1).getByRole("link")).toHaveAttribute("href", /^\/bookings\/\d+$/);
  await expect(page.getByTestId("report-total")).toHaveText([
    /^Paid to owners\$[\d,]+\.\d{2}$/,
    /^Owed to owners\$[\d,]+\.\d{2}$/,
    /^Total\$[\d,]+\.\d{2}$/,
  ]);

  // A tooltip names the bucket and gives the amounts in dollars, by pointer and by keyboard (the arrows, Home, End).
  const income = chart(page, "Charges and fees");
  // The pointer anywhere in a bucket's column (its bars may be a pixel high).
  await income.locator("[data-chart-bucket]").last().hover();
  const tooltip = income.locator("[data-chart-tooltip]");
  await expect(tooltip).toContainText(/Fees\$[\d,]+\.\d{2}/);
  const buckets = (await chartRows(income)).map((row) => row.split(" | ")[0]);
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();
  const bars = income.getByRole("application", { name: "Charges and fees" });
  await bars.focus();
  await page.keyboard.press("Home");
  await expect(tooltip).toContainText(new RegExp(`^${buckets[0]}Income after fees\\$[\\d,]+\\.\\d{2}Fees`));
  await page.keyboard.press("End");
  await expect(tooltip).toContainText(buckets.at(-1) ?? "");
  await page.keyboard.press("Tab");
  await expect(tooltip).toBeHidden();

  // The range picker: the first half of the month the default range starts in.
  const picker = page.getByRole("button", { name: "Date range" });
  await picker.click();
  const shown = new Date(Date.UTC(marketplaceToday().year, marketplaceToday().month - 1, marketplaceToday().day - 29));
  const monthName = shown.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  const year = shown.getUTCFullYear();
  const month = pad(shown.getUTCMonth() + 1);
  await page.getByRole("button", { name: `1 ${monthName} ${year}`, exact: true }).click();
  await page.getByRole("button", { name: `15 ${monthName} ${year}`, exact: true }).click();
  await expect(page).toHaveURL(`/?startDate=${year}-${month}-01&endDate=${year}-${month}-15`);
  await expect(picker).toHaveText(`1/${Number(month)}/${year} – 15/${Number(month)}/${year}`);
  await expect
    .poll(() => chartRows(chart(page, "User sign-ups")))
    .toEqual([
      // Each bucket's days as every date on screen reads (D/M/YYYY), like the picker above.
      expect.stringMatching(
        new RegExp(`^\\w{3} ${year} \\| 1/${Number(month)}/${year} \\| 15/${Number(month)}/${year} \\| \\d+$`),
      ),
    ]);

  // Half-yearly over last year: two buckets, and a reload keeps both choices.
  await page.goto(`/?startDate=${LAST_YEAR}-01-01&endDate=${LAST_YEAR}-12-31`);
  await dashboardPainted(page);
  await period.getByRole("button", { name: "Half-yearly", exact: true }).click();
  await expect(page).toHaveURL(`/?type=6&startDate=${LAST_YEAR}-01-01&endDate=${LAST_YEAR}-12-31`);
  await page.reload();
  await expect(period.getByRole("button", { name: "Half-yearly", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(picker).toHaveText(`1/1/${LAST_YEAR} – 31/12/${LAST_YEAR}`);
  await expect.poll(() => chartRows(income)).toHaveLength(2);
  const rows = await chartRows(income);
  expect(rows[0]).toMatch(new RegExp(`^H1 ${LAST_YEAR} \\| 1/1/${LAST_YEAR} \\| 30/6/${LAST_YEAR} \\| `));
  expect(rows[1]).toMatch(new RegExp(`^H2 ${LAST_YEAR} \\| 1/7/${LAST_YEAR} \\| 31/12/${LAST_YEAR} \\| `));

  // The CSV holds the chart's numbers exactly; its income adds up to the Total shown above the chart.
  const downloading = page.waitForEvent("download");
  await income.getByRole("button", { name: "Download Charges and fees as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`income-${LAST_YEAR}-01-01-${LAST_YEAR}-12-31.csv`);
  const csv = readFileSync(await download.path(), "utf8").split("\r\n");
  expect(csv[0]).toBe("\uFEFFPeriod,From,To,Income,Fees,Paid to owners,Owed to owners,Rentals");
  expect(csv.slice(1, 3).map((line) => line.split(",")[0])).toEqual([`H1 ${LAST_YEAR}`, `H2 ${LAST_YEAR}`]);
  const incomeSum = csv
    .slice(1, 3)
    .map((line) => cents(line.split(",")[3]!))
    .reduce((sum, value) => sum + value, 0n);
  expect(incomeSum > 0n).toBe(true);
  const total = (await page.getByTestId("report-total").nth(2).textContent())!.replace("Total", "");
  expect(cents(total)).toBe(incomeSum);

  // Yearly: one bar for the whole year.
  await period.getByRole("button", { name: "Yearly", exact: true }).click();
  await expect
    .poll(() => chartRows(chart(page, "Rentals")))
    .toEqual([
      expect.stringMatching(new RegExp(`^${LAST_YEAR} \\| 1/1/${LAST_YEAR} \\| 31/12/${LAST_YEAR} \\| [1-9]\\d*$`)),
    ]);
  await expectNoSeriousA11yViolations(page);
});

test("a period without any data shows the empty state, and Back returns to the previous choice", async ({ page }) => {
  await signIn(page, USERS.admin);
  // Twenty years ago nothing happened on the marketplace yet.
  const year = marketplaceToday().year - 20;
  await page.goto(`/?startDate=${year}-01-01&endDate=${year}-03-31`);
  await dashboardPainted(page);
  await expect(chart(page, "Charges and fees").getByText("No data for this period")).toBeVisible();
  await expect(chart(page, "Box sign-ups").getByText("No data for this period")).toBeVisible();
  await expect(chart(page, "Charges and fees").getByRole("button", { name: /Download/ })).toBeDisabled();
  await page.getByRole("group", { name: "Period" }).getByRole("button", { name: "Yearly", exact: true }).click();
  await expect(page).toHaveURL(`/?type=12&startDate=${year}-01-01&endDate=${year}-03-31`);
  await page.goBack();
  await expect(page).toHaveURL(`/?startDate=${year}-01-01&endDate=${year}-03-31`);
  await expect(page.getByRole("button", { name: "Monthly", exact: true })).toHaveAttribute("aria-pressed", "true");
});

test("panel en español: secciones, gráficas y periodos con los nombres del negocio, montos en dólares", async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  await page.goto("/");
  await writeStorage(page, "palco.language", "es");
  await page.goto(`/?type=6&startDate=${LAST_YEAR}-01-01&endDate=${LAST_YEAR}-12-31`);
  await dashboardPainted(page);
  await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeVisible();
  for (const section of ["Ingresos", "Palcos", "Usuarios"]) {
    await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
  }
  for (const title of [
    "Cobros y comisiones",
    "Rentas",
    "Altas de palcos",
    "Palcos reservados",
    "Registros de usuarios",
    "Edades",
    "Usuarios activos",
  ]) {
    await expect(chart(page, title), title).toBeVisible();
  }
  const period = page.getByRole("group", { name: "Periodo" });
  await expect(period.getByRole("button")).toHaveText(["Mensual", "Semestral", "Anual"]);
  await expect(period.getByRole("button", { name: "Semestral" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("report-total")).toHaveText([
    /^Pagado a owners\$[\d,]+\.\d{2}$/,
    /^Por pagar a owners\$[\d,]+\.\d{2}$/,
    /^Total\$[\d,]+\.\d{2}$/,
  ]);
  await expect
    .poll(() => chartRows(chart(page, "Registros de usuarios")))
    .toEqual([
      expect.stringMatching(new RegExp(`^1er semestre ${LAST_YEAR} \\| `)),
      expect.stringMatching(new RegExp(`^2º semestre ${LAST_YEAR} \\| `)),
    ]);
  // The tooltip in Spanish: the bucket's name and the series' names, by keyboard.
  const charges = chart(page, "Cobros y comisiones");
  await charges.getByRole("application", { name: "Cobros y comisiones" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(charges.locator("[data-chart-tooltip]")).toContainText(
    new RegExp(`^1er semestre ${LAST_YEAR}Cobros sin comisiones\\$[\\d,]+\\.\\d{2}Comisiones\\$`),
  );
  await page.keyboard.press("ArrowRight");
  await expect(charges.locator("[data-chart-tooltip]")).toContainText(`2º semestre ${LAST_YEAR}`);
  const ages = await drawn(page, "Edades");
  await expect(ages.getByRole("listitem").first()).toContainText("18-24");
  // A slice's tooltip: its name and count.
  // The pointer on the slice itself: a point of its shape, found in the page (a thin wedge's middle may be outside it).
  const slice = ages.locator("[data-chart-slice]").first();
  const inside = await slice.evaluate((path) => {
    const shape = path as unknown as {
      getBBox(): { x: number; y: number; width: number; height: number };
      isPointInFill(point: { x: number; y: number }): boolean;
    };
    const box = shape.getBBox();
    for (let row = 1; row < 20; row++) {
      for (let column = 1; column < 20; column++) {
        const point = { x: box.x + (box.width * column) / 20, y: box.y + (box.height * row) / 20 };
        if (shape.isPointInFill(point)) return { x: point.x - box.x, y: point.y - box.y };
      }
    }
    return { x: box.width / 2, y: box.height / 2 };
  });
  await slice.hover({ position: inside });
  await expect(ages.locator("[data-chart-tooltip]")).toHaveText(/^18-24\d+$/);
  await expect(
    chart(page, "Cobros y comisiones").getByRole("button", { name: "Descargar Cobros y comisiones como CSV" }),
  ).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
});

test("each report shows only to whoever may read it: boxes staff see the Boxes section alone", async ({
  page,
  request,
}) => {
  const staff = await createStaffWith(request, ["BOXES_INDEX"]);
  await signIn(page, staff);
  await page.goto("/");
  await dashboardPainted(page);
  await expect(page.getByRole("heading", { level: 2, name: "Boxes", exact: true })).toBeVisible();
  await expect((await drawn(page, "Box sign-ups")).locator("[data-chart-bar]").first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Boxes"]);
  await expect(chart(page, "Booked boxes")).toHaveCount(0);
  await expect(chart(page, "Charges and fees")).toHaveCount(0);
});

test("on a phone the dashboard is one column without sideways scrolling, pie legends in full", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, USERS.admin);
  await page.goto("/");
  await dashboardPainted(page);
  await expect(chart(page, "Charges and fees").locator("[data-chart-bar]").first()).toBeVisible();
  // Thirteen months on a narrow chart: the axis names every second or third, none over the next.
  await page.goto(`/?type=1&startDate=${LAST_YEAR}-01-01&endDate=${LAST_YEAR + 1}-01-31`);
  const axis = chart(page, "Charges and fees").locator(".visx-axis-bottom text");
  await expect.poll(() => axis.count()).toBeGreaterThan(2);
  const labels = await axis.evaluateAll((texts) =>
    texts.map((text) => {
      const box = text.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );
  expect(labels.length).toBeLessThan(13);
  for (const [index, label] of labels.slice(1).entries()) expect(label.left).toBeGreaterThan(labels[index]?.right ?? 0);
  // Drawn once scrolled near, then its legend scrolled to: whole, not clipped by the card or the screen.
  const legend = (await drawn(page, "Active users")).getByRole("list").getByText("Active in the last 30 days");
  await legend.scrollIntoViewIfNeeded();
  await expect(legend).toBeInViewport({ ratio: 1 });
  const widths = await page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await expectNoSeriousA11yViolations(page);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test("a tapped bucket keeps its tooltip until another is tapped", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto(`/?type=1&startDate=${LAST_YEAR}-01-01&endDate=${LAST_YEAR}-12-31`);
    await dashboardPainted(page);
    const income = chart(page, "Charges and fees");
    const buckets = income.locator("[data-chart-bucket]");
    await expect(buckets).toHaveCount(12);
    const tooltip = income.locator("[data-chart-tooltip]");
    await buckets.nth(2).tap();
    await expect(tooltip).toContainText(`Mar ${LAST_YEAR}`);
    // The finger has lifted: the numbers stay to be read.
    await page.waitForTimeout(300);
    await expect(tooltip).toContainText(`Mar ${LAST_YEAR}`);
    await buckets.nth(9).tap();
    await expect(tooltip).toContainText(`Oct ${LAST_YEAR}`);
  });
});

test("the demo's finance role reads the reports it is named for", async ({ page }) => {
  await signIn(page, { email: "guadalupe.ramirez@palco.local", password: USERS.admin.password });
  await page.goto("/");
  await dashboardPainted(page);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Income", "Boxes", "Users"]);
  for (const title of ["Charges and fees", "Rentals", "Box sign-ups", "User sign-ups"]) {
    await expect((await drawn(page, title)).locator("[data-chart-bar]").first(), title).toBeVisible();
  }
  await expect(chart(page, "Booked boxes").getByRole("row").nth(1).getByRole("link")).toHaveAttribute(
    "href",
    /^\/bookings\/\d+$/,
  );
});
