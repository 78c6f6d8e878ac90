import { type Browser, expect, type Page, test } from "@playwright/test";
import { apiClient, createStaffWith, signIn, successBanner, USERS, unique } from "./fixtures.ts";

async function signedInPage(browser: Browser, user: (typeof USERS)[keyof typeof USERS]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  return page;
}

test("two staff edit one city: the second save is stopped with who changed what, then reloads or keeps its own; a stale block shows the same", async ({
  browser,
  page,
}) => {
  const admin = await apiClient(page.request, USERS.admin);
  const states = await admin.get<{ items: { id: number }[] }>("/api/states?search=jalisco");
  const city = await admin.post<{ id: number; name: string; code: string; stateId: number }>("/api/cities", {
    name: unique("Tonalá"),
    code: `TON-${String(Date.now() % 1000).padStart(3, "0")}`,
    timeZone: "America/Mexico_City",
    state: states.items[0]!.id,
  });

  const first = await signedInPage(browser, USERS.admin);
  // Reads the trail: the notice shows who changed what (only to such a member: see the test below).
  const editor = await createStaffWith(page.request, [
    "CITIES_INDEX",
    "CITIES_SHOW",
    "CITIES_EDIT",
    "CITIES_ACTIVATE",
    "AUDIT_LOG_INDEX",
  ]);
  const second = await signedInPage(browser, editor);
  for (const editor of [first, second]) {
    await editor.goto(`/cities/${city.id}/edit`);
    await expect(editor.getByLabel("Name")).toHaveValue(city.name);
  }

  await first.getByLabel("Name").fill("Tonalá primero");
  await first.getByRole("button", { name: "Save" }).click();
  await expect(successBanner(first)).toHaveText("The city was updated successfully");

  await second.getByLabel("Name").fill("Tonalá segundo");
  await second.getByRole("button", { name: "Save" }).click();
  const panel = second.getByRole("alert").filter({ hasText: "Someone else changed this record after you opened it" });
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await expect(panel).toContainText("Super Admin");
  const nameRow = panel.getByRole("row").filter({ hasText: "Name" });
  await expect(nameRow.getByRole("cell").nth(1)).toHaveText(city.name);
  await expect(nameRow.getByRole("cell").nth(2)).toHaveText("Tonalá primero");
  await expect(second).toHaveURL(`/cities/${city.id}/edit`);

  // Their version: the form now shows it, and nothing of mine was saved.
  await panel.getByRole("button", { name: "Load their version" }).click();
  await expect(panel).toHaveCount(0);
  await expect(second.getByLabel("Name")).toHaveValue("Tonalá primero");

  // A second conflict, and this time my values win on top of theirs.
  await second.getByLabel("Name").fill("Tonalá segundo");
  await admin.put(`/api/cities/${city.id}`, {
    name: "Tonalá otra vez",
    code: city.code,
    timeZone: "America/Mexico_City",
    state: city.stateId,
  });
  await second.getByRole("button", { name: "Save" }).click();
  const again = second.getByRole("alert").filter({ hasText: "Someone else changed this record" });
  await expect(again).toContainText("Tonalá otra vez");
  await again.getByRole("button", { name: "Keep my changes" }).click();
  await expect(second.getByLabel("Name")).toHaveValue("Tonalá segundo");
  await second.getByRole("button", { name: "Save" }).click();
  await expect(successBanner(second)).toHaveText("The city was updated successfully");
  await expect(second.getByRole("heading", { name: "Tonalá segundo" })).toBeVisible();

  // A stale block on the detail page: refused with what changed, and the page shows the record as it is now.
  await admin.put(`/api/cities/${city.id}`, {
    name: "Tonalá tercero",
    code: city.code,
    timeZone: "America/Mexico_City",
    state: city.stateId,
  });
  await second.getByRole("button", { name: "Block", exact: true }).click();
  await second.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
  const blockRefused = second.getByRole("alert").filter({ hasText: "Someone else changed this record" });
  await expect(blockRefused).toBeFocused();
  await expect(blockRefused.getByRole("row").filter({ hasText: "Name" })).toContainText("Tonalá tercero");
  // exact: the closing confirmation's title ("Block Tonalá tercero?") follows the record too.
  await expect(second.getByRole("heading", { name: "Tonalá tercero", exact: true })).toBeVisible();
  await blockRefused.getByRole("button", { name: "Close" }).click();
  await expect(blockRefused).toHaveCount(0);
  await second.getByRole("button", { name: "Block", exact: true }).click();
  await second.getByRole("dialog").getByRole("button", { name: "Block", exact: true }).click();
  await expect(second.getByRole("button", { name: "Unblock", exact: true })).toBeVisible();
});

test("an editor who may not read the trail is told the city changed, not who changed what, and can still load it", async ({
  browser,
  page,
}) => {
  const admin = await apiClient(page.request, USERS.admin);
  const states = await admin.get<{ items: { id: number }[] }>("/api/states?search=jalisco");
  const body = (name: string, code: string, state: number) => ({
    name,
    code,
    timeZone: "America/Mexico_City",
    state,
  });
  const code = `TLQ-${String(Date.now() % 1000).padStart(3, "0")}`;
  const city = await admin.post<{ id: number; name: string }>(
    "/api/cities",
    body(unique("Tlaquepaque"), code, states.items[0]!.id),
  );

  const editor = await signedInPage(browser, USERS.geoEditor);
  await editor.goto(`/cities/${city.id}/edit`);
  await expect(editor.getByLabel("Name")).toHaveValue(city.name);
  await admin.put(`/api/cities/${city.id}`, body("Tlaquepaque centro", code, states.items[0]!.id));

  await editor.getByLabel("Name").fill("Tlaquepaque mío");
  await editor.getByRole("button", { name: "Save" }).click();
  const panel = editor.getByRole("alert").filter({ hasText: "Someone else changed this record after you opened it" });
  await expect(panel).toBeFocused();
  await expect(panel).toContainText("The record changed since you opened it.");
  await expect(panel).not.toContainText("Super Admin");
  await expect(panel.getByRole("row")).toHaveCount(0);
  await panel.getByRole("button", { name: "Load their version" }).click();
  await expect(panel).toHaveCount(0);
  await expect(editor.getByLabel("Name")).toHaveValue("Tlaquepaque centro");
});
