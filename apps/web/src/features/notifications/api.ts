import { isTimeZone, type Notification, type Paged } from "@palco/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { createResourceApi, type ListParams } from "@/kit/resource-api.ts";
import { api } from "@/lib/api.ts";
import { NOTIFICATIONS_COUNT_KEY, NOTIFICATIONS_KEY } from "./keys.ts";
import { countAfterRead, withRead } from "./read-state.ts";

const resourceApi = createResourceApi<Notification>("notifications");

/**
 * The reader's time zone: a date filter means that calendar day where the reader is (the API's `tz`). A zone the
 * API does not accept (outside TIME_ZONES) is left out, so the day is read on the marketplace's clock instead of
 * the list failing.
 */
function readerTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /api/notifications (page, search, date + tz, unread), GET /api/notifications/{id}; the reader's own, with
 * titles and bodies in the language of the request.
 */
export const notificationsApi = {
  ...resourceApi,
  list: (params: ListParams, signal?: AbortSignal) =>
    resourceApi.list(params.date ? { ...params, tz: readerTimeZone() } : params, signal),
};

/** PUT /api/notifications/{id}/read: the notification as it is afterwards (a second time keeps the first read time). */
export const markNotificationRead = (id: number) =>
  api<Notification>(`/api/notifications/${id}/read`, { method: "PUT" });

/** Shows a read notification at once (its row, its detail, the badge), then asks the server for the real counts. */
export function applyRead(client: QueryClient, read: Notification, wasUnread: boolean) {
  client.setQueryData<Notification>(resourceApi.keys.detail(read.id), (previous) =>
    previous ? { ...previous, readAt: read.readAt } : previous,
  );
  client.setQueriesData<Paged<Notification>>({ queryKey: resourceApi.keys.lists }, (page) => withRead(page, read));
  client.setQueryData<{ count: number }>(NOTIFICATIONS_COUNT_KEY, (data) => countAfterRead(data, wasUnread));
  return client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}

/** "Mark read" on a row of the list. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onSuccess: (read, notification) => applyRead(client, read, notification.readAt === null),
  });
}

/** Ids being marked read on opening, so a page rendered twice (strict mode, a quick reload) asks once. */
const openingIds = new Set<number>();

/**
 * Opening an unread notification reads it (decisions.md). A failure leaves it unread, which the list shows; the
 * detail itself still opens.
 */
export function readOnOpen(notification: Notification, client: QueryClient) {
  if (notification.readAt !== null || openingIds.has(notification.id)) return;
  openingIds.add(notification.id);
  markNotificationRead(notification.id)
    .then((read) => applyRead(client, read, true))
    .catch((error: unknown) => console.error(error))
    .finally(() => openingIds.delete(notification.id));
}
