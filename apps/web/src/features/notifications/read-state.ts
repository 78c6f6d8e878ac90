import type { Notification, Paged } from "@palco/shared";

/**
 * How the screens' caches change once a notification is read, kept apart from the calls so it can be tested: the
 * row shows its read time, and the unread count goes down by one only for a notification that was unread.
 */

/** A list page with `read` in place of its row (the same page when the row is not on it). */
export function withRead(page: Paged<Notification> | undefined, read: Pick<Notification, "id" | "readAt">) {
  if (!page?.items.some((item) => item.id === read.id)) return page;
  return { ...page, items: page.items.map((item) => (item.id === read.id ? { ...item, readAt: read.readAt } : item)) };
}

/** The unread count after reading one notification that `wasUnread`: never below zero. */
export function countAfterRead(data: { count: number } | undefined, wasUnread: boolean) {
  if (!data || !wasUnread) return data;
  return { count: Math.max(0, data.count - 1) };
}

/** The unread count once the server says another notification was stored (refetched right after). */
export function countAfterStored(data: { count: number } | undefined) {
  return data && { count: data.count + 1 };
}
