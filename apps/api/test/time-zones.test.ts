import { TIME_ZONES } from "@palco/shared";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { missingTimeZones } from "../src/platform/migrate.ts";
import { backend, call, createState, expectErrorShape, type TestApp, withTestApp } from "./helpers.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, header) => {
  t = app;
  admin = header;
});

/** A name Intl still accepts that the IANA database dropped in 2020: PostgreSQL refuses it. */
const DROPPED_ZONE = "US/Pacific-New";
/** Not zones: pg_timezone_names lists them, but they are files of the zone database, not places. */
const PSEUDO_ZONES = new Set(["Factory", "localtime", "posixrules"]);

const rows = async <T>(query: SQL) => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

const intlKnows = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

describe(`time zones (${backend})`, () => {
  it("are one list: every name this database and Intl both know, and nothing else", async () => {
    const names = await rows<{ name: string }>(sql`select name from pg_timezone_names where name !~ '^(posix|right)/'`);
    const known = names
      .map((row) => row.name)
      .filter((name) => !PSEUDO_ZONES.has(name) && intlKnows(name))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    // On a mismatch, paste this into packages/shared/src/time-zones.ts (after checking the other backend agrees).
    expect(TIME_ZONES, `time zones known here:\n${known.join(" ")}`).toEqual(known);
    expect(TIME_ZONES).toContain("America/Mexico_City");
    expect(TIME_ZONES).toContain("UTC");
    expect(TIME_ZONES).not.toContain(DROPPED_ZONE);
    expect(intlKnows(DROPPED_ZONE)).toBe(true);
  });

  it("are all known to this database, which the start-up check confirms (and would name the ones missing)", async () => {
    expect(await missingTimeZones(t.app.db)).toEqual([]);
    expect(await missingTimeZones(t.app.db, ["America/Mexico_City", DROPPED_ZONE, "UTC"])).toEqual([DROPPED_ZONE]);
  });

  it("refuse a zone the database does not know in the date filters, as a field error", async () => {
    for (const url of [
      `/api/notifications?date=2026-01-01&tz=${encodeURIComponent(DROPPED_ZONE)}`,
      `/api/audit-log?from=2026-01-01&tz=${encodeURIComponent(DROPPED_ZONE)}`,
      `/api/audit-log?to=2026-01-01&tz=${encodeURIComponent(DROPPED_ZONE)}`,
    ]) {
      const body = expectErrorShape(await call(t.app, { method: "GET", url, headers: admin }), 400);
      expect(body.messages, url).toEqual({ tz: "This value is not valid" });
    }
    // A zone of the list works (Asia/Calcutta is an alias a browser may report).
    for (const zone of ["Asia/Calcutta", "Asia/Kolkata", "Etc/GMT+5"]) {
      const url = `/api/notifications?date=2026-01-01&tz=${encodeURIComponent(zone)}`;
      expect((await call(t.app, { method: "GET", url, headers: admin })).statusCode, zone).toBe(200);
    }
  });

  it("refuse that zone for a city too, while every zone of the list is accepted", async () => {
    const stateId = await createState(t.app, admin, {
      country: "Tzland",
      countryCode: "TZL",
      state: "Tzstate",
      stateCode: "TZS",
    });
    const refused = await call(t.app, {
      method: "POST",
      url: "/api/cities",
      headers: { ...admin, "accept-language": "es" },
      payload: { name: "Tzcity", code: "TZC-001", timeZone: DROPPED_ZONE, state: stateId },
    });
    expect(expectErrorShape(refused, 422).messages).toEqual({ timeZone: "Elige una zona horaria válida" });

    const created = await call(t.app, {
      method: "POST",
      url: "/api/cities",
      headers: admin,
      payload: { name: "Tzcity", code: "TZC-001", timeZone: "America/Tijuana", state: stateId },
    });
    expect(created.statusCode, created.body).toBe(201);
    // The database computes with every zone of the list (the date filters and the events' calendar days do).
    const zones = TIME_ZONES.map((zone) => sql`(${zone})`);
    const [computed] = await rows<{ count: number }>(
      sql`select count(timestamptz '2026-03-01 12:00:00+00' at time zone z.zone)::int as count
        from (values ${sql.join(zones, sql`, `)}) as z(zone)`,
    );
    expect(computed?.count).toBe(TIME_ZONES.length);
  });
});
