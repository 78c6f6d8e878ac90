import { asksSavedViews, savedViewsQuery } from "@/features/views/api.ts";
import { queryClient } from "@/lib/query-client.ts";
import { getSession } from "@/lib/session.ts";
import { asksReviewQueue, reviewQueueQuery } from "./review-queue.ts";
import { asksUnreadCount, unreadCountQuery } from "./unread-count.ts";

/**
 * What the signed-in frame shows besides the page (the menu's badges and saved views), requested on entering the
 * signed-in area alongside the page's code rather than once the whole page has rendered. Each is asked only of a
 * member its hook would ask it for (each module's own predicate).
 */
export function prefetchSignedInFrame() {
  const user = getSession()?.user;
  if (asksUnreadCount(user)) void queryClient.prefetchQuery(unreadCountQuery);
  if (asksReviewQueue(user)) void queryClient.prefetchQuery(reviewQueueQuery);
  if (asksSavedViews(user)) void queryClient.prefetchQuery(savedViewsQuery(user?.id));
}
