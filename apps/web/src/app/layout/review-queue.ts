import type { ReviewQueue, SessionUser } from "@palco/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { REVIEW_QUEUE_KEY } from "@/kit/review-keys.ts";
import { api } from "@/lib/api.ts";
import { useSession } from "@/lib/session.ts";
import { sessionCan } from "@/lib/use-can.ts";

/**
 * How many owners and boxes wait for a decision (GET /api/review-queue), for the sidebar's badges: asked only
 * by staff who can open one of the two lists, refreshed every minute and after every decision.
 */
export const reviewQueueQuery = queryOptions({
  queryKey: [REVIEW_QUEUE_KEY],
  queryFn: ({ signal }) => api<ReviewQueue>("/api/review-queue", { signal }),
  staleTime: 30_000,
});

/** Who is asked for the queue: the hook and the signed-in frame's prefetch share this. */
export const asksReviewQueue = (user: SessionUser | undefined) =>
  sessionCan(user, "OWNERS_INDEX") || sessionCan(user, "BOXES_INDEX");

export function useReviewQueue(): ReviewQueue {
  const query = useQuery({
    ...reviewQueueQuery,
    enabled: asksReviewQueue(useSession()?.user),
    refetchInterval: 60_000,
  });
  return query.data ?? { owners: null, boxes: null };
}
