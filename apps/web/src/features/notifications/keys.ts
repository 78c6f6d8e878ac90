/**
 * The query keys of notifications, apart from their screens: the shell's unread badge and live updates use them
 * without loading the list's chunk. Everything under the root is refreshed when a notification arrives or is read.
 */
export const NOTIFICATIONS_KEY = ["notifications"] as const;
export const NOTIFICATIONS_COUNT_KEY = [...NOTIFICATIONS_KEY, "count"] as const;
