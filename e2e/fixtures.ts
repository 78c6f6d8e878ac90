import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { ADMIN, E2E_DATA_DIR } from "./environment.ts";

export type Credentials = { email: string; password: string };

/**
 * Seeded accounts (scripts/e2e-server.mjs seeds the demo data). Demo users share the admin's password.
 * Each spec file sticks to its own account where it changes account state: the password reset and the
 * activation use `pending`, nobody else does.
 */
export const USERS = {
  admin: ADMIN,
  geoEditor: { email: "geo.editor@palco.local", password: ADMIN.password },
  viewer: { email: "viewer@palco.local", password: ADMIN.password },
  pending: { email: "pending.activation@palco.local", password: ADMIN.password },
} satisfies Record<string, Credentials>;

// ── Browser storage (the e2e tsconfig has no DOM types: these callbacks run in the page) ─────────────────

type BrowserGlobals = {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
};

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => (globalThis as unknown as BrowserGlobals).localStorage.getItem(name), key);
}

export function writeStorage(page: Page, key: string, value: string): Promise<void> {
  return page.evaluate(([name, text]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(name, text), [
    key,
    value,
  ] as const);
}

/** The session the SPA keeps under `palco.session`, parsed. */
export async function storedSession(
  page: Page,
): Promise<{ token: string; refreshToken: string; user: unknown } | null> {
  const raw = await readStorage(page, "palco.session");
  return raw ? JSON.parse(raw) : null;
}

// ── Signing in ────────────────────────────────────────────────────────────────────────────────────────────

/** Signs in through the login form and waits for the authenticated layout. */
export async function signInWithForm(page: Page, user: Credentials) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
}

type SessionBody = { data: { token: string; refreshToken: string; expiresAt: string; user: unknown } };

/** Signs in through the API and returns the session the SPA would store. */
export async function apiSession(request: APIRequestContext, user: Credentials): Promise<SessionBody["data"]> {
  const response = await request.post("/api/auth/login", {
    data: { provider: "email", user: user.email, secret: user.password },
  });
  expect(response.status(), `sign-in of ${user.email}`).toBe(200);
  return ((await response.json()) as SessionBody).data;
}

/**
 * Fast sign-in for specs that are not about signing in: the session is written to localStorage (as the
 * SPA does) before the first page of the test loads. `expiresInMs` pretends the access token runs out that soon,
 * for the specs about its silent renewal.
 */
export async function signIn(page: Page, user: Credentials, { expiresInMs }: { expiresInMs?: number } = {}) {
  const session = await apiSession(page.request, user);
  const stored =
    expiresInMs === undefined ? session : { ...session, expiresAt: new Date(Date.now() + expiresInMs).toISOString() };
  await page.addInitScript(
    ([key, value]) => {
      const storage = (globalThis as unknown as BrowserGlobals).localStorage;
      if (!storage.getItem(key)) storage.setItem(key, value);
    },
    ["palco.session", JSON.stringify(stored)] as const,
  );
  return session;
}

/** Authorised JSON calls for test set-up (creating many rows is faster through the API than the UI). */
export async function apiClient(request: APIRequestContext, user: Credentials) {
  const { token } = await apiSession(request, user);
  const headers = { Authorization: `Bearer ${token}`, "Accept-Language": "en" };
  return {
    async get<T>(url: string): Promise<T> {
      const response = await request.get(url, { headers });
      expect(response.ok(), `GET ${url}`).toBeTruthy();
      return (await response.json()) as T;
    },
    async post<T>(url: string, data: unknown): Promise<T> {
      const response = await request.post(url, { headers, data });
      expect(response.status(), `POST ${url}: ${await response.text()}`).toBe(201);
      return (await response.json()) as T;
    },
    async put<T>(url: string, data: unknown): Promise<T> {
      const response = await request.put(url, { headers, data });
      expect(response.status(), `PUT ${url}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    },
    /** A multipart POST (users): repeated names such as `roles[]` are appended once per value. */
    async postForm<T>(url: string, form: FormData): Promise<T> {
      const response = await request.post(url, { headers, multipart: form });
      expect(response.status(), `POST ${url}: ${await response.text()}`).toBe(201);
      return (await response.json()) as T;
    },
  };
}

const BUILD = path.resolve(import.meta.dirname, "../apps/web/dist");

/**
 * The address of the built script that holds a source module (`src/kit/list-page.tsx`): small chunks are merged
 * into others at build time (apps/web/vite.config.ts), so a file is not always named after its module.
 */
export function builtScript(module: string): string {
  const chunks = JSON.parse(readFileSync(path.join(BUILD, ".vite/chunks.json"), "utf8")) as Record<string, string>;
  const file = chunks[module];
  if (!file) throw new Error(`${module} is in no chunk of the build`);
  return `/${file}`;
}

/**
 * Holds back the built script of `module` (the app's entry by default) until the returned function is called: to
 * look at what shows, or what is asked for, while that code is still on its way.
 */
export async function holdScript(page: Page, module = "src/main.tsx"): Promise<() => void> {
  const script = builtScript(module);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === script,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** A name no other run or spec uses (the data folder is fresh per run, but specs share it). */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/**
 * A staff member holding only `permissions` (through a new role), created and activated through the API as the
 * super-admin, ready to sign in. The activation goes through the e-mailed link's token, as the SPA would send it.
 */
export async function createStaffWith(
  request: APIRequestContext,
  permissions: string[],
  name = unique("Limited"),
  /** The outbox of the server `request` talks to, when it is not the e2e server. */
  outbox = OUTBOX,
): Promise<Credentials & { id: number; firstName: string; lastName: string; roleId: number; roleName: string }> {
  const admin = await apiClient(request, USERS.admin);
  const role = await admin.post<{ id: number; name: string }>("/api/roles", { name: `${name} role`, permissions });
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, ".");
  const credentials = { email: `${slug}@palco.test`, password: "Limited2026x" };
  const form = new FormData();
  form.append("firstName", name.split(" ")[0]!);
  form.append("lastName", name.split(" ").slice(1).join(" ") || "Staff");
  form.append("email", credentials.email);
  form.append("phone", "+52 33 1234 5678");
  form.append("password", credentials.password);
  form.append("roles[]", String(role.id));
  const since = Date.now();
  const user = await admin.postForm<{ id: number; firstName: string; lastName: string }>("/api/users", form);
  const link = await linkFromOutbox(credentials.email, "activate-account", since, outbox);
  const token = new URL(link, "http://localhost").searchParams.get("token");
  const verified = await request.post("/api/auth/email-verification", { data: { token } });
  expect(verified.status(), "activation").toBe(200);
  return { ...credentials, ...user, roleId: role.id, roleName: role.name };
}

// ── Files ─────────────────────────────────────────────────────────────────────────────────────────────────

/** A real PNG of one colour (for avatar uploads), made here so no binary fixture is needed. */
export function solidPng(size: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [red, green, blue]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Chooses a file in a drop zone the way a user does: click it, pick the file in the file chooser. */
export async function chooseFile(
  page: Page,
  dropZone: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent("filechooser");
  await dropZone.click();
  await (await chooser).setFiles(file);
}

// ── Outbox ────────────────────────────────────────────────────────────────────────────────────────────────

const OUTBOX = path.join(E2E_DATA_DIR, "outbox");

/** Decodes a quoted-printable body (soft line breaks and =XX bytes, UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const char = joined[index]!;
    const hex = joined.slice(index + 1, index + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The mails sent to `recipient`, oldest first, decoded (from the e2e server's outbox unless another is named). */
export function readMails(recipient: string, outbox = OUTBOX): { file: string; sentAt: number; body: string }[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((file) => file.endsWith(".eml") && file.toLowerCase().includes(recipient.toLowerCase()))
    .map((file) => {
      const full = path.join(outbox, file);
      return { file, sentAt: statSync(full).mtimeMs, body: decodeQuotedPrintable(readFileSync(full, "utf8")) };
    })
    .sort((a, b) => a.sentAt - b.sentAt);
}

/**
 * Waits for a mail to `recipient` holding a `/{page}?token=…` link (newer than `since`, a Date.now() value,
 * when given) and returns the link as a path, ready for page.goto.
 */
export async function linkFromOutbox(
  recipient: string,
  page: "activate-account" | "reset-password",
  since = 0,
  outbox = OUTBOX,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+(/${page}\\?token=[A-Za-z0-9_\\-.~%]+)`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readMails(recipient, outbox).filter((mail) => mail.sentAt >= since - 1000);
        for (const mail of mails.reverse()) {
          const match = pattern.exec(mail.body);
          if (match) {
            link = match[1];
            return true;
          }
        }
        return false;
      },
      { message: `a ${page} mail to ${recipient}`, timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

// ── Page helpers ──────────────────────────────────────────────────────────────────────────────────────────

/** The value next to a label on a detail page (`<dt>label</dt><dd>value</dd>`). */
export function detailValue(page: Page, label: string): Locator {
  return page
    .locator("dt")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** Picks an option of a Mantine Select (searchable or not) identified by its label. */
export async function chooseOption(page: Page, label: string, option: string, search?: string) {
  const input = page.getByRole("textbox", { name: label, exact: true });
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The ids of the records a list shows, in its order, read from the rows' links to `/{resource}/{id}`. */
export async function recordIds(page: Page, resource: string): Promise<number[]> {
  const hrefs = await tableRows(page)
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const own = new RegExp(`^/${resource}/(\\d+)$`);
  return [...new Set(hrefs.flatMap((href) => own.exec(href)?.[1] ?? []).map(Number))];
}

/** The data rows of the list table (header excluded). */
export function tableRows(page: Page): Locator {
  return page.getByRole("table").locator("tbody tr");
}

/** The record's Active/Inactive badge next to a detail page's title. */
export function statusBadge(page: Page): Locator {
  return page.getByTestId("status-badge");
}

/** The green success banner. */
export function successBanner(page: Page): Locator {
  return page.getByTestId("success-banner");
}

/** Waits until the list shows rows and every one of them contains `text` (a filter has been applied). */
export async function expectEveryRow(page: Page, text: string) {
  await expect
    .poll(
      async () => {
        const rows = await tableRows(page).allTextContents();
        return rows.length > 0 && rows.every((row) => row.includes(text));
      },
      { message: `every row contains "${text}"` },
    )
    .toBe(true);
}

/** The review state (Waiting for review, Accepted, Rejected…) next to a detail page's title. */
export function reviewBadge(page: Page): Locator {
  return page.getByTestId("review-status");
}

const BLOCK_TEXTS = { block: "Block", unblock: "Unblock", active: "Active", inactive: "Inactive" };

/** On an active record's detail page: blocks it and unblocks it again, each through its confirmation. */
export async function blockThenUnblock(page: Page, texts: typeof BLOCK_TEXTS = BLOCK_TEXTS) {
  await expect(statusBadge(page)).toHaveText(texts.active);
  await page.getByRole("button", { name: texts.block, exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: texts.block, exact: true }).click();
  await expect(statusBadge(page)).toHaveText(texts.inactive);
  await page.getByRole("button", { name: texts.unblock, exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: texts.unblock, exact: true }).click();
  await expect(statusBadge(page)).toHaveText(texts.active);
}

/**
 * On a record waiting for review: Reject, a review with too few letters (refused in the dialog), then `review`;
 * the record stands rejected with it.
 */
export async function rejectWithReview(page: Page, name: string, review: string) {
  await page.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("dialog", { name: `Reject ${name}?` });
  await dialog.getByLabel("Review").fill("12345 ok!!");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByText("The review must have at least 10 letters")).toBeVisible();
  await dialog.getByLabel("Review").fill(review);
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeHidden();
  await expect(reviewBadge(page)).toHaveText("Rejected");
  await expect(detailValue(page, "Review")).toHaveText(review);
}

/**
 * The review inbox of `resource` (`status=waiting`) lists its records by how long they have waited, longest first:
 * `readyAt` maps each waiting record's id to when it was sent for review.
 */
export async function expectInboxOldestFirst(page: Page, resource: "owners" | "boxes", readyAt: Map<number, number>) {
  await page.goto(`/${resource}?status=waiting`);
  // The rows, not the placeholders standing in for them while the list loads.
  await expect(tableRows(page).getByRole("link").first()).toBeVisible();
  const shown = await recordIds(page, resource);
  expect(shown.length).toBeGreaterThanOrEqual(2);
  const waited = shown.map((id) => readyAt.get(id) ?? Number.NaN);
  expect(waited).toEqual([...waited].sort((a, b) => a - b));
}

// ── Passkeys ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Gives the page a platform authenticator through Chromium's DevTools (WebAuthn domain): it holds discoverable
 * credentials and verifies the user, as a phone or a laptop with a fingerprint reader does. Answers the DevTools
 * session and the authenticator's id, to read its credentials.
 */
export async function addVirtualAuthenticator(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("WebAuthn.enable");
  const { authenticatorId } = await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { devtools, authenticatorId };
}
