import { type BookingListItem, bookingAmounts, type ExportJob, type Paged } from "@palco/shared";
import { csvRecords } from "@palco/shared/csv-records";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import type { ExportDeclaration } from "../src/modules/exports/declaration.ts";
import { readerOf } from "../src/modules/exports/rows.ts";
import { exportJobs } from "../src/modules/exports/schema.ts";
import {
  auditLog,
  authSessions,
  cities,
  members,
  notificationRecipients,
  notifications,
} from "../src/platform/schema.ts";
import { bearer, call, login, sessionIdOf, type TestApp, withTestApp } from "./helpers.ts";
import { type Bookable, book, insertBookable, insertOwner, insertState } from "./supply-fixtures.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, token) => {
  t = app;
  admin = token;
});

type Headers = Record<string, string>;

const post = (payload: object, headers: Headers = admin) =>
  call(t.app, { method: "POST", url: "/api/exports", headers, payload });
const get = (url: string, headers: Headers = admin) => call(t.app, { method: "GET", url, headers });

/** Polls the job until it is ready or failed (the worker runs on its own; no fixed wait). */
async function settled(id: number, headers: Headers = admin): Promise<ExportJob> {
  for (;;) {
    const job = (await get(`/api/exports/${id}`, headers)).json<ExportJob>();
    if (job.status === "ready" || job.status === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function exported(
  payload: object,
  headers: Headers = admin,
): Promise<{ job: ExportJob; file: LightMyRequestResponse }> {
  const created = await post(payload, headers);
  expect(created.statusCode, created.body).toBe(202);
  expect(created.json()).toMatchObject({ status: "queued" });
  const job = await settled(created.json<{ id: number }>().id, headers);
  expect(job.status, JSON.stringify(job)).toBe("ready");
  expect(job.url).toMatch(/^\/api\/exports\/\d+\/documents\/file\?/);
  const file = await call(t.app, { method: "GET", url: job.url! });
  expect(file.statusCode, file.body).toBe(200);
  return { job, file };
}

/** A member holding these permissions, signed in just now (a fresh sign-in is a step-up proof). */
async function member(permissions: Parameters<TestApp["userWith"]>, language: "en" | "es" = "en") {
  const user = await t.createUser({ permissions, language });
  const session = await login(t.app, user.email, user.password);
  return { id: user.id, headers: { ...bearer(session.token), "accept-language": language }, token: session.token };
}

async function bookingsWithFormula(): Promise<{ bookable: Bookable; ids: number[] }> {
  const bookable = await insertBookable(t.app.db);
  // A guest whose name a spreadsheet would run as a formula.
  await t.app.db.update(members).set({ firstName: "=HYPERLINK(1)" }).where(eq(members.id, bookable.guest.id));
  const ids = [await book(t.app.db, bookable, "onetime"), await book(t.app.db, bookable, "season")];
  return { bookable, ids };
}

describe("exporting the bookings list", () => {
  it("runs queued → ready with rows and total, and the CSV is the filtered list (BOM, headers, money, formulas)", async () => {
    const { bookable, ids } = await bookingsWithFormula();
    const query = { venueId: String(bookable.venue.id), page: "3" };
    const { job, file } = await exported({ resource: "bookings", format: "csv", query });
    expect(job).toMatchObject({ resource: "bookings", format: "csv", rows: 2, total: 2 });
    expect(job.query).toEqual({ venueId: String(bookable.venue.id) });
    expect(Date.parse(job.expiresAt!) - Date.parse(job.finishedAt!)).toBe(24 * 3600 * 1000);

    expect(file.headers["content-type"]).toMatch(/^text\/csv/);
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="bookings-${job.createdAt.slice(0, 10)}.csv"`,
    );
    expect(file.body.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = csvRecords(file.body.slice(1));
    expect(header!.slice(0, 4)).toEqual(["Key", "Folio", "Status", "Booking type"]);
    expect(header).toContain("Owner payout");

    const list = (await get(`/api/bookings?venueId=${bookable.venue.id}`)).json<Paged<BookingListItem>>();
    expect(rows).toHaveLength(list.total);
    expect(rows.map((row) => row[0])).toEqual(list.items.map((item) => item.key));
    expect(list.items.map((item) => item.id)).toEqual([...ids].reverse());
    const column = (name: string) => header!.indexOf(name);
    const expectedTotal = bookingAmounts("18500.50", { guest: "7.50", host: "5.00", iva: "16.00" }).total;
    expect(rows[1]![column("Total")]).toBe(expectedTotal);
    expect(rows[1]![column("Guest")]).toBe("'=HYPERLINK(1) Cruz Ortega");
    expect(rows[1]![column("Status")]).toBe("Pending");
    expect(rows[1]![column("Guest phone")]).toBe("'+52 8112345678");
    // The venue's wall clock, as the screens show a booking's dates.
    expect(rows[1]![column("Starts (venue time)")]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]![column("Starts (venue time)")]).toBe(
      new Date(bookable.event.startsAt)
        .toLocaleString("sv-SE", { timeZone: "America/Mexico_City", hour12: false })
        .replace("T", " "),
    );
  });

  it("writes headers and values in the language the member asked in", async () => {
    const { bookable } = await bookingsWithFormula();
    const spanish = await member(["BOOKINGS_INDEX", "BOOKINGS_SHOW"], "es");
    const { file } = await exported(
      { resource: "bookings", format: "csv", query: { venueId: String(bookable.venue.id) } },
      spanish.headers,
    );
    const [header, first] = csvRecords(file.body.slice(1));
    expect(header!.slice(0, 4)).toEqual(["Clave", "Folio", "Estado", "Tipo de reserva"]);
    expect(first![header!.indexOf("Estado")]).toBe("Pendiente");
    expect(first![header!.indexOf("Tipo de reserva")]).toBe("Temporada");
  });

  it("writes a valid Excel file, read back with exceljs: money as exact amounts, formulas neutralised", async () => {
    const { bookable } = await bookingsWithFormula();
    const { file, job } = await exported({
      resource: "bookings",
      format: "xlsx",
      query: { venueId: String(bookable.venue.id) },
    });
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="bookings-${job.createdAt.slice(0, 10)}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(["Key", "Folio"]);
    expect(sheet.rowCount).toBe(3);
    const totalColumn = header.indexOf("Total") + 1;
    const expectedTotal = bookingAmounts("18500.50", { guest: "7.50", host: "5.00", iva: "16.00" }).total;
    const cell = sheet.getRow(3).getCell(totalColumn);
    expect(cell.value).toBe(Number(expectedTotal));
    expect(Number(cell.value).toFixed(2)).toBe(expectedTotal);
    expect(cell.numFmt).toBe("#,##0.00");
    expect(sheet.getRow(3).getCell(header.indexOf("Guest") + 1).value).toBe("'=HYPERLINK(1) Cruz Ortega");
  });

  it("leaves the detail's columns out for a member who may only list bookings", async () => {
    const { bookable } = await bookingsWithFormula();
    const lister = await member(["BOOKINGS_INDEX"]);
    const { file } = await exported(
      { resource: "bookings", format: "csv", query: { venueId: String(bookable.venue.id) } },
      lister.headers,
    );
    const [header] = csvRecords(file.body.slice(1));
    expect(header).toContain("Total");
    expect(header).not.toContain("Owner payout");
    expect(header).not.toContain("Owner payment reference");
  });

  it("refuses a member without the list's permission, and an invalid filter on its field", async () => {
    const other = await member(["EVENTS_INDEX"]);
    const refused = await post({ resource: "bookings", format: "csv", query: {} }, other.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty("id");
    const invalid = await post({ resource: "bookings", format: "csv", query: { status: "nope" } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().messages).toHaveProperty("status");
    const unknown = await post({ resource: "payments", format: "csv", query: {} });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().messages).toHaveProperty("resource");
  });

  it("shows an export to its owner alone: another member's is 404, absent from their list, its link theirs only", async () => {
    const owner = await member(["EVENTS_INDEX"]);
    const { job } = await exported({ resource: "events", format: "csv", query: {} }, owner.headers);
    const stranger = await member(["EVENTS_INDEX"]);
    const hidden = await get(`/api/exports/${job.id}`, stranger.headers);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain("events");
    const theirs = (await get("/api/exports", stranger.headers)).json<{ items: ExportJob[] }>();
    expect(theirs.items.map((item) => item.id)).not.toContain(job.id);
    const mine = (await get("/api/exports", owner.headers)).json<{ items: ExportJob[] }>();
    expect(mine.items[0]).toMatchObject({ id: job.id, status: "ready" });
    // A link with its signature altered opens nothing.
    const forged = await call(t.app, {
      method: "GET",
      url: `${job.url!.replace(/signature=[^&]+/, "signature=AAAA")}`,
    });
    expect(forged.statusCode).toBe(403);
    const unsigned = await call(t.app, { method: "GET", url: `/api/exports/${job.id}/documents/file` });
    expect(unsigned.statusCode).toBe(401);
  });

  it("asks for a fresh step-up before exporting personal data, not for the catalogue", async () => {
    const stale = await member(["BOOKINGS_INDEX", "EVENTS_INDEX"]);
    await t.app.db
      .update(authSessions)
      .set({ verifiedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(authSessions.id, sessionIdOf(stale.token)));
    const refused = await post({ resource: "bookings", format: "csv", query: {} }, stale.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("STEP_UP_REQUIRED");
    const catalogue = await post({ resource: "events", format: "csv", query: {} }, stale.headers);
    expect(catalogue.statusCode).toBe(202);
  });

  it("records who exported which list with which filters and how many rows, and tells them in the bell", async () => {
    const { bookable } = await bookingsWithFormula();
    const exporter = await member(["BOOKINGS_INDEX", "NOTIFICATIONS_INDEX"]);
    const { job } = await exported(
      { resource: "bookings", format: "csv", query: { venueId: String(bookable.venue.id), status: "pending" } },
      exporter.headers,
    );
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export"), eq(auditLog.actorId, exporter.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ resource: "bookings" });
    expect(entries[0]!.changes).toMatchObject({
      format: [null, "csv"],
      filters: [null, { venueId: String(bookable.venue.id), status: "pending" }],
      rows: [null, 2],
      exportId: [null, job.id],
    });
    const told = await t.app.db
      .select({
        kind: notifications.kind,
        about: notifications.notificationTypeId,
        userId: notificationRecipients.userId,
      })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
      .where(and(eq(notifications.notificationType, "export"), eq(notifications.notificationTypeId, job.id)));
    expect(told).toEqual([{ kind: "export-ready", about: job.id, userId: exporter.id }]);
    const bell = (await get("/api/notifications", exporter.headers)).json<{
      items: { title: string; body: string }[];
    }>();
    expect(bell.items[0]).toMatchObject({ title: "Export ready" });
    expect(bell.items[0]!.body).toContain("bookings");
  });
});

describe("exporting owners", () => {
  it("leaves bank data and RFC out without OWNERS_SHOW, and writes them with it", async () => {
    const owner = await insertOwner(t.app.db, { name: `Exportable ${Date.now()}` });
    const search = { search: owner.email };
    const lister = await member(["OWNERS_INDEX"]);
    const listed = await exported({ resource: "owners", format: "csv", query: search }, lister.headers);
    const [listHeader, listRow] = csvRecords(listed.file.body.slice(1));
    expect(listHeader).toContain("E-mail");
    expect(listHeader).not.toContain("CLABE");
    expect(listHeader).not.toContain("RFC");
    expect(listed.file.body).not.toContain("002010077777777771");
    expect(listRow![listHeader!.indexOf("E-mail")]).toBe(owner.email);

    const reader = await member(["OWNERS_INDEX", "OWNERS_SHOW"]);
    const shown = await exported({ resource: "owners", format: "csv", query: search }, reader.headers);
    const [header, row] = csvRecords(shown.file.body.slice(1));
    expect(row![header!.indexOf("CLABE")]).toBe("002010077777777771");
    expect(row![header!.indexOf("RFC")]).toBe("HERL880412AB1");
  });
});

describe("the job runner", () => {
  it("takes up a job whose instance died mid-way (stale heartbeat) and finishes it", async () => {
    const { bookable } = await bookingsWithFormula();
    const me = await t.createUser({ permissions: ["BOOKINGS_INDEX"] });
    const [job] = await t.app.db
      .insert(exportJobs)
      .values({
        userId: me.id,
        resource: "bookings",
        format: "csv",
        query: { venueId: String(bookable.venue.id) },
        language: "en",
        status: "running",
        claimedBy: "a-dead-instance",
        heartbeatAt: sql`now() - interval '5 minutes'`,
        startedAt: sql`now() - interval '5 minutes'`,
        rows: 1,
        attempts: 1,
      })
      .returning();
    // A job another instance is still writing (fresh heartbeat) is left alone.
    const [alive] = await t.app.db
      .insert(exportJobs)
      .values({
        userId: me.id,
        resource: "events",
        format: "csv",
        query: {},
        language: "en",
        status: "running",
        claimedBy: "a-live-instance",
        heartbeatAt: sql`now()`,
        attempts: 1,
      })
      .returning();
    t.app.exports.worker.wake();
    const session = await login(t.app, me.email, me.password);
    const done = await settled(job!.id, bearer(session.token));
    expect(done).toMatchObject({ status: "ready", rows: 2, total: 2 });
    const [row] = await t.app.db.select().from(exportJobs).where(eq(exportJobs.id, job!.id));
    expect(row).toMatchObject({ attempts: 2, claimedBy: null });
    const [untouched] = await t.app.db.select().from(exportJobs).where(eq(exportJobs.id, alive!.id));
    expect(untouched).toMatchObject({ status: "running", claimedBy: "a-live-instance" });
    await t.app.db.delete(exportJobs).where(eq(exportJobs.id, alive!.id));
  });

  it("deletes files and jobs 24 hours after they were ready", async () => {
    const { job } = await exported({ resource: "events", format: "csv", query: {} });
    const [row] = await t.app.db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
    expect(await t.app.exports.files.open(row!.fileKey!)).toBeDefined();
    const { worker } = t.app.exports;
    expect(await worker.cleanup(new Date(Date.now() + 23 * 3600 * 1000))).toBe(0);
    const removed = await worker.cleanup(new Date(Date.now() + 24 * 3600 * 1000 + 60_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.select().from(exportJobs).where(eq(exportJobs.id, job.id))).toEqual([]);
    expect(await t.app.exports.files.open(row!.fileKey!)).toBeUndefined();
    expect((await get(`/api/exports/${job.id}`)).statusCode).toBe(404);
    expect((await call(t.app, { method: "GET", url: job.url! })).statusCode).toBe(404);
  });
});

describe("exporting a catalogue list", () => {
  it("follows the list's own order, and the order its `sort` chose", async () => {
    const { id: stateId, code } = await insertState(t.app.db);
    for (const [index, name] of ["Zeta", "Alfa", "Mu"].entries()) {
      await t.app.db.insert(cities).values({
        name: `${name} ${code}`,
        code: `${code}-${index}`,
        timeZone: "America/Mexico_City",
        stateId,
      });
    }
    const names = async (query: Record<string, string>) => {
      const { file, job } = await exported({ resource: "cities", format: "csv", query });
      expect(job.rows).toBe(3);
      const [header, ...rows] = csvRecords(file.body.slice(1));
      return rows.map((row) => row[header!.indexOf("Name")]!.split(" ")[0]);
    };
    expect(await names({ state: String(stateId) })).toEqual(["Alfa", "Mu", "Zeta"]);
    expect(await names({ state: String(stateId), sort: "-name" })).toEqual(["Zeta", "Mu", "Alfa"]);
  });
});

describe("several jobs on one instance", () => {
  it("writes up to EXPORT_CONCURRENCY jobs at once, and lists keep answering meanwhile", async () => {
    const { id: stateId, code } = await insertState(t.app.db);
    await t.app.db
      .insert(cities)
      .values({ name: `Ciudad ${code}`, code: `${code}-1`, timeZone: "America/Mexico_City", stateId });
    const { declarations, worker } = t.app.exports;
    expect(worker.concurrency).toBe(2);
    // The cities' export, held after its first batch until the test lets it go: both jobs must be running then.
    const cityExport = declarations.get("cities")!;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: ExportDeclaration = {
      ...cityExport,
      rows: (db, query) => {
        const reader = readerOf(db, cityExport.rows(db, query));
        return {
          count: () => reader.count(),
          async *batches(size) {
            for await (const batch of reader.batches(size)) {
              yield batch;
              await gate;
            }
          },
        };
      },
    };
    (declarations as Map<string, ExportDeclaration>).set("cities", held);
    try {
      const query = { state: String(stateId) };
      const first = (await post({ resource: "cities", format: "csv", query })).json<{ id: number }>();
      const second = (await post({ resource: "cities", format: "xlsx", query })).json<{ id: number }>();
      for (;;) {
        const jobs = await Promise.all([first, second].map(async ({ id }) => (await get(`/api/exports/${id}`)).json()));
        if (jobs.every((job: ExportJob) => job.status === "running" && job.rows === 1)) break;
        expect(jobs.map((job: ExportJob) => job.status)).not.toContain("ready");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(worker.running).toBe(2);
      // Both are half-way, and a list answers meanwhile.
      const listed = await get(`/api/cities?state=${stateId}`);
      expect(listed.statusCode).toBe(200);
      expect(listed.json<Paged<unknown>>().total).toBe(1);
      release();
      expect(await settled(first.id)).toMatchObject({ status: "ready", rows: 1 });
      expect(await settled(second.id)).toMatchObject({ status: "ready", rows: 1 });
    } finally {
      release();
      (declarations as Map<string, ExportDeclaration>).set("cities", cityExport);
    }
  });
});

describe("exporting the audit trail", () => {
  /** A country created and then blocked: two entries in the trail ("create", then "deactivate"). */
  async function createdThenBlocked(letter: string, name: (code: string) => string) {
    const code = `${letter}${Date.now().toString(36).slice(-2).toUpperCase()}`.replace(/[^A-Z]/g, "Q").padEnd(3, "Q");
    const created = await call(t.app, {
      method: "POST",
      url: "/api/countries",
      headers: admin,
      payload: { name: name(code), code },
    });
    expect(created.statusCode, created.body).toBe(201);
    const countryId = created.json<{ id: number }>().id;
    const deactivated = await call(t.app, {
      method: "PUT",
      url: `/api/countries/${countryId}/deactivate`,
      headers: admin,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    return { code, countryId };
  }

  it("writes the trail's filtered entries, newest first, like its list, to CSV and to Excel", async () => {
    const { code, countryId } = await createdThenBlocked("A", (code) => `Auditado ${code}`);
    const query = { resource: "countries", recordId: String(countryId) };
    const list = (await get(`/api/audit-log?resource=countries&recordId=${countryId}`)).json<
      Paged<{ id: number; action: string; actor: { name: string | null; email: string | null } }>
    >();
    expect(list.items.map((entry) => entry.action)).toEqual(["deactivate", "create"]);

    const { job, file } = await exported({ resource: "audit-log", format: "csv", query });
    expect(job).toMatchObject({ resource: "audit-log", rows: 2, total: 2 });
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="audit-log-${job.createdAt.slice(0, 10)}.csv"`,
    );
    expect(file.body.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = csvRecords(file.body.slice(1));
    expect(header).toEqual([
      "Date and time (Mexico City time)",
      "Who",
      "Their e-mail",
      "Action",
      "Resource",
      "Record",
      "Changes",
      "IP address",
    ]);
    expect(rows.map((row) => row[3])).toEqual(["deactivate", "create"]);
    expect(rows.every((row) => row[4] === "countries" && row[5] === String(countryId))).toBe(true);
    expect(rows[0]![1]).toBe(list.items[0]!.actor.name);
    expect(rows[0]![2]).toBe(list.items[0]!.actor.email);
    expect(rows[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(rows[1]![6]!)).toMatchObject({ code: [null, code] });

    const excel = await exported({ resource: "audit-log", format: "xlsx", query });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(4).value).toBe("deactivate");

    // The export itself is in the trail, under the trail.
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export"), eq(auditLog.resource, "audit-log")))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry!.changes).toMatchObject({ format: [null, "xlsx"], filters: [null, query], rows: [null, 2] });
  });

  it("streams the same filtered entries through its older CSV route, newest first and quoted", async () => {
    const { code, countryId } = await createdThenBlocked("B", (code) => `Auditado, "${code}"`);
    const streamed = await get(`/api/audit-log/export?resource=countries&recordId=${countryId}`);
    expect(streamed.statusCode, streamed.body).toBe(200);
    expect(streamed.body.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = csvRecords(streamed.body.slice(1));
    expect(header).toEqual(["at", "actor_name", "actor_email", "action", "resource", "record_id", "changes", "ip"]);
    expect(rows.map((row) => row[3])).toEqual(["deactivate", "create"]);
    expect(JSON.parse(rows[1]![6]!)).toMatchObject({ name: [null, `Auditado, "${code}"`] });
  });

  it("needs the trail's own permission and a fresh step-up, and takes only the list's filters", async () => {
    const other = await member(["USERS_INDEX"]);
    const refused = await post({ resource: "audit-log", format: "csv", query: {} }, other.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty("id");
    const auditor = await member(["AUDIT_LOG_INDEX"], "es");
    const invalid = await post(
      { resource: "audit-log", format: "csv", query: { from: "2026-02-30" } },
      auditor.headers,
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().messages).toHaveProperty("from");
    const { file } = await exported(
      { resource: "audit-log", format: "csv", query: { action: "export" } },
      auditor.headers,
    );
    const [header, ...rows] = csvRecords(file.body.slice(1));
    expect(header![0]).toBe("Fecha y hora (hora de Ciudad de México)");
    expect(rows.every((row) => row[3] === "export")).toBe(true);
    const unproved = await member(["AUDIT_LOG_INDEX"]);
    await t.app.db
      .update(authSessions)
      .set({ verifiedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(authSessions.id, sessionIdOf(unproved.token)));
    const stale = await post({ resource: "audit-log", format: "csv", query: {} }, unproved.headers);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe("STEP_UP_REQUIRED");
  });
});
