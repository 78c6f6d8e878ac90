import { PAGE_SIZE } from "@palco/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { members } from "../src/platform/schema.ts";
import { readPage, type TestApp, withTestApp } from "./helpers.ts";
import { insertBox, insertEvent, insertOwner, insertVenue } from "./supply-fixtures.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, token) => {
  t = app;
  admin = token;
});

type Row = { id: number; name?: string; fullName?: string; startsAt?: string };
const HOUR = 3_600_000;

/** Every page of a list, walked forward with the `next` cursors and back with `previous` ones. */
async function walk(url: string): Promise<{ byCursor: number[]; byPage: number[]; backwards: number[] }> {
  const join = url.includes("?") ? "&" : "?";
  const pages = [await readPage<Row>(t.app, url, admin)];
  while (pages.at(-1)!.next) {
    const last = pages.at(-1)!;
    pages.push(await readPage<Row>(t.app, `${url}${join}page=${last.page + 1}&after=${last.next}`, admin));
  }
  const byCursor = pages.flatMap((page) => page.items.map((item) => item.id));
  const byPage: number[] = [];
  for (let page = 1; page <= pages.length; page++) {
    byPage.push(...(await readPage<Row>(t.app, `${url}${join}page=${page}`, admin)).items.map((item) => item.id));
  }
  const backwards: number[] = [];
  let current = pages.at(-1)!;
  backwards.unshift(...current.items.map((item) => item.id));
  while (current.previous) {
    current = await readPage<Row>(t.app, `${url}${join}page=${current.page - 1}&before=${current.previous}`, admin);
    backwards.unshift(...current.items.map((item) => item.id));
  }
  return { byCursor, byPage, backwards };
}

describe("lists open where staff work", () => {
  it("events: upcoming ones first, soonest first, then those already started, most recent first; every way of paging agrees", async () => {
    const venue = await insertVenue(t.app.db);
    // Days from now: past ones (the API refuses them, the fixture writes them) and upcoming ones, in a jumble.
    const days = [-400, 3, -1, 40, -30, 5, 200, -2, 10, 4, -90, 60, 7, -5, 15, 90, -60, 30, 6, -10, 20, 8, -200, 100];
    const created = [];
    for (const inDays of days) created.push(await insertEvent(t.app.db, venue.id, inDays));
    const upcoming = created.filter((event) => event.startsAt.getTime() > Date.now());
    const past = created.filter((event) => event.startsAt.getTime() <= Date.now());
    const expected = [
      ...upcoming.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
      ...past.sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime()),
    ].map((event) => event.id);

    const first = await readPage<Row>(t.app, `/api/events?venue=${venue.id}`, admin);
    expect(first.items.map((item) => item.id)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(first.total).toBe(days.length);
    const { byCursor, byPage, backwards } = await walk(`/api/events?venue=${venue.id}`);
    expect(byCursor).toEqual(expected);
    expect(byPage).toEqual(expected);
    expect(backwards).toEqual(expected);
    // A search keeps the same order.
    const searched = await walk(`/api/events?venue=${venue.id}&search=partido`);
    expect(searched.byCursor).toEqual(expected);
  });

  it("owners' and boxes' review inbox: who has waited longest comes first, whatever the name", async () => {
    const waitedHours = [5, 50, 1, 300, 20];
    const names = ["Ana Zúñiga", "Beatriz Ochoa", "Carla Mena", "Diana Luna", "Elena Ibarra"];
    const inbox = [];
    for (const [index, hours] of waitedHours.entries()) {
      inbox.push({
        hours,
        ...(await insertOwner(t.app.db, {
          name: `${names[index]} INBOX`,
          owner: { readyAt: new Date(Date.now() - hours * HOUR) },
        })),
      });
    }
    const oldestFirst = [...inbox].sort((a, b) => b.hours - a.hours).map((owner) => owner.id);
    const owners = await readPage<Row>(t.app, "/api/owners?status=waiting&search=inbox", admin);
    expect(owners.items.map((item) => item.id)).toEqual(oldestFirst);
    // Every page of the whole inbox too.
    const all = await walk("/api/owners?status=waiting");
    expect(all.byCursor.filter((id) => oldestFirst.includes(id))).toEqual(oldestFirst);
    expect(all.backwards).toEqual(all.byCursor);
    expect(all.byPage).toEqual(all.byCursor);

    const venue = await insertVenue(t.app.db);
    const boxes = [];
    for (const [index, hours] of waitedHours.entries()) {
      boxes.push({
        hours,
        ...(await insertBox(t.app.db, inbox[0]!.id, venue.id, {
          number: String(900 - index),
          readyAt: new Date(Date.now() - hours * HOUR),
        })),
      });
    }
    const oldestBoxes = [...boxes].sort((a, b) => b.hours - a.hours).map((box) => box.id);
    const waitingBoxes = await readPage<Row>(t.app, `/api/boxes?status=waiting&venue=${venue.id}`, admin);
    expect(waitingBoxes.items.map((item) => item.id)).toEqual(oldestBoxes);
    const allBoxes = await walk("/api/boxes?status=waiting");
    expect(allBoxes.byCursor.filter((id) => oldestBoxes.includes(id))).toEqual(oldestBoxes);
    expect(allBoxes.backwards).toEqual(allBoxes.byCursor);
  });

  it("owner search matches the e-mail as well as the name, and follows an e-mail change", async () => {
    const owner = await insertOwner(t.app.db, { name: "Rocío Villaseñor" });
    const ids = async (term: string) =>
      (await readPage<Row>(t.app, `/api/owners?search=${encodeURIComponent(term)}`, admin)).items.map(
        (item) => item.id,
      );
    expect(await ids(owner.email)).toEqual([owner.id]);
    expect(await ids(owner.email.slice(6, 14).toUpperCase())).toEqual([owner.id]);
    expect(await ids("villaseñor")).toContain(owner.id);
    await t.app.db.update(members).set({ email: "rocio.v@correo.example.mx" }).where(eq(members.id, owner.memberId));
    expect(await ids("rocio.v@correo")).toEqual([owner.id]);
    expect(await ids(owner.email)).toEqual([]);
  });
});
