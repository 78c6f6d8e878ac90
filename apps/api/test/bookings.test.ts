import {
  type Booking,
  type BookingListItem,
  type BookingMessage,
  type BookingMessagesPage,
  bookingAmounts,
  type Paged,
} from "@palco/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BookingUnavailableError, postMemberMessage, setPaymentStatus } from "../src/modules/bookings/service.ts";
import { auditLog } from "../src/platform/schema.ts";
import { call, expectErrorShape, type TestApp, withTestApp } from "./helpers.ts";
import { type Bookable, book, insertBookable, insertGuest } from "./supply-fixtures.ts";

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
const put = (id: number, payload: unknown, headers: Record<string, string> = admin) =>
  call(t.app, { method: "PUT", url: `/api/bookings/${id}`, headers, payload: payload as object });
const cancel = (id: number, headers: Record<string, string> = admin) =>
  call(t.app, { method: "POST", url: `/api/bookings/${id}/cancel`, headers });
const now = () => new Date().toISOString();

async function freshBooking(what: "onetime" | "season" = "onetime"): Promise<{ id: number; bookable: Bookable }> {
  const bookable = await insertBookable(t.app.db);
  return { id: await book(t.app.db, bookable, what), bookable };
}

describe("the bookings list", () => {
  it("answers the spec's fields, newest first, with lastPage", async () => {
    const { id, bookable } = await freshBooking();
    const season = await book(t.app.db, bookable, "season");
    const list = await get<Paged<BookingListItem> & { lastPage: number }>(`/api/bookings?venueId=${bookable.venue.id}`);
    expect(list.items.map((item) => item.id)).toEqual([season, id]);
    expect(list).toMatchObject({ page: 1, pageSize: 12, total: 2, lastPage: 1 });
    expect(list.items[1]).toMatchObject({
      boxType: "onetime",
      status: "pending",
      payment: { status: "pending" },
      total: bookingAmounts("18500.50", { guest: "7.50", host: "5.00", iva: "16.00" }).total,
      buyer: { id: bookable.guest.id, firstName: "Valeria", lastName: "Cruz Ortega", email: bookable.guest.email },
      box: { id: bookable.box.id, boxZone: "Platino", userName: "Lucía Hernández Ruiz" },
      venue: { id: bookable.venue.id, timeZone: "America/Mexico_City" },
    });
    expect(list.items[1]!.key).toMatch(/^PLC-[2-9A-HJ-NP-Z]{6}$/);
    expect(list.items[1]!.event?.id).toBe(bookable.event.id);
    expect(list.items[0]).toMatchObject({ boxType: "season", event: null });
  });

  it("searches the key, the guest's name and e-mail, the owner and the box; filters each way", async () => {
    const { id, bookable } = await freshBooking();
    const detail = await get<Booking>(`/api/bookings/${id}`);
    const ids = async (query: string) =>
      (await get<Paged<BookingListItem>>(`/api/bookings?${query}`)).items.map((item) => item.id);
    expect(await ids(`search=${detail.key}`)).toEqual([id]);
    expect(await ids(`search=${detail.key.toLowerCase()}`)).toEqual([id]);
    expect(await ids(`search=${detail.key.slice(2, 9)}&venueId=${bookable.venue.id}`)).toEqual([id]);
    expect(await ids(`search=${encodeURIComponent(bookable.guest.email)}`)).toEqual([id]);
    expect(await ids(`search=${detail.key.slice(0, 2)}&venueId=${bookable.venue.id}`)).toEqual([id]);
    expect(
      await ids(`search=${encodeURIComponent(`platino ${detail.box.number}`)}&venueId=${bookable.venue.id}`),
    ).toEqual([id]);
    expect(await ids(`search=hern%C3%A1ndez%20ruiz&venueId=${bookable.venue.id}`)).toEqual([id]);
    // The folio, whole or in part, whatever its case (F and seven digits).
    expect(await ids(`search=${detail.folio.toLowerCase()}`)).toEqual([id]);
    expect(await ids(`search=${detail.folio.slice(3)}&venueId=${bookable.venue.id}`)).toEqual([id]);
    expect(await ids(`search=${detail.folio.slice(0, 2).toLowerCase()}&venueId=${bookable.venue.id}`)).toEqual([id]);
    // Case-insensitive, and % or _ typed are literal.
    expect(await ids(`search=${encodeURIComponent(bookable.guest.email.toUpperCase())}`)).toEqual([id]);
    expect(await ids(`search=${encodeURIComponent("guest%")}&venueId=${bookable.venue.id}`)).toEqual([]);

    const venue = `venueId=${bookable.venue.id}`;
    expect(await ids(`${venue}&boxType=onetime`)).toEqual([id]);
    expect(await ids(`${venue}&boxType=season`)).toEqual([]);
    expect(await ids(`${venue}&status=pending&paymentStatus=pending`)).toEqual([id]);
    await setPaymentStatus(t.app.db, id, "capture");
    expect(await ids(`${venue}&paymentStatus=pending`)).toEqual([]);
    expect(await ids(`${venue}&paymentStatus=capture`)).toEqual([id]);
    expect(await ids(`${venue}&paymentStatus=`)).toEqual([id]);

    for (const bad of ["boxType=both", "status=done", "paymentStatus=paid", "venueId=abc"]) {
      expectErrorShape(await call(t.app, { method: "GET", url: `/api/bookings?${bad}`, headers: admin }), 400);
    }
  });
});

describe("a booking's detail", () => {
  it("has the client, the box with its owner's first bank account and phone, exact money and the payments", async () => {
    const { id, bookable } = await freshBooking();
    const booking = await get<Booking>(`/api/bookings/${id}`);
    const amounts = bookingAmounts("18500.50", { guest: "7.50", host: "5.00", iva: "16.00" });
    expect(booking).toMatchObject({
      id,
      boxType: "onetime",
      status: "pending",
      total: amounts.total,
      ownerTotal: amounts.ownerTotal,
      subtotal: "18500.50",
      fees: { guestRate: "7.50", hostRate: "5.00", ivaRate: "16.00", guest: amounts.guestFee, host: amounts.hostFee },
      ownerPaymentReference: null,
      ownerPaymentStatus: "pending",
      ticketsSentAt: null,
      ticketsDeliveredAt: null,
      canceledAt: null,
      refundDue: null,
      address: "Calle Falsa 123, Guadalajara",
      buyer: { id: bookable.guest.id, phone: "8112345678", phoneCountry: "52" },
      box: {
        userName: "Lucía Hernández Ruiz",
        venue: { id: bookable.venue.id },
        user: {
          id: bookable.owner.memberId,
          email: bookable.owner.email,
          bankAccounts: [{ bankName: "BBVA México", accountNumber: "0123456789", clabeNumber: "002010077777777771" }],
        },
        owner: { id: bookable.owner.id, phone: "3312345678", phoneCountry: "52" },
      },
      payments: [{ status: "pending", amount: amounts.total }],
      payment: { status: "pending" },
    });
    expect(booking.endsAt).toBe(new Date(bookable.event.startsAt.getTime() + 2 * 3_600_000).toISOString());
    expect(booking.timeline.map((entry) => entry.kind)).toEqual(["created"]);
    expect(booking.timeline[0]!.by).toBe("Valeria Cruz Ortega");
  });

  it("a season booking runs from the season's first day to its last, on the venue's clocks", async () => {
    const { id } = await freshBooking("season");
    const booking = await get<Booking>(`/api/bookings/${id}`);
    // insertBox's season: 2026-07-10 to 2026-12-20, Mexico City (UTC−6 all year).
    expect(booking.startsAt).toBe("2026-07-10T06:00:00.000Z");
    expect(booking.endsAt).toBe("2026-12-21T05:59:59.000Z");
    expect(booking.total).toBe(bookingAmounts("350000.00", { guest: "7.50", host: "5.00", iva: "16.00" }).total);
  });

  it("answers 404 for a booking that does not exist, on every route", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/bookings/2000000000", undefined],
      ["PUT", "/api/bookings/2000000000", { ticketsSentAt: now() }],
      ["POST", "/api/bookings/2000000000/cancel", undefined],
      ["GET", "/api/bookings/2000000000/messages?userId=1", undefined],
      ["POST", "/api/bookings/2000000000/messages", { userId: 1, message: "Hola" }],
    ] as const) {
      expectErrorShape(await call(t.app, { method, url, headers: admin, ...(payload ? { payload } : {}) }), 404);
    }
  });
});

describe("the tickets and the owner payment (PUT /bookings/{id})", () => {
  it("takes exactly one change", async () => {
    const { id } = await freshBooking();
    for (const payload of [
      {},
      { ticketsSentAt: now(), ticketsDeliveredAt: now() },
      { ticketsSentAt: now(), ownerPaymentReference: "SPEI0001234567" },
      { status: "canceled" },
    ]) {
      const response = await put(id, payload);
      expectErrorShape(response, 422);
      expect(response.json<{ message: string }>().message).toContain("exactly one change");
    }
    const badDate = await put(id, { ticketsSentAt: "yesterday" });
    expectErrorShape(badDate, 422);
    expect(badDate.json<{ messages: Record<string, string> }>().messages.ticketsSentAt).toBe(
      "The date must be an ISO 8601 timestamp",
    );
    expect((await get<Booking>(`/api/bookings/${id}`)).ticketsSentAt).toBeNull();
  });

  it("sends once, then delivers once; never delivers before sending; the server's clock is recorded", async () => {
    const { id } = await freshBooking();
    const early = await put(id, { ticketsDeliveredAt: now() });
    expectErrorShape(early, 409);
    expect(early.json<{ message: string }>().message).toBe(
      "The tickets have not been sent yet: mark them as sent first",
    );

    const before = Date.now();
    const sent = await put(id, { ticketsSentAt: "2001-01-01T00:00:00Z" });
    expect(sent.statusCode, sent.body).toBe(200);
    const sentAt = Date.parse(sent.json<Booking>().ticketsSentAt!);
    expect(sentAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(sentAt).toBeLessThanOrEqual(Date.now() + 1_000);

    const again = await put(id, { ticketsSentAt: now() }, { ...admin, "accept-language": "es" });
    expectErrorShape(again, 409);
    expect(again.json<{ message: string }>().message).toBe("Los boletos de esta reserva ya se enviaron");

    const delivered = await put(id, { ticketsDeliveredAt: now() });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json<Booking>().ticketsDeliveredAt).not.toBeNull();
    expectErrorShape(await put(id, { ticketsDeliveredAt: now() }), 409);

    const timeline = (await get<Booking>(`/api/bookings/${id}`)).timeline;
    expect(timeline.map((entry) => entry.kind)).toEqual(["created", "ticketsSent", "ticketsDelivered"]);
    expect(timeline[1]!.by).toBeTruthy();
  });

  it("records the owner's payment reference once: required after trimming, at least 10 characters", async () => {
    const { id } = await freshBooking();
    const blank = await put(id, { ownerPaymentReference: "   " });
    expectErrorShape(blank, 422);
    expect(blank.json<{ messages: Record<string, string> }>().messages.ownerPaymentReference).toBe(
      "The reference number for changing owner payment status is required.",
    );
    const short = await put(id, { ownerPaymentReference: " 12345 " }, { ...admin, "accept-language": "es" });
    expectErrorShape(short, 422);
    expect(short.json<{ messages: Record<string, string> }>().messages.ownerPaymentReference).toBe(
      "La referencia debe tener al menos 10 caracteres",
    );

    const paid = await put(id, { ownerPaymentReference: "  SPEI0001234567BBVA  " });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Booking>()).toMatchObject({
      ownerPaymentReference: "SPEI0001234567BBVA",
      ownerPaymentStatus: "payed",
    });
    const overwrite = await put(id, { ownerPaymentReference: "SPEI9999999999XXXX" });
    expectErrorShape(overwrite, 409);
    expect((await get<Booking>(`/api/bookings/${id}`)).ownerPaymentReference).toBe("SPEI0001234567BBVA");

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.resource, "bookings"), eq(auditLog.recordId, String(id)), eq(auditLog.action, "owner-paid")),
      );
    expect(entry!.changes).toMatchObject({
      ownerPaymentReference: [null, "SPEI0001234567BBVA"],
      ownerPaymentStatus: ["pending", "payed"],
    });
  });

  it("needs BOOKINGS_UPDATE; reading needs BOOKINGS_SHOW", async () => {
    const { id } = await freshBooking();
    const reader = await t.userWith("BOOKINGS_INDEX", "BOOKINGS_SHOW");
    expectErrorShape(await put(id, { ticketsSentAt: now() }, reader), 403);
    expectErrorShape(await cancel(id, reader), 403);
    await get<Booking>(`/api/bookings/${id}`, reader);
    const lister = await t.userWith("BOOKINGS_INDEX");
    expectErrorShape(await call(t.app, { method: "GET", url: `/api/bookings/${id}`, headers: lister }), 403);
    const updater = await t.userWith("BOOKINGS_UPDATE");
    expect((await put(id, { ticketsSentAt: now() }, updater)).statusCode).toBe(200);
  });

  it("two staff acting at once: one wins, the other gets 409", async () => {
    const { id } = await freshBooking();
    const payments = await Promise.all([
      put(id, { ownerPaymentReference: "SPEI-FIRST-000001" }),
      put(id, { ownerPaymentReference: "SPEI-SECOND-00002" }),
    ]);
    expect(payments.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = payments.find((response) => response.statusCode === 200)!.json<Booking>();
    expect((await get<Booking>(`/api/bookings/${id}`)).ownerPaymentReference).toBe(winner.ownerPaymentReference);

    const sends = await Promise.all([put(id, { ticketsSentAt: now() }), put(id, { ticketsSentAt: now() })]);
    expect(sends.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const cancels = await Promise.all([cancel(id), cancel(id)]);
    expect(cancels.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const entries = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.resource, "bookings"), eq(auditLog.recordId, String(id))));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["cancel", "owner-paid", "tickets-sent"]);
  });
});

describe("cancelling a booking", () => {
  it("cancels once, records the refund owed, freezes the booking and frees the box for the event", async () => {
    const { id, bookable } = await freshBooking();
    await setPaymentStatus(t.app.db, id, "capture");
    // The box is taken for this event while the booking stands.
    await expect(book(t.app.db, { ...bookable, guest: await insertGuest(t.app.db) })).rejects.toBeInstanceOf(
      BookingUnavailableError,
    );

    const response = await cancel(id);
    expect(response.statusCode, response.body).toBe(200);
    const canceled = response.json<Booking>();
    expect(canceled.status).toBe("canceled");
    expect(canceled.canceledAt).not.toBeNull();
    expect(canceled.refundDue).toBe(canceled.total);
    expect(canceled.payments.map((payment) => payment.status)).toEqual(["capture", "refund"]);
    expect(canceled.payment).toEqual({ status: "capture" });
    expect(canceled.timeline.at(-1), JSON.stringify(canceled.timeline)).toMatchObject({ kind: "canceled" });

    const again = await cancel(id, { ...admin, "accept-language": "es" });
    expectErrorShape(again, 409);
    expect(again.json<{ message: string }>().message).toBe("Esta reserva ya está cancelada");
    expectErrorShape(await put(id, { ticketsSentAt: now() }), 409);
    expectErrorShape(await put(id, { ownerPaymentReference: "SPEI0001234567BBVA" }), 409);

    // Freed: another guest books the same box for the same event.
    const rebooked = await book(t.app.db, { ...bookable, guest: await insertGuest(t.app.db, "Renata") });
    expect((await get<Booking>(`/api/bookings/${rebooked}`)).status).toBe("pending");
  });

  it("a booking nobody paid owes no refund", async () => {
    const { id } = await freshBooking();
    const canceled = (await cancel(id)).json<Booking>();
    expect(canceled.refundDue).toBeNull();
    expect(canceled.payments.map((payment) => payment.status)).toEqual(["pending"]);
  });
});

describe("the two threads", () => {
  const messages = (id: number, userId: number, page = 1) =>
    get<BookingMessagesPage>(`/api/bookings/${id}/messages?userId=${userId}&page=${page}`);
  const send = (id: number, payload: unknown, headers: Record<string, string> = admin) =>
    call(t.app, { method: "POST", url: `/api/bookings/${id}/messages`, headers, payload: payload as object });

  it("pages a thread newest first, 20 a page, and keeps the guest's and the owner's apart", async () => {
    const { id, bookable } = await freshBooking();
    for (let n = 1; n <= 25; n++) {
      await postMemberMessage(t.app.db, {
        bookingId: id,
        memberId: bookable.guest.id,
        message: `Mensaje ${n}`,
        at: new Date(Date.now() - (30 - n) * 60_000),
      });
    }
    await postMemberMessage(t.app.db, { bookingId: id, memberId: bookable.owner.memberId, message: "Soy el dueño" });

    const first = await messages(id, bookable.guest.id);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 25 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      message: "Mensaje 25",
      author: { id: bookable.guest.id, name: "Valeria Cruz Ortega", kind: "member" },
      repliedToUser: null,
    });
    const second = await messages(id, bookable.guest.id, 2);
    expect(second.items.map((item) => item.message)).toEqual([
      "Mensaje 5",
      "Mensaje 4",
      "Mensaje 3",
      "Mensaje 2",
      "Mensaje 1",
    ]);
    const owner = await messages(id, bookable.owner.memberId);
    expect(owner.items.map((item) => item.message)).toEqual(["Soy el dueño"]);

    const timeline = (await get<Booking>(`/api/bookings/${id}`)).timeline;
    const guestLines = timeline.filter((entry) => entry.kind === "guestMessages");
    expect(guestLines.reduce((total, entry) => total + entry.count, 0)).toBe(25);
    expect(timeline.find((entry) => entry.kind === "ownerMessages")).toMatchObject({ count: 1 });
  });

  it("a staff reply is appended with repliedToUser; empty, blank, overlong or to an outsider is refused", async () => {
    const { id, bookable } = await freshBooking();
    const reply = await send(id, { userId: bookable.owner.memberId, message: "  Ya quedó registrado, gracias.  " });
    expect(reply.statusCode, reply.body).toBe(200);
    const message = reply.json<BookingMessage>();
    expect(message).toMatchObject({
      message: "Ya quedó registrado, gracias.",
      author: { kind: "staff" },
      repliedToUser: { id: bookable.owner.memberId, name: "Lucía Hernández" },
    });
    expect((await messages(id, bookable.owner.memberId)).items[0]!.id).toBe(message.id);
    expect((await messages(id, bookable.guest.id)).total).toBe(0);

    const refusals: [unknown, string, string][] = [
      [{ userId: bookable.guest.id, message: "" }, "message", "Write a message"],
      [{ userId: bookable.guest.id, message: " \n\t " }, "message", "Write a message"],
      [{ userId: bookable.guest.id }, "message", "Write a message"],
      [{ userId: bookable.guest.id, message: "x".repeat(2_001) }, "message", "This value is too long"],
      [{ message: "Hola" }, "userId", "Choose the guest's or the owner's thread"],
    ];
    for (const [payload, field, text] of refusals) {
      const response = await send(id, payload);
      expectErrorShape(response, 422);
      expect(response.json<{ messages: Record<string, string> }>().messages[field], JSON.stringify(payload)).toContain(
        text.slice(0, 12),
      );
    }
    const stranger = await insertGuest(t.app.db, "Intruso");
    const outsider = await send(id, { userId: stranger.id, message: "Hola" });
    expectErrorShape(outsider, 422);
    expect(outsider.json<{ messages: Record<string, string> }>().messages.userId).toBe(
      "This person is neither the guest nor the owner of this booking",
    );
    expectErrorShape(
      await call(t.app, { method: "GET", url: `/api/bookings/${id}/messages?userId=${stranger.id}`, headers: admin }),
      422,
    );
    expect((await messages(id, bookable.guest.id)).total).toBe(0);
  });
});
