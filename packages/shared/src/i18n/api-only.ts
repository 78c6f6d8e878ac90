/**
 * Texts only the API writes (the bulk routes' validation, the search results' subtitles): they join the shared
 * texts in index.ts, not en.ts/es.ts, which the SPA loads before every page.
 */
export const apiOnlyEn = {
  BULK: {
    VALIDATION: {
      ACTION: "Choose one of the actions this list offers",
      ACTION_UNAVAILABLE: "This action is not available for this list",
      IDS: "The records must be given as whole numbers greater than zero",
      IDS_EMPTY: "Select at least one record",
      IDS_TOO_MANY: "At most 1,000 records at a time",
      IDS_DUPLICATE: "Each record may appear only once",
    },
  },
  // The command palette's search (GET /api/search): its validation and the parts of each result's subtitle.
  SEARCH: {
    VALIDATION: { QUERY_MISSING: "Type what to search for" },
    BOOKING_STATUSES: {
      pending: "Pending",
      accepted: "Accepted",
      rejected: "Rejected",
      partial: "Partial",
      missed: "Missed",
      canceled: "Canceled",
    },
    REVIEW_STATUSES: { pending: "Pending", waiting: "Waiting for review", accepted: "Accepted", returned: "Rejected" },
    SEASON: "Season",
    BLOCKED: "Blocked",
    GUEST: "Guest",
    OWNER: "Owner",
    ROLE_USERS: "Users: {{count}}",
  },
};
