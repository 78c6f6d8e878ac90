/** The query key of the review queue's counts (the sidebar's badges), refreshed by every review decision. */
export const REVIEW_QUEUE_KEY = "review-queue";
