import type { BookingMessage, BookingMessagesPage } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { allowedActions, isStaffMessage, threadMessages, venueDateTime, withMessage } from "./booking-view.ts";

const open = {
  status: "accepted",
  ticketsSentAt: null,
  ticketsDeliveredAt: null,
  ownerPaymentStatus: "pending",
} as const;

describe("allowedActions (the server's state machine)", () => {
  it("offers sending the tickets, paying the owner and cancelling on a fresh booking", () => {
    expect(allowedActions(open)).toEqual({ markSent: true, markDelivered: false, payOwner: true, cancel: true });
  });

  it("offers delivery only once the tickets are sent, and nothing more after it", () => {
    const sent = { ...open, ticketsSentAt: "2026-03-01T10:00:00.000Z" };
    expect(allowedActions(sent)).toMatchObject({ markSent: false, markDelivered: true });
    expect(allowedActions({ ...sent, ticketsDeliveredAt: "2026-03-02T10:00:00.000Z" })).toMatchObject({
      markSent: false,
      markDelivered: false,
    });
  });

  it("never pays the owner twice", () => {
    expect(allowedActions({ ...open, ownerPaymentStatus: "payed" }).payOwner).toBe(false);
  });

  it("allows nothing on a canceled booking", () => {
    expect(allowedActions({ ...open, status: "canceled" })).toEqual({
      markSent: false,
      markDelivered: false,
      payOwner: false,
      cancel: false,
    });
  });
});

describe("dates on the venue's clock", () => {
  it("reads an instant on the venue's wall clock, whatever the browser's", () => {
    expect(venueDateTime("2026-03-01T02:30:05.000Z", "America/Mexico_City", "en")).toBe("28/2/2026 8:30:05 PM");
    expect(venueDateTime("2026-03-01T02:30:05.000Z", "America/Tijuana", "en")).toBe("28/2/2026 6:30:05 PM");
  });

  it("writes booking dates as D/M/YYYY h:mm:ss A in English, 24-hour in Spanish", () => {
    expect(venueDateTime("2026-03-01T02:30:05.000Z", "America/Mexico_City", "en")).toBe("28/2/2026 8:30:05 PM");
    expect(venueDateTime("2026-03-01T02:30:05.000Z", "America/Mexico_City", "es")).toBe("28/2/2026 20:30:05");
  });
});

const message = (id: number, staff = false): BookingMessage => ({
  id,
  message: `message ${id}`,
  createdAt: new Date(Date.UTC(2026, 2, 1, 0, id)).toISOString(),
  author: staff ? { id: 9, name: "Staff", kind: "staff" } : { id: 4, name: "Guest", kind: "member" },
  repliedToUser: staff ? { id: 4, name: "Guest" } : null,
});
const page = (number: number, ids: number[], total = 5): BookingMessagesPage => ({
  items: ids.map((id) => message(id)),
  page: number,
  pageCount: Math.ceil(total / 3),
  total,
});

describe("threadMessages", () => {
  it("lists the loaded pages oldest first", () => {
    expect(threadMessages([page(1, [5, 4, 3]), page(2, [2, 1])])?.map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps a message once when a new one shifted it onto the next page", () => {
    expect(threadMessages([page(1, [6, 5, 4]), page(2, [4, 3, 2])])?.map((item) => item.id)).toEqual([2, 3, 4, 5, 6]);
  });

  it("says nothing is loaded yet rather than that the thread is empty", () => {
    expect(threadMessages(undefined)).toBeUndefined();
    expect(threadMessages([page(1, [], 0)])).toEqual([]);
  });
});

describe("withMessage", () => {
  const data = { pages: [page(1, [5, 4, 3]), page(2, [2, 1])], pageParams: [1, 2] };

  it("adds a message to the newest page, once", () => {
    const added = withMessage(data, message(6, true));
    expect(added?.pages[0]?.items.map((item) => item.id)).toEqual([6, 5, 4, 3]);
    expect(added?.pages[0]?.total).toBe(6);
    expect(withMessage(added, message(6, true))).toBe(added);
  });

  it("leaves a thread that is not loaded alone", () => {
    expect(withMessage(undefined, message(6))).toBeUndefined();
  });
});

describe("isStaffMessage", () => {
  it("recognises an admin reply by the member it answers", () => {
    expect(isStaffMessage(message(1, true))).toBe(true);
    expect(isStaffMessage(message(1))).toBe(false);
  });
});
