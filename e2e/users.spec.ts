import { expect, type Page, test } from "@playwright/test";
import {
  apiSession,
  chooseFile,
  chooseOption,
  detailValue,
  expectEveryRow,
  linkFromOutbox,
  signIn,
  signInWithForm,
  solidPng,
  statusBadge,
  successBanner,
  tableRows,
  USERS,
  unique,
} from "./fixtures.ts";

const FIRST = unique("Renata");
const LAST = "Quiroga";
const RENAMED_LAST = "Quiroga Salas";
const EMAIL = `${FIRST.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@palco.test`;
const PASSWORD = "Renata2026x";
const NEW_PASSWORD = "Cambio2026y";
const AVATAR = { name: "renata.png", mimeType: "image/png", buffer: solidPng(48, [220, 90, 40]) };

const fullName = (last: string) => `${FIRST} ${last}`;

/** Opens the detail of the user of this spec from the list (searching by e-mail). */
async function openDetail(page: Page, last = LAST) {
  await page.goto(`/users?search=${encodeURIComponent(EMAIL)}`);
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole("link", { name: fullName(last) }).click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByRole("heading", { name: fullName(last) })).toBeVisible();
}

const passwordField = (page: Page) => page.getByRole("textbox", { name: "Password", exact: true });
// The drop zone is a labelled group (a mouse click on it opens the file chooser); the keyboard uses the button beside.
const pictureZone = (page: Page) => page.getByRole("group", { name: "Picture", exact: true });

// One staff member goes through their whole life cycle, in order; the tests after it stand alone.
test.describe("life cycle", () => {
  test.describe.configure({ mode: "serial" });

  test("create: validation on submit, a bad phone, then a user with an avatar and a role", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/users");
    // The tab shows the unread notifications first: "(3) …".
    await expect(page).toHaveTitle(/^(\(\d+\) )?Users · Palco Admin$/);
    await page.getByRole("link", { name: "Add user" }).click();
    await expect(page).toHaveURL("/users/create");
    await expect(page.getByRole("heading", { name: "New user" })).toBeVisible();
    await expect(page.getByLabel("First name")).toBeFocused();
    // Creating always asks for the password; there is no change-password switch.
    await expect(page.getByRole("switch", { name: "Change password" })).toHaveCount(0);

    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The first name is required")).toBeVisible();
    await expect(page.getByText("The last name is required")).toBeVisible();
    await expect(page.getByText("The phone is required")).toBeVisible();
    await expect(page.getByText("The e-mail is required")).toBeVisible();
    await expect(page.getByText("The password is required")).toBeVisible();
    await expect(page.getByLabel("First name")).toBeFocused();

    await page.getByLabel("First name").fill(FIRST);
    await page.getByLabel("Last name").fill(LAST);
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Phone").fill("12345");
    await passwordField(page).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("Different2026x");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The first name is required")).toHaveCount(0);
    await expect(page.getByText("Enter a 10-digit phone number, optionally with a +country code")).toBeVisible();
    await expect(page.getByText("The passwords do not match")).toBeVisible();
    await expect(page.getByLabel("Phone")).toBeFocused();

    await page.getByLabel("Phone").fill("+52 33 3615 9001");
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("switch", { name: "Solo lectura" }).check();
    await chooseFile(page, pictureZone(page), AVATAR);
    await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await expect(pictureZone(page)).toContainText("renata.png");

    const since = Date.now();
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL("/users");
    await expect(successBanner(page)).toHaveText(
      "The user was created successfully. An e-mail with the link to activate the account was sent to them.",
    );
    // The activation e-mail arrives.
    await linkFromOutbox(EMAIL, "activate-account", since);
  });

  test("the new user cannot sign in before activating, and can after", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(EMAIL);
    await passwordField(page).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid information" })).toContainText(
      "This account is blocked or has not been activated yet",
    );

    await page.goto(await linkFromOutbox(EMAIL, "activate-account"));
    await page.getByRole("button", { name: "Verify my account" }).click();
    await expect(page.getByText("The e-mail was verified and you may log in.")).toBeVisible();

    await signInWithForm(page, { email: EMAIL, password: PASSWORD });
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu")).toContainText(fullName(LAST));
  });

  test("list: search, the role filter in the URL, and pages of 12", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/users");
    await expect(tableRows(page)).toHaveCount(12);
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }),
    ).toBeVisible();

    await chooseOption(page, "Role", "Solo lectura");
    await expect(page).toHaveURL(/[?&]role=\d+/);
    await expectEveryRow(page, "Solo lectura");
    await expect(tableRows(page).filter({ hasText: EMAIL })).toHaveCount(1);

    await page.getByRole("searchbox", { name: "Search" }).fill(FIRST);
    await expect(tableRows(page)).toHaveCount(1);
    const row = tableRows(page).first();
    await expect(row).toContainText(fullName(LAST));
    await expect(row).toContainText(EMAIL);
    await expect(row).toContainText("+52 33 3615 9001");
    await expect(row).toContainText("Yes");
    // The list shows the avatar next to the name.
    await expect(row.locator("img")).toHaveAttribute("src", /\/uploads\//);
  });

  test("detail: the avatar, every field and the role badges", async ({ page }) => {
    await signIn(page, USERS.admin);
    await openDetail(page);
    await expect(statusBadge(page)).toHaveText("Active");
    await expect(detailValue(page, "First name")).toHaveText(FIRST);
    await expect(detailValue(page, "Last name")).toHaveText(LAST);
    await expect(detailValue(page, "E-mail")).toHaveText(EMAIL);
    await expect(detailValue(page, "Phone")).toHaveText("+52 33 3615 9001");
    await expect(detailValue(page, "Roles")).toHaveText("Solo lectura");
    const avatar = page.getByRole("img", { name: `Picture of ${fullName(LAST)}` });
    await expect(avatar).toHaveAttribute("src", /\/uploads\//);
    // The stored picture is served.
    const response = await page.request.get((await avatar.getAttribute("src"))!);
    expect(response.ok()).toBe(true);
    expect(response.headers()["content-type"]).toMatch(/^image\//);
  });

  test("edit without a password change: names and roles through the switches", async ({ page }) => {
    await signIn(page, USERS.admin);
    await openDetail(page);
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/users\/\d+\/edit$/);
    await expect(page.getByRole("heading", { name: "Edit user" })).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue(FIRST);
    await expect(page.getByLabel("E-mail")).toHaveValue(EMAIL);
    await expect(page.getByRole("switch", { name: "Solo lectura" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Editor de geografía" })).not.toBeChecked();
    // The password fields appear only with the switch.
    const change = page.getByRole("switch", { name: "Change password" });
    await expect(change).not.toBeChecked();
    await expect(passwordField(page)).toHaveCount(0);

    await page.getByLabel("Last name").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The last name is required")).toBeVisible();

    await page.getByLabel("Last name").fill(RENAMED_LAST);
    await page.getByRole("switch", { name: "Solo lectura" }).uncheck();
    await page.getByRole("switch", { name: "Editor de geografía" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(successBanner(page)).toHaveText("The user was updated successfully");
    await expect(page.getByRole("heading", { name: fullName(RENAMED_LAST) })).toBeVisible();
    await expect(detailValue(page, "Roles")).toHaveText("Editor de geografía");
    // The picture was kept.
    await expect(page.getByRole("img", { name: `Picture of ${fullName(RENAMED_LAST)}` })).toHaveAttribute(
      "src",
      /\/uploads\//,
    );
    // The password did not change.
    await apiSession(page.request, { email: EMAIL, password: PASSWORD });
  });

  test("a non-image file named .png is refused with the server's message on the picture", async ({ page }) => {
    await signIn(page, USERS.admin);
    await openDetail(page, RENAMED_LAST);
    await page.getByRole("link", { name: "Edit" }).click();
    await chooseFile(page, pictureZone(page), {
      name: "not-a-picture.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is plain text, not an image\n".repeat(20)),
    });
    await page.getByRole("button", { name: "Save" }).click();
    const message = "The picture must be a JPEG, PNG or WebP image";
    // On the field itself, once: a message that has its field on screen is not repeated in an alert.
    await expect(page.getByText(message)).toHaveCount(1);
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: message })).toHaveCount(0);
    await expect(page).toHaveURL(/\/users\/\d+\/edit$/);
  });

  test("edit with a password change: the new password is checked, then saved", async ({ page }) => {
    await signIn(page, USERS.admin);
    await openDetail(page, RENAMED_LAST);
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("switch", { name: "Change password" }).check();
    await expect(passwordField(page)).toBeVisible();

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The password is required")).toBeVisible();

    await passwordField(page).fill("short");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The password must be 8 to 24 characters long")).toBeVisible();

    await passwordField(page).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(successBanner(page)).toHaveText("The user was updated successfully");
  });

  test("the user signs in with the new password, not the old one", async ({ page }) => {
    const old = await page.request.post("/api/auth/login", {
      data: { provider: "email", user: EMAIL, secret: PASSWORD },
    });
    expect(old.status()).toBe(401);
    await signInWithForm(page, { email: EMAIL, password: NEW_PASSWORD });
  });

  test("block and unblock with confirmation", async ({ page }) => {
    await signIn(page, USERS.admin);
    await openDetail(page, RENAMED_LAST);
    const name = fullName(RENAMED_LAST);

    await page.getByRole("button", { name: "Block", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Block ${name}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(statusBadge(page)).toHaveText("Active");

    await page.getByRole("button", { name: "Block", exact: true }).click();
    await dialog.getByRole("button", { name: "Block", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(statusBadge(page)).toHaveText("Inactive");
    await expect(page.getByRole("button", { name: "Unblock", exact: true })).toBeVisible();
    // A blocked user cannot sign in.
    const blocked = await page.request.post("/api/auth/login", {
      data: { provider: "email", user: EMAIL, secret: NEW_PASSWORD },
    });
    expect(blocked.status()).toBe(403);

    await page.getByRole("link", { name: "Back to list" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(EMAIL);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText("No");

    await page.getByRole("link", { name }).click();
    await page.getByRole("button", { name: "Unblock", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unblock", exact: true }).click();
    await expect(statusBadge(page)).toHaveText("Active");
    await expect(page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
  });

  test("a failed block shows the user's own block/unblock error", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.route(/\/api\/users\/\d+\/deactivate$/, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"statusCode":500,"error":"x","message":"x"}',
      }),
    );
    await openDetail(page, RENAMED_LAST);
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText(
      "The user could not be blocked or unblocked, please try again.",
    );
    await expect(statusBadge(page)).toHaveText("Active");
  });

  test("delete with confirmation goes back to the list with a message", async ({ page }) => {
    await signIn(page, USERS.admin);
    await openDetail(page, RENAMED_LAST);
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${fullName(RENAMED_LAST)}?` });
    await expect(dialog).toContainText("This action cannot be undone.");
    await dialog.getByRole("button", { name: "Delete" }).click();

    await expect(page).toHaveURL("/users");
    await expect(successBanner(page)).toHaveText("The user was deleted successfully");
    await page.getByRole("searchbox", { name: "Search" }).fill(EMAIL);
    await expect(page.getByText("No results")).toBeVisible();
  });
});

test("blocking your own account is not offered: the button is disabled and says why", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto(`/users?search=${encodeURIComponent(USERS.admin.email)}`);
  await tableRows(page).first().getByRole("link").click();
  // The server refuses it (apps/api/test/users.test.ts); the page says so before anyone tries.
  const block = page.getByRole("button", { name: "Block", exact: true });
  await expect(block).toBeDisabled();
  await expect(block).toHaveAccessibleDescription("You cannot block your own account");
  await block.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(statusBadge(page)).toHaveText("Active");
});

test("an unknown user opens the load-error modal with Back and Retry", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/users/999999/edit");
  const dialog = page.getByRole("dialog", { name: "The data could not be loaded" });
  await expect(dialog).toContainText("The user could not be loaded.");
  await dialog.getByRole("button", { name: "Retry" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL("/users");
});

test("changing your own picture updates the top-bar avatar at once", async ({ page }) => {
  await signIn(page, USERS.admin);
  const topBarAvatar = page.getByRole("button", { name: "Account menu" }).locator("img");
  await page.goto(`/users?search=${encodeURIComponent(USERS.admin.email)}`);
  await tableRows(page).first().getByRole("link").click();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("E-mail")).toHaveValue(USERS.admin.email);
  await expect(topBarAvatar).toHaveCount(0);
  // You cannot delete yourself: the button says why.
  await expect(page.getByRole("button", { name: "Delete" })).toBeDisabled();
  await expect(page.getByText("You cannot delete your own account")).toBeVisible();
  // The seeded super-admin has no phone yet, and the form requires one.
  await page.getByLabel("Phone").fill("+52 55 1000 2000");

  await chooseFile(page, pictureZone(page), { ...AVATAR, name: "me.png", buffer: solidPng(32, [30, 120, 200]) });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(successBanner(page)).toHaveText("The user was updated successfully");
  await expect(topBarAvatar).toHaveAttribute("src", /\/uploads\//);
  // It survives a reload (the stored session was updated too).
  await page.reload();
  await expect(topBarAvatar).toHaveAttribute("src", /\/uploads\//);

  // Removing it brings the initials back.
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Remove image" }).click();
  await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toHaveCount(0);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(successBanner(page)).toHaveText("The user was updated successfully");
  await expect(topBarAvatar).toHaveCount(0);
});
