import type { SessionUser } from "@palco/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { NOTIFICATIONS_COUNT_KEY } from "@/features/notifications/keys.ts";
import { api } from "@/lib/api.ts";
import { useSession } from "@/lib/session.ts";
import { sessionCan } from "@/lib/use-can.ts";

/**
 * Unread notifications for the sidebar badge and the tab's title: GET /api/notifications/count, only for users with
 * NOTIFICATIONS_INDEX; 0 otherwise. Kept current by the live events (live-notifications.ts) rather than by polling.
 */
export const unreadCountQuery = queryOptions({
  queryKey: NOTIFICATIONS_COUNT_KEY,
  queryFn: ({ signal }) => api<{ count: number }>("/api/notifications/count", { signal }),
  staleTime: 60_000,
});

/** Who is asked for the count: the hook and the signed-in frame's prefetch share this. */
export const asksUnreadCount = (user: SessionUser | undefined) => sessionCan(user, "NOTIFICATIONS_INDEX");

export function useUnreadCount(): number {
  const allowed = asksUnreadCount(useSession()?.user);
  const query = useQuery({ ...unreadCountQuery, enabled: allowed });
  return allowed ? (query.data?.count ?? 0) : 0;
}
