import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api.ts";
import { useCan } from "@/lib/use-can.ts";
import { NOTIFICATIONS_BUILT } from "../resources.ts";

/**
 * Unread notifications for the sidebar badge: GET /api/notifications/count, only for users with
 * NOTIFICATIONS_INDEX and only once the notifications screens (and their API) exist; 0 otherwise.
 */
export function useUnreadCount(): number {
  const allowed = useCan("NOTIFICATIONS_INDEX");
  const query = useQuery({
    queryKey: ["notifications", "count"],
    queryFn: ({ signal }) => api<{ count: number }>("/api/notifications/count", { signal }),
    enabled: allowed && NOTIFICATIONS_BUILT,
    staleTime: 60_000,
  });
  return query.data?.count ?? 0;
}
