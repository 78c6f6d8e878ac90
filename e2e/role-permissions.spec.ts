import { expect, test } from "@playwright/test";
import { createStaffWith, signIn, tableRows } from "./fixtures.ts";

// A staff member made for this spec: a role with a handful of permissions, created and activated by the admin.
test("a user sees only the sections and buttons their role allows, and the 403 page elsewhere", async ({ page }) => {
  // One long walk through every screen the role opens and several it does not: 40–55 s on a quiet two-core
  // machine, so the default minute leaves no room when the machine is busy.
  test.setTimeout(120_000);
  const staff = await createStaffWith(page.request, [
    "USERS_INDEX",
    "USERS_SHOW",
    "ROLES_INDEX",
    "ROLES_SHOW",
    "PAYMENT_METHODS_INDEX",
  ]);
  await signIn(page, staff);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Users", "Roles", "Payment methods"]);

  // Users: list and detail, but no add, edit or block.
  await nav.getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Add user" })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search" }).fill(staff.email);
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByRole("link", { name: `${staff.firstName} ${staff.lastName}` }).click();
  await expect(page).toHaveURL(`/users/${staff.id}`);
  await expect(page.getByRole("heading", { name: `${staff.firstName} ${staff.lastName}` })).toBeVisible();
  await expect(page.getByText(staff.roleName)).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Block", exact: true })).toHaveCount(0);

  // Roles: list and read-only detail, without add or edit.
  await nav.getByRole("link", { name: "Roles" }).click();
  await expect(page.getByRole("heading", { name: "Roles" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add role" })).toHaveCount(0);
  // Other specs make roles of their own (one per staff member they create): searched, not looked for on page 1.
  await page.getByRole("searchbox", { name: "Search" }).fill("Solo lectura");
  await page.getByRole("link", { name: "Solo lectura", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Solo lectura" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "List countries" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "List countries" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);

  // Payment methods: list and detail (guarded by the index permission), no block button.
  await nav.getByRole("link", { name: "Payment methods" }).click();
  await tableRows(page).filter({ hasText: "Stripe" }).getByRole("link", { name: "Card" }).click();
  await expect(page.getByRole("heading", { name: "Card · Stripe" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Block", exact: true })).toHaveCount(0);

  for (const path of [
    "/users/create",
    `/users/${staff.id}/edit`,
    "/roles/create",
    `/roles/${staff.roleId}/edit`,
    "/payment-providers",
    "/payment-providers/1",
    "/countries",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    await expect(page).toHaveURL(path);
  }
});

test("a user allowed to edit users but not to delete them has no delete button", async ({ page }) => {
  const staff = await createStaffWith(page.request, ["USERS_INDEX", "USERS_SHOW", "USERS_EDIT", "ROLES_EDIT"]);
  await signIn(page, staff);
  await page.goto(`/users/${staff.id}/edit`);
  await expect(page.getByRole("heading", { name: "Edit user" })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(staff.email);
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

  // Roles: editing without USERS_DELETE shows no delete either (spec 01: USERS_DELETE gates role delete).
  await page.goto(`/roles/${staff.roleId}/edit`);
  await expect(page.getByLabel("Name")).toHaveValue(staff.roleName);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
});
