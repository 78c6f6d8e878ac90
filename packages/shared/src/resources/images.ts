/** Largest picture or icon accepted for the catalogue (venues, categories, services, events), in bytes. */
export const CATALOGUE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** What the catalogue's drop zones accept; the API judges the bytes, never the name or the declared type. */
export const CATALOGUE_IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
