import { randomBytes } from "node:crypto";
import { SEARCH_RESOURCES, type SearchResponse } from "@palco/shared";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withGenericPlans } from "../src/platform/db.ts";
import { bookings, events, members, owners, roles } from "../src/platform/schema.ts";
import { backend, call, expectErrorShape, type TestApp, withTestApp } from "./helpers.ts";
import { book, insertBookable, insertBox, insertGuest, insertOwner, insertVenue } from "./supply-fixtures.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const suffix = () => randomBytes(4).toString("hex");
/** A word of letters alone (a name: a term with digits is looked for as an e-mail or phone, not a name). */
const word = () => `Q${suffix().replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]!)}`;
/** Ten digits no other test uses: a phone number. */
const phoneNumber = () => `55${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`;

const search = async (q: string, headers: Record<string, string> = admin) => {
  const response = await call(t.app, { method: "GET", url: `/api/search?${new URLSearchParams({ q })}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResponse>();
};
const group = (answer: SearchResponse, resource: string) =>
  answer.groups.find((candidate) => candidate.resource === resource);
const keyOf = async (id: number) =>
  (await t.app.db.select({ key: bookings.key, folio: bookings.folio }).from(bookings).where(eq(bookings.id, id)))[0]!;

describe("GET /api/search: permissions", () => {
  it("answers only the groups the member may list: none without permissions, bookings alone with BOOKINGS_INDEX", async () => {
    const bookable = await insertBookable(t.app.db);
    const id = await book(t.app.db, bookable);
    const { key } = await keyOf(id);

    const everything = await search(key);
    expect(everything.groups.map((item) => item.resource)).toEqual([...SEARCH_RESOURCES]);

    const nothing = await search(key, await t.userWith());
    expect(nothing).toEqual({ groups: [] });

    const bookingsOnly = await search(key, await t.userWith("BOOKINGS_INDEX"));
    // The bookings list shows their guests: the members group comes with it.
    expect(bookingsOnly.groups.map((item) => item.resource)).toEqual(["bookings", "members"]);
    // Without BOOKINGS_SHOW the item leads to the list, searched for it; with it, to the detail page.
    expect(bookingsOnly.groups[0]!.items[0]).toMatchObject({ id, title: key, path: `/bookings?search=${key}` });
    const withShow = await search(key, await t.userWith("BOOKINGS_INDEX", "BOOKINGS_SHOW"));
    expect(withShow.groups[0]!.items[0]).toMatchObject({ id, path: `/bookings/${id}` });
  });

  it("tells nothing of the resources the member may not list", async () => {
    const owner = await insertOwner(t.app.db, { name: `Reservado ${suffix()}`, owner: { rfc: "ZZZZ990101AA1" } });
    const answer = await search(owner.email, await t.userWith("BOOKINGS_INDEX", "EVENTS_INDEX"));
    // Members as the bookings list shows them (guests): an owner who never booked is none of them.
    expect(answer.groups.map((item) => item.resource)).toEqual(["bookings", "events", "members"]);
    expect(group(answer, "members")!.items).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain(owner.email);
    expect(JSON.stringify(answer)).not.toContain("Reservado");
    expect(group(await search(owner.email), "owners")!.items[0]).toMatchObject({ id: owner.id });
  });

  it("refuses a request without a session, with the error shape alone", async () => {
    const response = await call(t.app, { method: "GET", url: "/api/search?q=admin" });
    expectErrorShape(response, 401);
    expect(response.body).not.toContain("groups");
  });
});

describe("GET /api/search: ranking", () => {
  it("puts the booking with the exact key first and finds it by folio", async () => {
    const bookable = await insertBookable(t.app.db);
    const first = await book(t.app.db, bookable);
    await book(t.app.db, bookable, "season");
    const { key, folio } = await keyOf(first);
    expect(group(await search(key.toLowerCase()), "bookings")!.items[0]).toMatchObject({ id: first, title: key });
    const byFolio = group(await search(folio), "bookings")!.items;
    expect(byFolio[0]).toMatchObject({ id: first });
    expect(byFolio[0]!.subtitle).toContain(folio);
    // Its seven digits alone look like a phone number, yet may be part of a folio: still found.
    expect(group(await search(folio.slice(1)), "bookings")!.items.map((item) => item.id)).toContain(first);
  });

  it("finds a guest's bookings by the exact e-mail first, by part of it, and by phone", async () => {
    const bookable = await insertBookable(t.app.db);
    const exact = await book(t.app.db, bookable);
    // A newer booking whose guest's e-mail contains the first guest's: newest first would list it first.
    const [other] = await t.app.db
      .insert(members)
      .values({
        firstName: "Otra",
        lastName: "Persona",
        email: `x${bookable.guest.email}`,
        phone: "5598765432",
        phoneCountry: "52",
      })
      .returning({ id: members.id });
    const newer = await book(
      t.app.db,
      { ...bookable, guest: { id: other!.id, email: `x${bookable.guest.email}` } },
      "season",
    );
    // A whole e-mail is the guest's own address (whatever its case): an address that merely contains it is not it.
    const items = group(await search(bookable.guest.email.toUpperCase()), "bookings")!.items;
    expect(items.map((item) => item.id)).toEqual([exact]);
    // Part of an address finds both, newest first.
    const local = bookable.guest.email.split("@")[0]!;
    expect(group(await search(local), "bookings")!.items.map((item) => item.id)).toEqual([newer, exact]);

    const byPhone = group(await search("+52 55 9876 5432"), "bookings")!.items;
    expect(byPhone.map((item) => item.id)).toContain(newer);
  });

  it("puts the owner with the exact RFC or e-mail first, before names starting with it", async () => {
    const rfc = `Q${suffix().replace(/\d/g, "A").slice(0, 3).toUpperCase()}900101AB1`;
    const named = await insertOwner(t.app.db, { name: `${rfc} Comercial` });
    const holder = await insertOwner(t.app.db, { name: `Zoe ${suffix()}`, owner: { rfc } });
    const byRfc = group(await search(rfc.toLowerCase()), "owners")!.items;
    expect(byRfc.map((item) => item.id)).toEqual([holder.id, named.id]);
    expect(byRfc[0]!.subtitle).toContain(rfc);
    expect(group(await search(holder.email), "owners")!.items[0]).toMatchObject({ id: holder.id });
  });

  it("finds boxes by zone and number and by their owner, venues, events, users and roles by name", async () => {
    const venueName = `Coliseo ${suffix()}`;
    const venue = await insertVenue(t.app.db, venueName);
    const ownerName = `Dueña ${suffix()}`;
    const owner = await insertOwner(t.app.db, { name: ownerName });
    const box = await insertBox(t.app.db, owner.id, venue.id, { zone: `Zona${suffix()}`, number: "7" });
    const boxes = group(await search(ownerName), "boxes")!.items;
    expect(boxes.map((item) => item.id)).toContain(box.id);
    expect(boxes[0]!.subtitle).toContain(venueName);
    expect(group(await search(venueName.slice(0, 6)), "venues")!.items.map((item) => item.title)).toContain(venueName);

    const user = await t.createUser({ email: `palette.${suffix()}@palco.test`, firstName: "Paleta" });
    expect(group(await search(user.email), "users")!.items[0]).toMatchObject({
      id: user.id,
      path: `/users/${user.id}`,
    });
    const [role] = await t.app.db
      .insert(roles)
      .values({ name: `Búsqueda ${suffix()}` })
      .returning();
    const roleItems = group(await search("búsq"), "roles")!.items;
    expect(roleItems.map((item) => item.id)).toContain(role!.id);
    expect(roleItems.find((item) => item.id === role!.id)!.subtitle).toBe("Users: 0");
  });

  it("finds a word anywhere in a name, whether it is in the first names of the order or rare and far down it", async () => {
    const venue = await insertVenue(t.app.db);
    const common = word();
    const rare = word();
    const few = word();
    const startsAt = new Date(Date.now() + 30 * 86_400_000);
    // More events than the lookup walks in name order, all with the common word; behind them, by name, one with the
    // rare word and three with another: found through the trigram index, past the walk.
    const named = (name: string) => ({ name, duration: 2, startsAt, venueId: venue.id });
    await t.app.db
      .insert(events)
      .values([
        ...Array.from({ length: 1_005 }, (_, index) => named(`Aaaa ${common} ${String(index).padStart(4, "0")}`)),
        named(`Zzzz ${rare} final`),
        ...[1, 2, 3].map((index) => named(`Zzzz ${few} ${index}`)),
      ]);
    const titles = async (q: string) => group(await search(q), "events")!.items.map((item) => item.title);
    expect(await titles(common.toLowerCase())).toEqual(
      [0, 1, 2, 3, 4].map((index) => `Aaaa ${common} ${String(index).padStart(4, "0")}`),
    );
    expect(await titles(rare.toLowerCase())).toEqual([`Zzzz ${rare} final`]);
    expect(await titles(few.toLowerCase())).toEqual([1, 2, 3].map((index) => `Zzzz ${few} ${index}`));
  });

  it("writes subtitles in the member's language", async () => {
    const bookable = await insertBookable(t.app.db);
    const id = await book(t.app.db, bookable);
    const { key } = await keyOf(id);
    const english = group(await search(key), "bookings")!.items[0]!;
    const spanish = group(await search(key, { ...admin, "accept-language": "es" }), "bookings")!.items[0]!;
    expect(english.subtitle).toMatch(/Pending$/);
    expect(spanish.subtitle).toMatch(/Pendiente$/);
    const guest = await insertGuest(t.app.db, "Nadie");
    expect(group(await search(guest.email), "bookings")!.items).toEqual([]);
  });
});

describe("GET /api/search: the connections it runs on", () => {
  it("asks PostgreSQL for one plan per statement and no parallel workers, keeping the URL's server options", () => {
    const added = "-c%20plan_cache_mode%3Dforce_generic_plan%20-c%20max_parallel_workers_per_gather%3D0";
    expect(withGenericPlans("postgres://app@db:5432/palco?sslmode=require&options=-c%20search_path%3Dpalco")).toBe(
      `postgres://app@db:5432/palco?sslmode=require&options=-c%20search_path%3Dpalco%20${added}`,
    );
    expect(withGenericPlans("postgres://app@db/palco")).toBe(`postgres://app@db/palco?options=${added}`);
  });

  it("runs on PostgreSQL's pool that keeps one plan per statement, while the other routes' plans fit their values", async () => {
    const mode = sql`select current_setting('plan_cache_mode') as mode`;
    const elsewhere = (await t.app.db.execute(mode)) as unknown as { rows: { mode: string }[] };
    expect(elsewhere.rows).toEqual([{ mode: "auto" }]);
    if (backend === "pglite") {
      // One embedded connection and no pool to keep plans in: the search's statements run unnamed there.
      expect(t.app.database.runGeneric).toBeNull();
      return;
    }
    const statement = {
      name: "test_plan_mode",
      text: "select current_setting('plan_cache_mode') as mode, current_setting('max_parallel_workers_per_gather') as workers",
      values: [],
    };
    expect(await t.app.database.runGeneric!(statement)).toEqual([{ mode: "force_generic_plan", workers: "0" }]);
  });
});

describe("GET /api/search: the query", () => {
  it("refuses a missing, blank or too long q on its field, in the member's language", async () => {
    for (const url of ["/api/search", "/api/search?q=", "/api/search?q=%20%20", `/api/search?q=${"a".repeat(101)}`]) {
      const body = expectErrorShape(await call(t.app, { method: "GET", url, headers: admin }), 400);
      expect(Object.keys(body.messages ?? {}), url).toEqual(["q"]);
    }
    const spanish = expectErrorShape(
      await call(t.app, { method: "GET", url: "/api/search?q=", headers: { ...admin, "accept-language": "es" } }),
      400,
    );
    expect(spanish.messages?.q).toBe("Escribe qué buscar");
    const tooLong = expectErrorShape(
      await call(t.app, { method: "GET", url: `/api/search?q=${"a".repeat(101)}`, headers: admin }),
      400,
    );
    expect(tooLong.messages?.q).toBe("This value is too long");
    // Trimmed before its length is judged: 100 characters between spaces are fine.
    await search(` ${"a".repeat(100)} `);
  });

  it("answers empty groups to a single character, and treats % and _ as plain characters", async () => {
    const answer = await search(" a ");
    expect(answer.groups.map((item) => item.resource)).toEqual([...SEARCH_RESOURCES]);
    expect(answer.groups.every((item) => item.items.length === 0)).toBe(true);
    const wildcards = await search("%_%");
    expect(wildcards.groups.every((item) => item.items.length === 0)).toBe(true);
  });
});

describe("GET /api/search: members", () => {
  /** A member (first and last name as given) with an owner profile. */
  async function ownerMember(firstName: string, lastName: string, phone = phoneNumber()) {
    const email = `owner.${suffix()}@example.com`;
    const [member] = await t.app.db
      .insert(members)
      .values({ firstName, lastName, email, phone, phoneCountry: "52" })
      .returning({ id: members.id });
    const [owner] = await t.app.db
      .insert(owners)
      .values({
        memberId: member!.id,
        name: `${firstName} ${lastName}`,
        address: "Av. Vallarta 1, Guadalajara",
        rfc: "XAXX010101000",
        documentType: "id",
      })
      .returning({ id: owners.id });
    return { id: member!.id, ownerId: owner!.id, email, phone };
  }

  /** A guest with one booking, a member who never booked and an owner, all with the same surname. */
  async function threeMembers() {
    const surname = word();
    const bookable = await insertBookable(t.app.db);
    const guestPhone = phoneNumber();
    await t.app.db
      .update(members)
      .set({ firstName: "Renata", lastName: surname, phone: guestPhone })
      .where(eq(members.id, bookable.guest.id));
    await book(t.app.db, bookable);
    const guest = { id: bookable.guest.id, email: bookable.guest.email, phone: guestPhone };
    const [signUp] = await t.app.db
      .insert(members)
      .values({
        firstName: "Renata",
        lastName: `${surname} Sola`,
        email: `signup.${suffix()}@example.com`,
        phone: phoneNumber(),
        phoneCountry: "52",
      })
      .returning({ id: members.id, email: members.email, phone: members.phone });
    const owner = await ownerMember("Renata", `${surname} Dueña`);
    return { surname, guest, signUp: signUp!, owner };
  }
  const ids = (answer: SearchResponse) => group(answer, "members")!.items.map((item) => item.id);

  it("finds the guests who booked and the owners, never a member no list shows; each leads where the member may go", async () => {
    const { surname, guest, signUp, owner } = await threeMembers();

    const everything = await search(`Renata ${surname}`);
    const items = group(everything, "members")!.items;
    // "renata <surname>" exactly, then the name that starts with it (the owner); the sign-up is in no list.
    expect(items.map((item) => item.id)).toEqual([guest.id, owner.id]);
    expect(items[0]).toEqual({
      id: guest.id,
      title: `Renata ${surname}`,
      subtitle: `${guest.email} · +52 ${guest.phone} · Guest`,
      path: `/bookings?${new URLSearchParams({ search: guest.email })}`,
    });
    expect(items[1]).toMatchObject({
      subtitle: `${owner.email} · +52 ${owner.phone} · Owner`,
      path: `/owners/${owner.ownerId}`,
    });
    expect(group(await search(signUp.email), "members")!.items).toEqual([]);
    expect(group(await search(`+52 ${signUp.phone}`), "members")!.items).toEqual([]);
    expect(JSON.stringify(everything)).not.toContain(signUp.email);

    // The bookings list shows guests: the owner who never booked is left out, and nothing of them is told.
    const guests = await search(`Renata ${surname}`, await t.userWith("BOOKINGS_INDEX"));
    expect(ids(guests)).toEqual([guest.id]);
    expect(JSON.stringify(guests)).not.toContain(owner.email);
    expect(JSON.stringify(guests)).not.toContain("Owner");

    // The owners list shows owners: without OWNERS_SHOW the item leads to that list, searched for the e-mail.
    const ownersOnly = await search(surname, await t.userWith("OWNERS_INDEX"));
    expect(ownersOnly.groups.map((item) => item.resource)).toEqual(["owners", "members"]);
    expect(group(ownersOnly, "members")!.items).toEqual([
      {
        id: owner.id,
        title: `Renata ${surname} Dueña`,
        subtitle: `${owner.email} · +52 ${owner.phone} · Owner`,
        path: `/owners?${new URLSearchParams({ search: owner.email })}`,
      },
    ]);
    expect(JSON.stringify(ownersOnly)).not.toContain(guest.email);
    const withShow = await search(owner.email, await t.userWith("OWNERS_INDEX", "OWNERS_SHOW"));
    expect(group(withShow, "members")!.items[0]).toMatchObject({ id: owner.id, path: `/owners/${owner.ownerId}` });

    // Neither list: no members group at all.
    const neither = await search(guest.email, await t.userWith("EVENTS_INDEX", "USERS_INDEX"));
    expect(neither.groups.map((item) => item.resource)).toEqual(["events", "users"]);
    expect(JSON.stringify(neither)).not.toContain(guest.email);

    // Once the sign-up books, the bookings list shows them: found by name too.
    const bookable = await insertBookable(t.app.db);
    await book(t.app.db, { ...bookable, guest: { id: signUp.id, email: signUp.email } });
    expect(ids(await search(`Renata ${surname} Sola`))).toEqual([signUp.id]);
  });

  it("puts the exact e-mail or phone first, then the exact name, names starting with the term, the term anywhere", async () => {
    const { surname, guest, owner } = await threeMembers();
    // An address that merely contains the guest's is not theirs; a phone is the ten digits, however typed.
    const lookalike = await ownerMember("Otra", "Persona");
    await t.app.db
      .update(members)
      .set({ email: `x${guest.email}` })
      .where(eq(members.id, lookalike.id));
    expect(ids(await search(guest.email.toUpperCase()))).toEqual([guest.id]);
    const phone = guest.phone;
    const typed = `+52 (${phone.slice(0, 2)}) ${phone.slice(2, 6)}-${phone.slice(6)}`;
    expect(group(await search(typed), "members")!.items[0]).toMatchObject({ id: guest.id });
    expect(ids(await search(owner.phone))).toEqual([owner.id]);

    // Exact name, then the name that starts with it, then the name holding it (alphabetically first of the three).
    const starts = await ownerMember("Zoe", `${surname}x`);
    const exact = await ownerMember("Zoe", surname);
    const inside = await ownerMember("Azoe", surname);
    expect(ids(await search(`zoe ${surname.toLowerCase()}`))).toEqual([exact.id, starts.id, inside.id]);
    // Two characters: the names that start with them, no more.
    const short = ids(await search("Az"));
    expect(short).toContain(inside.id);
    expect(short).not.toContain(exact.id);
    // Spanish subtitles.
    const spanish = await search(owner.email, { ...admin, "accept-language": "es" });
    expect(group(spanish, "members")!.items[0]!.subtitle).toBe(`${owner.email} · +52 ${owner.phone} · Propietario`);
  });
});
