import type { Box, Owner, Paged, ReviewQueue } from "@palco/shared";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { auditLog, owners, venues } from "../src/platform/schema.ts";
import {
  bearer,
  call,
  expectErrorShape,
  login,
  readOutbox,
  type TestApp,
  USER_PASSWORD,
  withTestApp,
} from "./helpers.ts";
import { insertBox, insertOwner, insertVenue } from "./supply-fixtures.ts";

let t: TestApp;
let admin: { authorization: string };
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const get = <T>(url: string, headers = admin) =>
  call(t.app, { method: "GET", url, headers }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });
const decide = (resource: string, id: number, payload: unknown, headers: Record<string, string> = admin) =>
  call(t.app, { method: "PUT", url: `/api/${resource}/${id}/status`, headers, payload: payload as object });

async function specimen(): Promise<string> {
  const webp = await sharp({ create: { width: 40, height: 25, channels: 3, background: "#c92a2a" } })
    .webp()
    .toBuffer();
  return t.app.documents.storePrepared(webp, "owner-documents");
}

/** The path and query of a signed link, as a browser would request it. */
const fetchLink = (link: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: "GET", url: link, headers });

describe("owners", () => {
  it("lists with the spec's fields, filters by review state and searches by name", async () => {
    const waiting = await insertOwner(t.app.db, { name: "Rodrigo Esperanza Uno" });
    const returned = await insertOwner(t.app.db, {
      name: "Rodrigo Devuelto Dos",
      owner: { status: "returned", readyForReview: false, review: "Falta la credencial por detrás" },
    });
    const list = await get<Paged<Owner>>("/api/owners?search=rodrigo");
    expect(list.items.map((item) => item.id).sort()).toEqual([waiting.id, returned.id].sort());
    const item = list.items.find((row) => row.id === waiting.id)!;
    expect(item).toMatchObject({
      fullName: "Rodrigo Esperanza Uno",
      email: waiting.email,
      phone: "3312345678",
      phoneCountry: "52",
      rfc: "HERL880412AB1",
      documentType: "id",
      status: "pending",
      readyForReview: true,
      isActive: true,
      bankAccount: {
        bankName: "BBVA México",
        accountNumber: "0123456789",
        clabeNumber: "002010077777777771",
        holderName: "Lucía Hernández Ruiz",
      },
      birthAt: "1988-04-12",
    });
    // Lists never hand out a working document link.
    expect(JSON.stringify(list)).not.toContain("signature=");

    const inbox = await get<Paged<Owner>>("/api/owners?status=waiting&search=rodrigo");
    expect(inbox.items.map((row) => row.id)).toEqual([waiting.id]);
    const rejected = await get<Paged<Owner>>("/api/owners?status=returned&search=rodrigo");
    expect(rejected.items.map((row) => row.id)).toEqual([returned.id]);
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/owners?status=maybe", headers: admin }), 400);
  });

  it("accepts: accepted, active and no longer waiting; a second decision is 409 in the member's language", async () => {
    const owner = await insertOwner(t.app.db, { owner: { isActive: false, review: "Una reseña anterior vieja" } });
    const response = await decide("owners", owner.id, { status: "accepted" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Owner>()).toMatchObject({
      status: "accepted",
      isActive: true,
      readyForReview: false,
      review: null,
    });
    const again = expectErrorShape(
      await decide("owners", owner.id, { status: "returned", review: "x".repeat(20) }),
      409,
    );
    expect(again.message).toBe(
      "This owner is not waiting for a review: it was already decided or has not been sent for review",
    );
    const againEs = expectErrorShape(
      await decide("owners", owner.id, { status: "accepted" }, { ...admin, "accept-language": "es" }),
      409,
    );
    expect(againEs.message).toBe("Este propietario no espera una revisión: ya se decidió o aún no se envió a revisión");
  });

  it("rejects only with a review of 10 letters or more, keeps it, and e-mails the owner in their language", async () => {
    const owner = await insertOwner(t.app.db, { language: "es" });
    const missing = expectErrorShape(await decide("owners", owner.id, { status: "returned", review: "  " }), 422);
    expect(missing.messages).toEqual({ review: "Write a review telling the owner what to fix" });
    const short = expectErrorShape(
      await decide(
        "owners",
        owner.id,
        { status: "returned", review: "1234567890 abc!" },
        { ...admin, "accept-language": "es" },
      ),
      422,
    );
    expect(short.messages).toEqual({ review: "La reseña debe tener al menos 10 letras" });
    for (const payload of [{ status: "pending" }, { status: 5 }, {}, { status: "returned", review: ["x"] }, "nope"]) {
      expect((await decide("owners", owner.id, payload)).statusCode).toBeGreaterThanOrEqual(400);
    }
    const review = "La foto de la identificación está borrosa; súbela de nuevo.";
    const response = await decide("owners", owner.id, { status: "returned", review: ` ${review} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Owner>()).toMatchObject({ status: "returned", readyForReview: false, review });

    await t.app.background.flush();
    const mail = (await readOutbox(t.dataDir)).filter((message) => message.to === owner.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Tu perfil de propietario necesita cambios");
    expect(mail[0]!.text).toContain(review);

    // The decision is in the trail: who, when, what, and the review.
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.resource, "owners"), eq(auditLog.recordId, String(owner.id)), eq(auditLog.action, "reject")),
      );
    expect(entry).toMatchObject({ actorEmail: "admin@palco.test" });
    expect(entry!.changes).toMatchObject({ status: ["pending", "returned"], review: [null, review] });
    // …and shown as the record's decision history to whoever may see the record.
    const detail = await get<Owner>(`/api/owners/${owner.id}`);
    expect(detail.decisions).toEqual([{ status: "returned", review, at: expect.any(String), by: entry!.actorName }]);
  });

  it("refuses a decision on an owner who has not asked for review", async () => {
    const owner = await insertOwner(t.app.db, { owner: { readyForReview: false, readyAt: null } });
    expectErrorShape(await decide("owners", owner.id, { status: "accepted" }), 409);
    expectErrorShape(await decide("owners", 2_000_000_000, { status: "accepted" }), 404);
  });

  it("two staff deciding at once: one decision wins, the other gets 409", async () => {
    const owner = await insertOwner(t.app.db);
    const answers = await Promise.all([
      decide("owners", owner.id, { status: "accepted" }),
      decide("owners", owner.id, { status: "returned", review: "Los datos bancarios no coinciden con el titular" }),
      decide("owners", owner.id, { status: "accepted" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const decisions = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "owners"), eq(auditLog.recordId, String(owner.id))));
    expect(decisions).toHaveLength(1);
  });

  it("blocks and unblocks", async () => {
    const owner = await insertOwner(t.app.db);
    const blocked = await call(t.app, { method: "PUT", url: `/api/owners/${owner.id}/deactivate`, headers: admin });
    expect(blocked.json<Owner>().isActive).toBe(false);
    const unblocked = await call(t.app, { method: "PUT", url: `/api/owners/${owner.id}/activate`, headers: admin });
    expect(unblocked.json<Owner>().isActive).toBe(true);
  });
});

describe("private documents", () => {
  it("are links signed for the member, private and uncached; refused without a signature, forged, expired or after sign-out", async () => {
    const front = await specimen();
    const owner = await insertOwner(t.app.db, { owner: { idFrontKey: front, idBackKey: null } });
    const detail = await get<Owner>(`/api/owners/${owner.id}`);
    expect(detail.ownerIdPictureUrl.back).toBeNull();
    const link = detail.ownerIdPictureUrl.front!;
    expect(link).toMatch(new RegExp(`^/api/owners/${owner.id}/documents/id-front\\?user=\\d+&session=.+&signature=`));

    const ok = await fetchLink(link);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("image/webp");
    expect(ok.headers["cache-control"]).toBe("private, no-store");
    expect(ok.headers["content-disposition"]).toBe("inline");
    expect((await sharp(ok.rawPayload).metadata()).width).toBe(40);
    // Never under /uploads, whatever the key.
    expect((await call(t.app, { method: "GET", url: `/uploads/${front}` })).statusCode).toBe(404);

    const bare = link.slice(0, link.indexOf("?"));
    expect((await fetchLink(bare)).statusCode).toBe(401);
    expect((await fetchLink(bare, admin)).statusCode).toBe(401);
    // A forged signature: its first character changed (always to another one).
    const forgedLink = link.replace(/signature=(.)/, (_, first: string) => `signature=${first === "A" ? "B" : "A"}`);
    expect(forgedLink).not.toBe(link);
    expect((await fetchLink(forgedLink)).statusCode).toBe(403);
    // A link for one record does not open another's document, nor another kind.
    expect((await fetchLink(link.replace(`/owners/${owner.id}/`, `/owners/${owner.id + 1}/`))).statusCode).toBe(403);
    expect((await fetchLink(link.replace("id-front", "id-back"))).statusCode).toBe(403);

    // A member without OWNERS_SHOW never gets a link, and one signed for them opens nothing.
    const lister = await t.createUser({ permissions: ["OWNERS_INDEX"] });
    const session = await login(t.app, lister.email, USER_PASSWORD);
    expectErrorShape(
      await call(t.app, { method: "GET", url: `/api/owners/${owner.id}`, headers: bearer(session.token) }),
      403,
    );
    const listerRequest = { sessionUser: { id: lister.id }, sessionId: sessionIdOf(session.token) };
    const forged = t.app.documents.sign(listerRequest as never, bare)!;
    expect((await fetchLink(forged)).statusCode).toBe(403);

    // Expired ten minutes after it was handed out.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 11 * 60_000 });
    const old = await get<Owner>(`/api/owners/${owner.id}`);
    vi.useRealTimers();
    expect((await fetchLink(old.ownerIdPictureUrl.front!)).statusCode).toBe(403);

    // A viewer's links stop working when their session ends.
    const viewer = await t.createUser({ permissions: ["OWNERS_SHOW"] });
    const viewerSession = await login(t.app, viewer.email, USER_PASSWORD);
    const theirs = await get<Owner>(`/api/owners/${owner.id}`, bearer(viewerSession.token));
    expect((await fetchLink(theirs.ownerIdPictureUrl.front!)).statusCode).toBe(200);
    await call(t.app, {
      method: "POST",
      url: "/api/auth/logout",
      headers: bearer(viewerSession.token),
      payload: { refreshToken: viewerSession.refreshToken },
    });
    expect((await fetchLink(theirs.ownerIdPictureUrl.front!)).statusCode).toBe(403);
  });
});

function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { sid: string };
  return payload.sid;
}

describe("boxes", () => {
  it("answer exact money, seasons, the pin position and the venue picture; filter by venue, city, seasons and state", async () => {
    const owner = await insertOwner(t.app.db, { name: "Dueña De Palcos" });
    const venue = await insertVenue(t.app.db);
    const both = await insertBox(t.app.db, owner.id, venue.id, { number: "101" });
    const onetime = await insertBox(t.app.db, owner.id, venue.id, {
      number: "102",
      type: "onetime",
      status: "accepted",
      readyForReview: false,
    });
    const season = await insertBox(t.app.db, owner.id, venue.id, {
      number: "103",
      type: "season",
      price: null,
      deposit: null,
    });

    const detail = await get<Box>(`/api/boxes/${both.id}`);
    expect(detail).toMatchObject({
      number: "101",
      boxZone: "Platino",
      type: "both",
      price: "18500.50",
      deposit: "5000.00",
      position: { x: 42.5, y: 63.25 },
      seasons: [{ price: "350000.00", deposit: "50000.00", seasonStartsAt: "2026-07-10", seasonEndsAt: "2026-12-20" }],
      userName: "Dueña De Palcos",
      owner: { id: owner.id, name: "Dueña De Palcos" },
      venue: { id: venue.id },
      city: { id: venue.cityId },
      images: [],
      pictureUrl: null,
      propertyTitlePictureUrl: null,
    });
    expect((await get<Box>(`/api/boxes/${season.id}`)).price).toBeNull();

    const ids = async (query: string) =>
      (await get<Paged<Box>>(`/api/boxes?${query}`)).items.map((item) => item.id).sort((a, b) => a - b);
    expect(await ids(`venue=${venue.id}`)).toEqual([both.id, onetime.id, season.id]);
    expect(await ids(`city=${venue.cityId}`)).toEqual([both.id, onetime.id, season.id]);
    expect(await ids(`venue=${venue.id}&seasons=true`)).toEqual([both.id, season.id]);
    expect(await ids(`venue=${venue.id}&status=accepted`)).toEqual([onetime.id]);
    expect(await ids(`venue=${venue.id}&status=waiting&search=platino 10`)).toEqual([both.id, season.id]);

    // The venue counts them, and its events list the ones on sale.
    const venueDetail = await get<{ boxes: number }>(`/api/venues/${venue.id}`);
    expect(venueDetail.boxes).toBe(3);

    // A deleted venue takes its boxes out of the lists.
    await t.app.db.update(venues).set({ deletedAt: new Date() }).where(eq(venues.id, venue.id));
    expect(await ids(`city=${venue.cityId}`)).toEqual([]);
    expectErrorShape(await call(t.app, { method: "GET", url: `/api/boxes/${both.id}`, headers: admin }), 404);
  });

  it("are accepted or returned with a review, like owners, and the owner hears of it", async () => {
    const owner = await insertOwner(t.app.db, { language: "en" });
    const venue = await insertVenue(t.app.db, "Arena Prueba");
    const box = await insertBox(t.app.db, owner.id, venue.id, { number: "7", zone: "Oro" });
    const short = expectErrorShape(await decide("boxes", box.id, { status: "returned", review: "Muy corta" }), 422);
    expect(short.messages).toEqual({ review: "The review must have at least 10 letters" });
    const missing = expectErrorShape(await decide("boxes", box.id, { status: "returned" }), 422);
    expect(missing.messages).toEqual({ review: "Write a review telling the owner what to fix in this box" });
    const returned = await decide("boxes", box.id, { status: "returned", review: "The property title is unreadable" });
    expect(returned.json<Box>()).toMatchObject({ status: "returned", readyForReview: false });
    expectErrorShape(await decide("boxes", box.id, { status: "accepted" }), 409);
    await t.app.background.flush();
    const mail = (await readOutbox(t.dataDir)).filter((message) => message.to === owner.email);
    expect(mail.map((message) => message.subject)).toEqual(["Your box Oro 7 (Arena Prueba) needs changes"]);
  });

  it("documents are the box's own, for BOXES_SHOW", async () => {
    const owner = await insertOwner(t.app.db);
    const venue = await insertVenue(t.app.db);
    const title = await specimen();
    const box = await insertBox(t.app.db, owner.id, venue.id, { propertyTitleKey: title });
    const detail = await get<Box>(`/api/boxes/${box.id}`);
    const response = await fetchLink(detail.propertyTitlePictureUrl!);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect((await fetchLink(detail.propertyTitlePictureUrl!.replace("/boxes/", "/owners/"))).statusCode).toBe(403);
  });
});

describe("the review queue", () => {
  it("counts what waits, only for the lists a member can open", async () => {
    const before = await get<ReviewQueue>("/api/review-queue");
    const owner = await insertOwner(t.app.db);
    await insertOwner(t.app.db, { owner: { readyForReview: false } });
    const after = await get<ReviewQueue>("/api/review-queue");
    expect(after.owners).toBe(before.owners! + 1);
    expect(after.boxes).toBe(before.boxes);
    await decide("owners", owner.id, { status: "accepted" });
    expect((await get<ReviewQueue>("/api/review-queue")).owners).toBe(before.owners);

    const ownersOnly = await t.userWith("OWNERS_INDEX");
    expect(await get<ReviewQueue>("/api/review-queue", ownersOnly)).toEqual({ owners: before.owners, boxes: null });
    await t.app.db.update(owners).set({ readyForReview: false });
    expect((await get<ReviewQueue>("/api/review-queue")).owners).toBe(0);
  });
});
