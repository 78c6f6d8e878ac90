import { expect, type Locator, type Page, test } from "@playwright/test";
import { createStaffWith, holdScript, signIn, USERS } from "./fixtures.ts";

// The signed-in pages come in their frame, prerendered in the HTML with the page's title (apps/web/scripts/
// prerender.mjs, dist/shell.html): it shows before any of the app's script has run. These hold the app's script
// back to look at that frame, then let the app start over it. The frame is only a picture until then (inert and
// hidden from assistive technologies), so it is found by its markup here, and the app's page by its roles.

/** The prerendered frame's visible title (only the page's own shows). */
const frameTitle = (page: Page) => page.locator("[data-prerendered] h1").filter({ visible: true });
const frameHeader = (page: Page) => page.locator("[data-prerendered] header").filter({ visible: true });
/** The prerendered frame's dashboard greeting, shown or not. */
const frameGreeting = (page: Page) => page.locator("[data-prerendered] [data-shell-greeting]");
/** The prerendered frame's visible search box (a list's). */
const frameSearch = (page: Page) => page.locator("[data-prerendered] input[type=search]").filter({ visible: true });

/**
 * Lets the app start over the frame and checks that the page's own title then sits exactly where the frame's did:
 * nothing moves when the app takes over.
 */
async function expectTitleStaysWhenTheAppStarts(page: Page, release: () => void, text: string) {
  const before = await frameTitle(page).boundingBox();
  // A list's search box too, where the frame has one.
  const searchBefore = (await frameSearch(page).count()) > 0 ? await frameSearch(page).boundingBox() : null;
  release();
  await expect(page).toHaveTitle(new RegExp(`${text} · Palco Admin$`));
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText(text);
  await expect(page.locator("[data-prerendered]")).toHaveCount(0);
  expectSamePlace(await title.boundingBox(), before);
  if (searchBefore) expectSamePlace(await page.getByRole("searchbox").boundingBox(), searchBefore);
}

function expectSamePlace(after: Box | null, before: Box | null) {
  expect(Math.abs(after!.x - before!.x)).toBeLessThan(1);
  expect(Math.abs(after!.y - before!.y)).toBeLessThan(1);
  expect(Math.abs(after!.width - before!.width)).toBeLessThan(1);
  expect(Math.abs(after!.height - before!.height)).toBeLessThan(1);
}
/** Where an element sits on the page, as Playwright measures it. */
type Box = NonNullable<Awaited<ReturnType<Locator["boundingBox"]>>>;

test("a signed-in member opening a list sees its title before the app starts, and the app's title in its place", async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  const release = await holdScript(page);
  await page.goto("/countries");
  await expect(frameTitle(page)).toHaveText("Countries");
  await expect(frameHeader(page)).toContainText("Palco Admin");
  // The list's search box is drawn already, as a picture, like the rest of the frame: nobody can use it yet.
  await expect(frameSearch(page)).toHaveAttribute("placeholder", "Search by name or code");
  await expect(page.getByRole("searchbox")).toHaveCount(0);
  // The app has not started: the tab has the document's own title, and the frame is no page to use yet.
  await expect(page).toHaveTitle("Palco Admin");
  await expect(page.getByRole("heading")).toHaveCount(0);
  await expect(page.getByRole("button")).toHaveCount(0);
  await expectTitleStaysWhenTheAppStarts(page, release, "Countries");
  await expect(page.getByRole("link", { name: "Add country" })).toBeVisible();
});

test("a member who folded the menu away sees the frame folded too, and the title stays put", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.addInitScript(() => localStorage.setItem("palco.sidebar", "false"));
  const release = await holdScript(page);
  await page.goto("/events");
  await expect(frameTitle(page)).toHaveText("Events");
  // The page starts at the left edge, not beside the menu's place.
  expect((await frameTitle(page).boundingBox())!.x).toBeLessThan(100);
  await expectTitleStaysWhenTheAppStarts(page, release, "Events");
});

test("on a phone, in Spanish and dark, the frame and title are the member's before the app starts", async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: "dark", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, USERS.admin);
  await page.addInitScript(() => localStorage.setItem("palco.language", "es"));
  const release = await holdScript(page);
  await page.goto("/bookings?status=accepted");
  await expect(frameTitle(page)).toHaveText("Reservas");
  await expect(frameSearch(page)).toHaveAttribute(
    "placeholder",
    "Buscar por clave, folio, huésped, propietario o palco",
  );
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expectTitleStaysWhenTheAppStarts(page, release, "Reservas");
  // The menu is drawn when first opened.
  await page.getByRole("button", { name: "Mostrar u ocultar la navegación" }).first().click();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Países" })).toBeVisible();
  await context.close();
});

test("the dashboard greets the member by name before the app starts, and the app's greeting takes its place", async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  const release = await holdScript(page);
  await page.goto("/");
  await expect(frameTitle(page)).toHaveText("Dashboard");
  const greeting = frameGreeting(page).filter({ visible: true });
  const text = "Welcome, Super. Here is how the marketplace is doing.";
  await expect(greeting).toHaveText(text);
  // The paragraph that holds it, as the app's page holds its own.
  const before = await greeting.locator("xpath=..").boundingBox();
  await expectTitleStaysWhenTheAppStarts(page, release, "Dashboard");
  expectSamePlace(await page.getByText(text).boundingBox(), before);
});

test("a member who may read no report gets no greeting in the frame, then the shortcuts page", async ({ page }) => {
  const member = await createStaffWith(page.request, ["COUNTRIES_INDEX"]);
  await signIn(page, member);
  const release = await holdScript(page);
  await page.goto("/");
  await expect(frameTitle(page)).toHaveText("Dashboard");
  // Its room is kept, invisible, and no name was written into it.
  await expect(frameGreeting(page).first()).toBeHidden();
  await expect(frameGreeting(page).filter({ visible: true })).toHaveCount(0);
  await expect(frameGreeting(page).locator("[data-member-name]").first()).toHaveText("");
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${member.firstName}`);
});

test("a detail opens in the bare frame: no list's title shows before the record's", async ({ page }) => {
  await signIn(page, USERS.admin);
  const release = await holdScript(page);
  await page.goto("/countries/1");
  await expect(frameHeader(page)).toContainText("Palco Admin");
  await expect(frameTitle(page)).toHaveCount(0);
  await expect(frameSearch(page)).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("México");
});

test("a visitor without a session sees no frame, then the sign-in page", async ({ page }) => {
  const release = await holdScript(page);
  await page.goto("/bookings");
  await expect(page.locator("html")).toHaveAttribute("data-page", "/bookings");
  await expect(frameHeader(page)).toHaveCount(0);
  await expect(frameTitle(page)).toHaveCount(0);
  release();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});

test("the app's stylesheet comes once, in the page: a list opened signed in neither fetches nor applies it again", async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto("/countries");
  await expect(page.getByRole("link", { name: "Add country" })).toBeVisible();
  // The list's own lazy chunks have loaded (its rows are shown): any stylesheet they asked for was asked by now.
  await expect(page.getByRole("table", { name: "Countries" }).getByRole("row").nth(1)).toBeVisible();
  expect(stylesheets.filter((file) => /\/assets\/index-[^/]+\.css$/.test(file))).toEqual([]);
  // Mantine's rules are in the document once: a second copy would double the work of every style calculation.
  // The e2e tsconfig has no DOM types: the count runs as page script.
  const copies = await page.evaluate(`[...document.styleSheets].filter((sheet) =>
    [...sheet.cssRules].some((rule) => rule.cssText.startsWith(":root, :host { color-scheme:"))).length`);
  expect(copies).toBe(1);
});
