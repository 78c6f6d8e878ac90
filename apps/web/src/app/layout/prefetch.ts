import { savedViewsQuery } from "@/features/views/api.ts";
import { queryClient } from "@/lib/query-client.ts";
import { getSession } from "@/lib/session.ts";
import { sessionCan } from "@/lib/use-can.ts";
import { reviewQueueQuery } from "./review-queue.ts";
import { unreadCountQuery } from "./unread-count.ts";

/**
 * What the signed-in frame shows besides the page (the menu's badges and saved views), requested on entering the
 * signed-in area alongside the page's code rather than once the whole page has rendered. Each is asked only of a
 * member the frame would ask it for (the same conditions as its hook).
 */
export function prefetchSignedInFrame() {
  const user = getSession()?.user;
  if (!user || user.mfaEnrollmentRequired) return;
  if (sessionCan(user, "NOTIFICATIONS_INDEX")) void queryClient.prefetchQuery(unreadCountQuery);
  if (sessionCan(user, "OWNERS_INDEX") || sessionCan(user, "BOXES_INDEX")) {
    void queryClient.prefetchQuery(reviewQueueQuery);
  }
  void queryClient.prefetchQuery(savedViewsQuery(user.id));
}
