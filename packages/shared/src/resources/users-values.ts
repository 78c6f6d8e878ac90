// The users' patterns and picture limits as plain values, no schema: the screens import them without loading zod (users.ts builds its schemas from
// them).

/** Optional +country code, then 10 digits with optional separators (spec 01 §5): "+52 33 1234 5678", "331-234-5678". */
export const PHONE_PATTERN = /^(?:\+\d{1,3}[\s.-]?)?(?:\d[\s.-]?){9}\d$/;

/** Largest avatar accepted, in bytes. */
export const USER_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
