// The venues' patterns, picture limit and map defaults as plain values, no schema: the screens import them without loading zod (venues.ts builds its schemas from
// them).

/** Spec 02 §5: an optional +country prefix, then 3-3-4 digits with optional separators ("+52 33 3641 0000"). */
export const VENUE_CONTACT_PATTERN = /^(?:\+\d{1,3}[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** Spec 02 §9: the venue picture is at least this wide, in pixels (measured by the server on the upload). */
export const VENUE_PICTURE_MIN_WIDTH = 1000;

/** Where the venue map opens, and how close (spec 02 §2): Guadalajara. */
export const VENUE_MAP_DEFAULTS = { latitude: 20.684697, longitude: -103.381762, zoom: 15, height: 400 } as const;
