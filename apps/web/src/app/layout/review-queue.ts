import type { ReviewQueue } from "@palco/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { REVIEW_QUEUE_KEY } from "@/kit/review-keys.ts";
import { api } from "@/lib/api.ts";
import { useCanFn } from "@/lib/use-can.ts";

/**
 * How many owners and boxes wait for a decision (GET /api/review-queue), for the sidebar's badges: asked only
 * by staff who can open one of the two lists, refreshed every minute and after every decision.
 */
export const reviewQueueQuery = queryOptions({
  queryKey: [REVIEW_QUEUE_KEY],
  queryFn: ({ signal }) => api<ReviewQueue>("/api/review-queue", { signal }),
  staleTime: 30_000,
});

export function useReviewQueue(): ReviewQueue {
  const can = useCanFn();
  const query = useQuery({
    ...reviewQueueQuery,
    enabled: can("OWNERS_INDEX") || can("BOXES_INDEX"),
    refetchInterval: 60_000,
  });
  return query.data ?? { owners: null, boxes: null };
}
