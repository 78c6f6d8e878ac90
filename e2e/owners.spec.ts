import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import {
  apiClient,
  blockThenUnblock,
  createStaffWith,
  detailValue,
  expectEveryRow,
  expectInboxOldestFirst,
  rejectWithReview,
  reviewBadge,
  signIn,
  statusBadge,
  successBanner,
  tableRows,
  USERS,
} from "./fixtures.ts";

type OwnerRow = { id: number; fullName: string; status: string; readyForReview: boolean; isActive: boolean };

/** Demo owners in one state (the demo has several of each), through the API. */
async function ownersIn(page: Page, status: "waiting" | "accepted" | "returned") {
  const admin = await apiClient(page.request, USERS.admin);
  return (await admin.get<{ items: OwnerRow[] }>(`/api/owners?status=${status}`)).items;
}

test("owners: the review inbox, the documents, a reject that needs a real review, then an accept", async ({ page }) => {
  const waiting = await ownersIn(page, "waiting");
  expect(waiting.length).toBeGreaterThanOrEqual(3);
  // The Spanish test below reviews the demo's Mariana Castro: decide two others.
  const [toReject, toAccept] = waiting.filter((row) => !row.fullName.startsWith("Mariana Castro"));
  await signIn(page, USERS.admin);
  await page.goto("/owners");
  await expect(page.getByRole("heading", { name: "Owners" })).toBeVisible();
  await expect(tableRows(page)).toHaveCount(12);
  // The sidebar counts what waits for a decision.
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  const ownersLink = nav.getByRole("link", { name: /^Owners/ });
  await expect(ownersLink.getByLabel(`${waiting.length} waiting for review`)).toBeVisible();

  // The inbox: only owners waiting, each saying for how long; the filter is in the URL.
  await page.getByRole("textbox", { name: "Review state" }).click();
  await page.getByRole("option", { name: "Waiting for review" }).click();
  await expect(page).toHaveURL(/status=waiting/);
  await expect(tableRows(page)).toHaveCount(waiting.length);
  await expectEveryRow(page, "Waiting for review");
  await expect(tableRows(page).filter({ hasText: /waiting \d+ (hours?|days?)|just sent/ })).toHaveCount(waiting.length);

  await page.getByRole("link", { name: toReject!.fullName }).click();
  await expect(page.getByRole("heading", { name: toReject!.fullName })).toBeVisible();
  await expect(reviewBadge(page)).toHaveText("Waiting for review");
  await expect(detailValue(page, "RFC")).toHaveText(/^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/);
  const bank = page.getByRole("heading", { name: "Bank account" }).locator("xpath=..");
  await expect(bank.getByText(/^\d{18}$/)).toBeVisible();

  // Documents open in a viewer that zooms and rotates, with the picture's private link for a new tab.
  await page.getByRole("button", { name: "ID, front" }).click();
  const viewer = page.getByRole("dialog", { name: "ID, front" });
  await expect(viewer.getByRole("img", { name: "ID, front" })).toBeVisible();
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer.getByText("125%")).toBeVisible();
  await viewer.getByRole("button", { name: "Rotate" }).click();
  await expect(viewer.getByText("90°")).toBeVisible();
  const full = viewer.getByRole("link", { name: /Open full size/ });
  await expect(full).toHaveAttribute("href", /\/documents\/id-front\?.*signature=/);
  await expect(full).toHaveAttribute("target", "_blank");
  // The link serves the picture itself, privately.
  const picture = await page.request.get((await full.getAttribute("href"))!);
  expect(picture.headers()["content-type"]).toBe("image/webp");
  expect(picture.headers()["cache-control"]).toBe("private, no-store");
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  // Reject: the review is required and must be a real sentence.
  await page.getByRole("button", { name: "Reject" }).click();
  const empty = page.getByRole("dialog", { name: `Reject ${toReject!.fullName}?` });
  await empty.getByRole("button", { name: "Reject" }).click();
  await expect(empty.getByText("Write a review telling the owner what to fix")).toBeVisible();
  await empty.getByRole("button", { name: "Cancel" }).click();
  await expect(empty).toBeHidden();
  const review = "The proof of residence is older than three months: please send a recent one.";
  await rejectWithReview(page, toReject!.fullName, review);
  await expect(successBanner(page)).toHaveText("The owner was rejected with your review");
  const decisions = page.getByRole("heading", { name: "Decisions" }).locator("xpath=..");
  await expect(decisions.getByText(/^Rejected by /)).toBeVisible();
  await expect(decisions.getByText(review)).toBeVisible();
  // Nothing left to decide: the buttons stay, disabled, saying why.
  await expect(page.getByRole("button", { name: "Accept" })).toHaveAttribute("aria-disabled", "true");

  // Accept another one from the inbox.
  await page.goto(`/owners/${toAccept!.id}`);
  await page.getByRole("button", { name: "Accept" }).click();
  await page
    .getByRole("dialog", { name: `Accept ${toAccept!.fullName}?` })
    .getByRole("button", { name: "Accept" })
    .click();
  await expect(successBanner(page)).toHaveText("The owner was accepted");
  await expect(reviewBadge(page)).toHaveText("Accepted");
  await expect(statusBadge(page)).toHaveText("Active");
  await expect(ownersLink.getByLabel(`${waiting.length - 2} waiting for review`)).toBeVisible();
});

test("owners: an accepted owner is blocked and unblocked", async ({ page }) => {
  const [accepted] = await ownersIn(page, "accepted");
  await signIn(page, USERS.admin);
  await page.goto(`/owners/${accepted!.id}`);
  await blockThenUnblock(page);
});

test("owners: staff with only the list and detail codes see the documents but no decision or block buttons", async ({
  page,
}) => {
  const [waiting] = await ownersIn(page, "waiting");
  const staff = await createStaffWith(page.request, ["OWNERS_INDEX", "OWNERS_SHOW"]);
  const session = await signIn(page, staff);
  await page.goto(`/owners/${waiting!.id}`);
  await expect(page.getByRole("heading", { name: waiting!.fullName })).toBeVisible();
  await expect(page.getByRole("button", { name: "ID, front" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reject" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Block", exact: true })).toHaveCount(0);
  // The server refuses the decision too.
  const refused = await page.request.put(`/api/owners/${waiting!.id}/status`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { status: "accepted" },
  });
  expect(refused.status()).toBe(403);
});

test("propietarios en español: filtro, estados y mensajes de la reseña", async ({ page }) => {
  // The demo's waiting owner who sent an account in a relative's name with a mistyped CLABE.
  const owner = (await ownersIn(page, "waiting")).find((row) => row.fullName.startsWith("Mariana Castro"))!;
  expect(owner).toBeDefined();
  await signIn(page, USERS.admin);
  await page.addInitScript(() => localStorage.setItem("palco.language", "es"));
  await page.goto("/owners?status=returned");
  await expect(page.getByRole("heading", { name: "Propietarios" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Estado de revisión" })).toHaveValue("Rechazado");
  await expectEveryRow(page, "Rechazado");

  await page.goto(`/owners/${owner.id}`);
  await expect(page.getByRole("heading", { name: "Cuenta bancaria" })).toBeVisible();
  // What the reviewer would otherwise have to catch by eye is flagged.
  await expect(page.getByText("El dígito de control de la CLABE no coincide: tiene un error")).toBeVisible();
  await expect(page.getByText("El titular no es el nombre del propietario")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Documentos" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Identificación, frente" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "owner detail (es)");
  await page.getByRole("button", { name: "Rechazar" }).click();
  const dialog = page.getByRole("dialog", { name: `¿Rechazar a ${owner.fullName}?` });
  await dialog.getByRole("button", { name: "Rechazar" }).click();
  await expect(dialog.getByText("Escribe una reseña que diga al propietario qué corregir")).toBeVisible();
  await dialog.getByLabel("Reseña").fill("corta");
  await dialog.getByRole("button", { name: "Rechazar" }).click();
  await expect(dialog.getByText("La reseña debe tener al menos 10 letras")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(reviewBadge(page)).toHaveText("Espera revisión");
});

test("owners: the review inbox opens on who has waited longest, and the search finds an owner by e-mail", async ({
  page,
}) => {
  const admin = await apiClient(page.request, USERS.admin);
  const waiting = await admin.get<{ items: (OwnerRow & { readyAt: string })[] }>("/api/owners?status=waiting");
  const readyAt = new Map(waiting.items.map((row) => [row.id, Date.parse(row.readyAt)]));
  await signIn(page, USERS.admin);
  await expectInboxOldestFirst(page, "owners", readyAt);

  const [someone] = await ownersIn(page, "accepted");
  const { email } = await admin.get<{ email: string }>(`/api/owners/${someone!.id}`);
  await page.goto("/owners");
  await page.getByRole("searchbox", { name: "Search" }).fill(email.toUpperCase());
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(someone!.fullName);
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveAttribute(
    "placeholder",
    "Search by name or e-mail",
  );
});
