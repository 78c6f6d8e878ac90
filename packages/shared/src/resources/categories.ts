import { z } from "zod";
import { pageQuery, requiredText, timestamp } from "./common.ts";
import { MAX_INT } from "./paging.ts";

/**
 * A display order: a whole number from 1, as a JSON number or a select's string. `missingKey` when empty,
 * `formatKey` for anything else that is not a positive integer.
 */
export const displayOrder = (missingKey: string, formatKey: string) =>
  z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    // "Missing" is decided before the union, so form resolvers (which report a union's first branch) say so too.
    z
      .unknown()
      .refine((value) => value !== undefined, { message: missingKey, abort: true })
      .pipe(
        z
          .union([z.number({ error: formatKey }), z.string({ error: formatKey }).trim().regex(/^\d+$/, formatKey)], {
            error: formatKey,
          })
          .pipe(z.coerce.number<string | number>().int(formatKey).min(1, formatKey).max(MAX_INT, formatKey)),
      ),
  );

/** POST /categories and PUT /categories/{id} (multipart: these text parts plus the `picture` file part). */
export const categoryInput = z.object({
  name: requiredText("CATEGORIES.VALIDATION.NAME_MISSING", 100),
  order: displayOrder("CATEGORIES.VALIDATION.ORDER_MISSING", "CATEGORIES.VALIDATION.ORDER_FORMAT"),
});
export type CategoryInput = z.input<typeof categoryInput>;

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  /** The icon (up to 512 px), and a small one (96 px) for lists; null when none was uploaded. */
  iconUrl: z.string().nullable(),
  iconSmallUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Category = z.infer<typeof category>;

export const categoryOption = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  iconSmallUrl: z.string().nullable(),
  isActive: z.boolean(),
});
export type CategoryOption = z.infer<typeof categoryOption>;

export const categoryListQuery = pageQuery;
