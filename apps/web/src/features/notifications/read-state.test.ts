import type { Notification, Paged } from "@palco/shared";
import { describe, expect, it } from "vitest";
import { tabTitle } from "@/lib/page-title.ts";
import { countAfterRead, countAfterStored, withRead } from "./read-state.ts";

const notification = (id: number, readAt: string | null = null) => ({ id, readAt }) as Notification;

const page = (...items: Notification[]): Paged<Notification> => ({
  items,
  page: 1,
  pageSize: 12,
  pageCount: 1,
  total: items.length,
  totalKind: "exact",
  next: null,
  previous: null,
});

describe("a notification read", () => {
  it("shows its read time in the row, leaving the other rows and pages as they are", () => {
    const before = page(notification(3), notification(2), notification(1, "2026-01-01T00:00:00.000Z"));
    const after = withRead(before, { id: 2, readAt: "2026-02-02T10:00:00.000Z" });
    expect(after?.items.map((item) => item.readAt)).toEqual([
      null,
      "2026-02-02T10:00:00.000Z",
      "2026-01-01T00:00:00.000Z",
    ]);
    expect(before.items[1]!.readAt).toBeNull();
    const elsewhere = page(notification(9));
    expect(withRead(elsewhere, { id: 2, readAt: "2026-02-02T10:00:00.000Z" })).toBe(elsewhere);
    expect(withRead(undefined, { id: 2, readAt: null })).toBeUndefined();
  });

  it("takes one off the unread count only when it was unread, never below zero", () => {
    expect(countAfterRead({ count: 3 }, true)).toEqual({ count: 2 });
    expect(countAfterRead({ count: 3 }, false)).toEqual({ count: 3 });
    expect(countAfterRead({ count: 0 }, true)).toEqual({ count: 0 });
    expect(countAfterRead(undefined, true)).toBeUndefined();
  });

  it("adds one for a notification stored, once the count is known", () => {
    expect(countAfterStored({ count: 4 })).toEqual({ count: 5 });
    expect(countAfterStored(undefined)).toBeUndefined();
  });
});

describe("the tab's title", () => {
  it("shows the unread count in front of the page's title, nothing at zero", () => {
    expect(tabTitle("Notifications · Palco Admin", 3)).toBe("(3) Notifications · Palco Admin");
    expect(tabTitle("Notifications · Palco Admin", 0)).toBe("Notifications · Palco Admin");
  });
});
