import { expect, test } from "@playwright/test";
import {
  linkFromOutbox,
  readStorage,
  signIn,
  signInWithForm,
  storedSession,
  successBanner,
  tableRows,
  USERS,
  writeStorage,
} from "./fixtures.ts";

test.describe("sign-in", () => {
  test("signs in with the form and lands on the dashboard", async ({ page }) => {
    await signInWithForm(page, USERS.admin);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // The tab shows the unread notifications first: "(3) …".
    await expect(page).toHaveTitle(/^(\(\d+\) )?Dashboard · Palco Admin$/);
    // The session is kept in localStorage under palco.session.
    const stored = await storedSession(page);
    expect(stored).toMatchObject({ user: { email: USERS.admin.email } });
    expect(typeof stored?.refreshToken).toBe("string");
  });

  test("focuses the e-mail field and validates on submit only", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByLabel("E-mail")).toBeFocused();
    await page.getByLabel("E-mail").fill("not-an-email");
    // Nothing is validated while typing.
    await expect(page.getByText("Enter a valid e-mail address")).toHaveCount(0);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
    await expect(page.getByText("The password is required")).toBeVisible();
    await expect(page).toHaveURL("/login");
  });

  test("wrong credentials show the invalid-information alert and clear the password", async ({ page }) => {
    await page.goto("/login");
    // An unknown account, so no real account gets throttled.
    await page.getByLabel("E-mail").fill("nobody@palco.local");
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Password1");
    await page.getByRole("button", { name: "Sign in" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "Invalid information" });
    await expect(alert).toContainText("Incorrect e-mail or password");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("E-mail")).toHaveValue("nobody@palco.local");
    await expect(page).toHaveURL("/login");
    expect(await storedSession(page)).toBeNull();
  });

  test("a signed-in user is sent away from the public auth pages", async ({ page }) => {
    await signIn(page, USERS.admin);
    for (const path of ["/login", "/forgot-password", "/password-reset-link-sent"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    }
  });

  test("an unauthenticated visitor goes to /login and comes back after signing in", async ({ page }) => {
    await page.goto("/cities?search=Gua&page=1");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.getByLabel("E-mail").fill(USERS.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(USERS.admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/cities?search=Gua&page=1");
    await expect(page.getByRole("heading", { name: "Cities" })).toBeVisible();
  });

  test("logout revokes the session and returns to the login page", async ({ page }) => {
    await signInWithForm(page, USERS.admin);
    const refreshToken = (await storedSession(page))?.refreshToken;
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu")).toContainText(USERS.admin.email);
    await page.getByRole("menuitem", { name: "Log out" }).click();

    await expect(page).toHaveURL("/login");
    await expect.poll(() => storedSession(page)).toBeNull();
    // The refresh token no longer works on the server.
    const refresh = await page.request.post("/api/auth/refresh", { data: { refreshToken } });
    expect(refresh.status()).toBe(401);
    // And the protected area is closed again.
    await page.goto("/countries");
    await expect(page).toHaveURL("/login");
  });

  test("a 401 from the API ends the session", async ({ page }) => {
    await signIn(page, USERS.admin);
    await page.goto("/countries");
    await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
    // Corrupt the stored access token: the next call is answered 401 and the SPA signs out.
    const session = await storedSession(page);
    await writeStorage(page, "palco.session", JSON.stringify({ ...session, token: "invalid" }));
    await page.reload();
    await expect(page).toHaveURL("/login");
    await expect(page.getByText("Your session has expired, please sign in again")).toBeVisible();
  });
});

test("the access token is refreshed silently one minute before it expires", async ({ page }) => {
  // The page runs on the test's clock: the refresh window is reached by moving time, not by waiting for it, so
  // a slow page load cannot make the token expire early.
  await page.clock.install();
  const session = await signIn(page, USERS.admin, { expiresInMs: 10 * 60_000 });
  const refreshCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/auth/refresh")) refreshCalls.push(request.method());
  });

  await page.goto("/countries");
  await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();

  // A second before the window opens nothing has been renewed.
  const stored = JSON.parse((await readStorage(page, "palco.session")) ?? "{}") as { expiresAt: string };
  await page.clock.pauseAt(Date.parse(stored.expiresAt) - 61_000);
  expect(refreshCalls).toEqual([]);
  expect((await storedSession(page))?.refreshToken).toBe(session.refreshToken);

  // Once inside it, the token is renewed, once, without leaving the page.
  await page.clock.runFor(2_000);
  await expect.poll(async () => (await storedSession(page))?.refreshToken).not.toBe(session.refreshToken);
  expect((await storedSession(page))?.token).not.toBe(session.token);
  expect(refreshCalls).toEqual(["POST"]);
  await page.clock.resume();
  await expect(page).toHaveURL("/countries");
  await expect(tableRows(page).first()).toBeVisible();
});

test("a token already inside the refresh window is renewed once, before the calls waiting for it", async ({ page }) => {
  // Thirty seconds left: inside the refresh window, so the SPA renews it before its first call.
  const session = await signIn(page, USERS.admin, { expiresInMs: 30_000 });
  const refreshCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/auth/refresh")) refreshCalls.push(request.method());
  });

  const refreshed = page.waitForResponse((response) => response.url().endsWith("/api/auth/refresh"));
  await page.goto("/countries");
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();
  await expect.poll(async () => (await storedSession(page))?.refreshToken).not.toBe(session.refreshToken);
  const renewed = await storedSession(page);
  expect(renewed?.token).not.toBe(session.token);
  // One refresh, however many calls were waiting for it.
  expect(refreshCalls).toEqual(["POST"]);
  await expect(page).toHaveURL("/countries");
});

test("a refresh that fails for a passing reason (503) keeps the session and is retried", async ({ page }) => {
  // Inside the refresh window but still valid: the SPA tries to renew it at once.
  const session = await signIn(page, USERS.admin, { expiresInMs: 30_000 });
  await page.clock.install();
  const answers: number[] = [];
  // When each refresh was asked for, on the page's clock.
  const askedAt: number[] = [];
  let failNext = true;
  await page.route("**/api/auth/refresh", async (route) => {
    askedAt.push(await page.evaluate(() => Date.now()));
    if (failNext) {
      failNext = false;
      answers.push(503);
      await route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"deploying"}' });
      return;
    }
    const response = await route.fetch();
    answers.push(response.status());
    await route.fulfill({ response });
  });

  await page.goto("/countries");
  await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
  await expect.poll(() => answers).toEqual([503]);
  // Still signed in with the current (valid) access token: the list loads and nothing sends us to /login.
  await expect(tableRows(page).first()).toBeVisible();
  await expect(page).toHaveURL("/countries");
  // The session is kept (a slow machine may already have passed the back-off and rotated it: the 200 below proves
  // the kept refresh token still worked).
  expect(await storedSession(page)).toBeTruthy();

  // The retry comes after the back-off (5 s of the page's time, however long the machine took), not before.
  await page.clock.runFor(6_000);
  await expect.poll(() => answers).toEqual([503, 200]);
  expect(askedAt[1]! - askedAt[0]!).toBeGreaterThanOrEqual(5_000);
  await expect.poll(async () => (await storedSession(page))?.refreshToken).not.toBe(session.refreshToken);
  expect((await storedSession(page))?.token).not.toBe(session.token);
  await expect(page).toHaveURL("/countries");
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
});

test.describe("account activation and password reset", () => {
  // One account goes through the whole life cycle, in order.
  test.describe.configure({ mode: "serial" });
  const user = USERS.pending;

  test("a not yet activated account cannot sign in", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid information" })).toContainText(
      "This account is blocked or has not been activated yet",
    );
  });

  test("the e-mailed activation link verifies the account once", async ({ page }) => {
    const link = await linkFromOutbox(user.email, "activate-account");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Activate your account" })).toBeVisible();
    await page.getByRole("button", { name: "Verify my account" }).click();
    await expect(page.getByText("The e-mail was verified and you may log in.")).toBeVisible();
    await page.getByRole("link", { name: "Go to sign in" }).click();
    await expect(page).toHaveURL("/login");

    // The link is single use.
    await page.goto(link);
    await page.getByRole("button", { name: "Verify my account" }).click();
    await expect(page.getByText("The link may have expired or is no longer valid.")).toBeVisible();
  });

  test("forgot password → link sent → reset with the e-mailed link → sign in with the new password", async ({
    page,
  }) => {
    const since = Date.now();
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await expect(page.getByLabel("E-mail")).toBeFocused();
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL("/password-reset-link-sent");
    await expect(page.getByText("A link to reset your password was sent to your e-mail address.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");

    const link = await linkFromOutbox(user.email, "reset-password", since);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    const password = page.getByLabel("New password", { exact: true });
    const confirmation = page.getByLabel("Confirm the new password", { exact: true });

    // Each rule of the policy has its own message.
    await password.fill("short");
    await confirmation.fill("short");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The password must be 8 to 24 characters long")).toBeVisible();
    await password.fill("alllowercase1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The password must contain an uppercase letter")).toBeVisible();
    await password.fill("NoDigitsHere");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The password must contain a digit")).toBeVisible();
    await password.fill("NewPassword2026");
    await confirmation.fill("NewPassword2027");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The passwords do not match")).toBeVisible();

    await confirmation.fill("NewPassword2026");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL("/login");
    await expect(successBanner(page)).toContainText("Your password has been changed, you can now sign in");

    // The old password is gone, the new one works.
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Incorrect e-mail or password")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("NewPassword2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome, Paula" })).toBeVisible();

    // A used reset link shows the first message of the server's answer.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("AnotherPass2026");
    await page.getByLabel("Confirm the new password", { exact: true }).fill("AnotherPass2026");
    await page.getByRole("button", { name: "Change password" }).click();
    // The server's message ends its sentence before the link to a new one.
    await expect(page.getByRole("alert")).toContainText(
      "This link has expired or is no longer valid. Request a new link",
    );
  });

  test("forgot password failure shows the generic error", async ({ page }) => {
    // The API is unreachable for this one call.
    await page.route("**/api/auth/forgot", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto("/forgot-password");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("This operation could not be completed. Please try again.")).toBeVisible();
    await expect(page).toHaveURL("/forgot-password");
  });
});
