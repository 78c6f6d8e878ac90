import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiClient, signIn, statusBadge, USERS } from "./fixtures.ts";

// The e2e tsconfig has no DOM types: these callbacks run in the page.
type Measured = { scrollWidth: number; clientWidth: number };
type BrowserGlobals = {
  document: { documentElement: Measured };
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
};

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const TEXTS = {
  en: {
    users: "Users",
    active: "Active",
    inactive: "Inactive",
    userFields: ["E-mail", "Phone", "Roles"],
    pagination: "Pagination",
    next: "Next page",
    backToList: "Back to list",
    edit: "Edit",
    moreActions: "More actions",
    block: "Block",
    cancel: "Cancel",
    blockSelf: "You cannot block your own account",
    name: "Name",
    create: "Create",
    addCountry: "Add country",
  },
  es: {
    users: "Usuarios",
    active: "Activo",
    inactive: "Inactivo",
    userFields: ["Correo electrónico", "Teléfono", "Roles"],
    pagination: "Paginación",
    next: "Página siguiente",
    backToList: "Regresar a la lista",
    edit: "Editar",
    moreActions: "Más acciones",
    block: "Bloquear",
    cancel: "Cancelar",
    blockSelf: "No puedes bloquear tu propia cuenta",
    name: "Nombre",
    create: "Crear",
    addCountry: "Agregar país",
  },
} as const;
type Language = keyof typeof TEXTS;

async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((value) => {
    (globalThis as unknown as BrowserGlobals).localStorage.setItem("palco.language", value);
  }, language);
}

/** Nothing sticks out sideways: the page never scrolls horizontally. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = (globalThis as unknown as BrowserGlobals).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The element is wholly inside the window and its text is not cut into an ellipsis. */
async function expectWhole(locator: Locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const { scrollWidth, clientWidth } = await locator.evaluate((element) => {
    const measured = element as unknown as Measured;
    return { scrollWidth: measured.scrollWidth, clientWidth: measured.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  for (const language of ["en", "es"] as const) {
    const text = TEXTS[language];

    // The seeded staff (15) fill more than one page; other specs may add a few while this runs.
    test(`a list reads as cards and pages (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      await signIn(page, USERS.admin);
      await page.goto("/users");

      const cards = page.getByRole("list", { name: text.users }).getByRole("listitem");
      await expect(cards).toHaveCount(12);
      await expect(page.getByRole("table")).toHaveCount(0);
      // A card: the name (the link), e-mail, phone and roles as labelled lines, the status badge whole.
      for (const card of await cards.all()) {
        await expect(card.getByRole("link")).toHaveCount(1);
        await expect(card.locator("dt")).toHaveText([...text.userFields]);
        await expect(card.locator("dd").first()).toContainText("@");
        const badge = card.getByText(new RegExp(`^(${text.active}|${text.inactive})$`));
        await expect(badge).toHaveCount(1);
      }
      await expectWhole(cards.first().getByText(new RegExp(`^(${text.active}|${text.inactive})$`)));
      await expectNoSidewaysScroll(page);

      // Paging is reachable and fits the window.
      const pagination = page.getByRole("navigation", { name: text.pagination });
      await pagination.scrollIntoViewIfNeeded();
      await expectWhole(pagination);
      await pagination.getByRole("link", { name: text.next }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText(/^(Showing|Mostrando) 13–/)).toBeVisible();
      const link = cards.first().getByRole("link");
      await expect(link).toBeVisible();

      // The primary field opens that user's detail.
      const email = (await cards.first().locator("dd").first().textContent())?.trim() ?? "";
      expect(email).toContain("@");
      await link.click();
      await expect(page).toHaveURL(/\/users\/\d+$/);
      // Among the record's fields (its History may quote the same address in its before/after table).
      await expect(page.getByRole("main").getByRole("definition").filter({ hasText: email }).first()).toBeVisible();
    });

    test(`a detail keeps its badge whole and its actions in a menu (${language})`, async ({ page }) => {
      const api = await apiClient(page.request, USERS.geoEditor);
      const countries = await api.get<{ id: number; isActive: boolean }[]>("/api/countries/all");
      const country = countries.find((candidate) => candidate.isActive)!;
      await useLanguage(page, language);
      await signIn(page, USERS.geoEditor);
      await page.goto(`/countries/${country.id}`);

      await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
      await expectWhole(page.getByText(text.active, { exact: true }));
      await expectNoSidewaysScroll(page);
      // One way back (the button, no breadcrumb besides it), and Edit stays a button.
      await expect(page.getByRole("main").locator('a[href="/countries"]')).toHaveCount(1);
      await expect(page.getByRole("link", { name: text.backToList })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("link", { name: text.edit })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("button", { name: text.block, exact: true })).toHaveCount(0);

      // Block is in the "More actions" menu and still asks for confirmation.
      await page.getByRole("button", { name: text.moreActions }).click();
      const block = page.getByRole("menuitem", { name: text.block });
      await expect(block).toBeInViewport({ ratio: 1 });
      await block.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: text.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(text.active, { exact: true })).toBeVisible();
    });

    test(`a form has its fields, errors and submit within reach (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      await signIn(page, USERS.geoEditor);
      await page.goto("/countries");
      await page.getByRole("link", { name: text.addCountry }).click();

      const name = page.getByRole("textbox", { name: text.name });
      await expect(name).toBeInViewport({ ratio: 1 });
      const submit = page.getByRole("button", { name: text.create });
      await submit.scrollIntoViewIfNeeded();
      await expectWhole(submit);
      await submit.click();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      // The field's own message (whatever its wording), shown under it and wholly on screen.
      const error = page.locator(`[id="${await name.getAttribute("id")}-error"]`);
      await expect(error).not.toBeEmpty();
      await error.scrollIntoViewIfNeeded();
      await expectWhole(error);
      await expectNoSidewaysScroll(page);
    });
  }

  test("a box waiting for review: its decisions, pictures, seasons and documents fit the phone", async ({ page }) => {
    const admin = await apiClient(page.request, USERS.admin);
    const { items } = await admin.get<{ items: { id: number; boxZone: string; number: string }[] }>(
      "/api/boxes?status=waiting&seasons=true",
    );
    const box = items[0]!;
    await signIn(page, USERS.admin);
    await page.goto(`/boxes/${box.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${box.boxZone} ${box.number}`);
    await expectWhole(page.getByTestId("review-status"));
    await expect(page.getByRole("button", { name: "Accept" })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Reject" })).toBeInViewport({ ratio: 1 });
    const carousel = page.getByRole("region", { name: /^Pictures of / });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole("button", { name: "Next picture" })).toBeInViewport({ ratio: 1 });
    await page.getByRole("button", { name: "Property title" }).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Property title" }).click();
    const viewer = page.getByRole("dialog", { name: "Property title" });
    await expect(viewer.getByRole("button", { name: "Zoom in" })).toBeInViewport({ ratio: 1 });
    await expect(viewer.getByRole("link", { name: /Open full size/ })).toBeInViewport({ ratio: 1 });
  });

  test("your own account's menu says why Block is not offered", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto(`/users?search=${encodeURIComponent(USERS.admin.email)}`);
    await page.getByRole("list", { name: "Users" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expectWhole(statusBadge(page));
    await page.getByRole("button", { name: "More actions" }).click();
    const block = page.getByRole("menuitem", { name: /Block/ });
    await expect(block).toBeDisabled();
    await expect(block).toContainText("You cannot block your own account");
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("the whole menu fits a 1440×900 window, down to Settings", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Cities" })).toBeInViewport({ ratio: 1 });
    await expect(nav.getByRole("link", { name: "Settings" })).toBeInViewport({ ratio: 1 });
    await nav.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL("/settings");
  });

  for (const language of ["en", "es"] as const) {
    const text = TEXTS[language];

    test(`a refused action stays visible, disabled, and says why on hover and focus (${language})`, async ({
      page,
    }) => {
      await useLanguage(page, language);
      await signIn(page, USERS.admin);
      await page.goto(`/users?search=${encodeURIComponent(USERS.admin.email)}`);
      await page.getByRole("table").getByRole("link").first().click();
      await expect(page).toHaveURL(/\/users\/\d+$/);

      const block = page.getByRole("button", { name: text.block, exact: true });
      await expect(block).toBeDisabled();
      await expect(block).toHaveAccessibleDescription(text.blockSelf);
      const tooltip = page.locator(".mantine-Tooltip-tooltip");
      await block.hover();
      await expect(tooltip).toHaveText(text.blockSelf);
      await page.mouse.move(0, 0);
      await expect(tooltip).toHaveCount(0);
      // Reached with the keyboard (a disabled button would be skipped).
      await page.getByRole("link", { name: text.backToList }).focus();
      await page.keyboard.press("Tab");
      await expect(block).toBeFocused();
      await expect(tooltip).toHaveText(text.blockSelf);
      // Editing your own account is fine.
      await expect(page.getByRole("link", { name: text.edit })).toBeVisible();
    });
  }
});
