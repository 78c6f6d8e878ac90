import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { apiClient, signIn, solidPng, tableRows, USERS } from "./fixtures.ts";

// The screens of spec 01 in both languages: translations change text lengths and accessible names, so each is
// checked in each language. The language is chosen as a returning user would have it: stored in localStorage.
const LANGUAGES = [
  {
    code: "en",
    signIn: "Sign in",
    users: "Users",
    create: "Create",
    delete: "Delete",
    cancel: "Cancel",
  },
  {
    code: "es",
    signIn: "Iniciar sesión",
    users: "Usuarios",
    create: "Crear",
    delete: "Eliminar",
    cancel: "Cancelar",
  },
] as const;

type LocalStorageGlobals = { localStorage: { setItem(key: string, value: string): void } };

async function useLanguage(page: Page, code: string) {
  await page.addInitScript((language) => {
    (globalThis as unknown as LocalStorageGlobals).localStorage.setItem("palco.language", language);
  }, code);
}

/** Both colour schemes, as the system asks for them (the SPA follows the system unless the user chose). */
const SCHEMES = ["light", "dark"] as const;

/**
 * Axe in each colour scheme on the page as it stands: the system's preference changes and the SPA follows it at
 * once, as it does for a member whose system switches at dusk. One page load serves both schemes, and a colour
 * computed only once, on the first render, shows up here. (Opening a page in the dark scheme from the start, before
 * the app runs, is theme.spec.ts's and login-prerendered.spec.ts's.)
 */
async function expectNoSeriousViolationsInEitherScheme(page: Page, where: string) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
    await expectNoSeriousA11yViolations(page, `${where}, ${scheme}`);
  }
}

for (const language of LANGUAGES) {
  test.describe(`WCAG 2.1 AA in ${language.code}, light and dark`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language.code);
    });

    test("the login page, with its validation messages", async ({ page }) => {
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", language.code);
      await expect(page.getByRole("heading", { name: language.signIn })).toBeVisible();
      await expectNoSeriousViolationsInEitherScheme(page, `login (${language.code})`);

      // Empty submit: the error texts and red borders are measured too.
      await page.getByRole("button", { name: language.signIn }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
      await expectNoSeriousViolationsInEitherScheme(page, `login with errors (${language.code})`);
    });

    // One page per test, checked in both schemes: more axe runs in one test would not fit its time budget.
    test("a list", async ({ page }) => {
      await signIn(page, USERS.admin);
      await page.goto("/users");
      await expect(page.getByRole("heading", { name: language.users })).toBeVisible();
      await expect(tableRows(page).first()).toBeVisible();
      await expectNoSeriousViolationsInEitherScheme(page, `users list (${language.code})`);
    });

    test("a detail with a picture, role tags and header actions", async ({ page }) => {
      await signIn(page, USERS.admin);
      await page.goto("/users");
      await tableRows(page).first().getByRole("link").first().click();
      await expect(page).toHaveURL(/\/users\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("dl")).toBeVisible();
      await expectNoSeriousViolationsInEitherScheme(page, `user detail (${language.code})`);
    });

    test("an empty create form, submitted: field errors, the picture drop zone, switches", async ({ page }) => {
      await signIn(page, USERS.admin);
      await page.goto("/users/create");
      await page.getByRole("button", { name: language.create }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
      await expectNoSeriousViolationsInEitherScheme(page, `user form with errors (${language.code})`);
    });

    test("a delete confirmation modal", async ({ page }) => {
      await signIn(page, USERS.admin);
      const api = await apiClient(page.request, USERS.admin);
      const country = (await api.get<{ id: number; code: string }[]>("/api/countries/all")).find(
        (item) => item.code === "MEX",
      );
      expect(country, "the seeded country MEX").toBeDefined();
      // Opened from the edit page and cancelled: nothing is deleted.
      await page.goto(`/countries/${country!.id}/edit`);
      await page.getByRole("button", { name: language.delete }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("button", { name: language.cancel })).toBeVisible();
      await expectNoSeriousViolationsInEitherScheme(page, `delete confirmation (${language.code})`);
      await dialog.getByRole("button", { name: language.cancel }).click();
      await expect(dialog).toBeHidden();
    });
  });
}

test("the login page keeps all of its content in landmarks, with one main", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Español", { exact: true })).toBeVisible();
  // Best-practice rules (not WCAG criteria, so not in the check above): every piece of content in a landmark.
  const results = await new AxeBuilder({ page })
    .withRules(["region", "landmark-one-main", "landmark-unique", "landmark-no-duplicate-main"])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`),
  ).toEqual([]);
});

test("the signed-in layout has one main landmark holding the page", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/countries");
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("heading", { name: "Countries" })).toBeVisible();
});

test("the picture field is usable from the keyboard: its button opens the file chooser", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/users/create");
  const zone = page.getByRole("group", { name: "Picture", exact: true });
  await expect(zone).toContainText("Drag an image here");
  // The zone is not a control itself, and nothing interactive but the labelled file input sits inside it.
  expect(await zone.getAttribute("tabindex"), "the zone is not in the tab order").toBeNull();
  await expect(zone.locator("button, a[href], [role=button], [tabindex='0']")).toHaveCount(0);
  await expect(zone.getByLabel("Picture: image file")).toHaveAttribute("type", "file");

  const choose = page.getByRole("button", { name: "Choose an image" });
  // Listening before the key goes out: the browser intercepts the file chooser only once it is asked to, and a
  // chooser that opens before that is not reported.
  const chooser = page.waitForEvent("filechooser");
  await choose.focus();
  await expect(choose).toBeFocused();
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({
    name: "keyboard.png",
    mimeType: "image/png",
    buffer: solidPng(16, [40, 90, 200]),
  });
  await expect(zone).toContainText("keyboard.png");
  await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
  await page.getByRole("button", { name: "Remove image" }).click();
  await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toHaveCount(0);
});

// The catalogue's own parts (spec 02): a venue's map and picture, the event form's date picker and chips.
for (const language of LANGUAGES) {
  test.describe(`WCAG 2.1 AA in ${language.code}, light and dark: the catalogue`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language.code);
    });

    test("a venue's detail, with its picture and map", async ({ page }) => {
      await signIn(page, USERS.admin);
      const admin = await apiClient(page.request, USERS.admin);
      const { items } = await admin.get<{ items: { id: number }[] }>("/api/venues?search=akron");
      await page.goto(`/venues/${items[0]!.id}`);
      await expect(page.locator(".leaflet-container")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Akron/);
      await expectNoSeriousViolationsInEitherScheme(page, `venue detail (${language.code})`);
    });

    test("the event form with its validation messages", async ({ page }) => {
      await signIn(page, USERS.admin);
      await page.goto("/events/create");
      await page.getByRole("button", { name: language.create, exact: true }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
      await expectNoSeriousViolationsInEitherScheme(page, `event form with errors (${language.code})`);
    });
  });
}

// The suite browses as a person who asked their system for less motion (playwright.config.ts); the SPA honours that
// setting (theme.ts) and keeps its transitions for everyone else.
for (const motion of [
  { preference: "reduce", transition: "0s", name: "appears at once" },
  { preference: "no-preference", transition: "0.2s", name: "fades in" },
] as const) {
  test.describe(`with the system's motion preference "${motion.preference}"`, () => {
    test.use({ reducedMotion: motion.preference });

    test(`a confirmation modal ${motion.name}`, async ({ page }) => {
      await signIn(page, USERS.admin);
      const api = await apiClient(page.request, USERS.admin);
      const country = (await api.get<{ id: number; code: string }[]>("/api/countries/all")).find(
        (item) => item.code === "MEX",
      );
      await page.goto(`/countries/${country!.id}/edit`);
      await page.getByRole("button", { name: "Delete" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
      await expect(dialog).toHaveCSS("transition-duration", motion.transition);
      await expectNoSeriousA11yViolations(page, `delete confirmation (${motion.preference})`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    });
  });
}
