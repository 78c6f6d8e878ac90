// The events' limits as plain values, no schema: the screens import them without loading zod (events.ts builds its schemas from
// them).

/** Spec 02 §5 and §9: an event starts at least this long after it is saved. */
export const EVENT_MIN_LEAD_HOURS = 72;
export const EVENT_MIN_LEAD_MS = EVENT_MIN_LEAD_HOURS * 3_600_000;

/** A week is the longest event the screens expect; the database takes up to a year (a season-long festival). */
export const EVENT_MAX_DURATION_HOURS = 24 * 366;

/**
 * Relative periods of the events list (`period`): the venue's today, this week (Monday to Sunday, as weeks run in
 * Mexico) and this calendar month, on its wall clock, worked out when the list is asked for, so a saved view of
 * "this week" stays true every week.
 */
export const EVENT_PERIODS = ["today", "this-week", "this-month"] as const;
export type EventPeriod = (typeof EVENT_PERIODS)[number];
