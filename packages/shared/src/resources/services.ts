import { z } from "zod";
import { displayOrder } from "./categories.ts";
import { pageQuery, requiredText, timestamp } from "./common.ts";

/** POST /services and PUT /services/{id} (multipart: these text parts plus the `picture` file part). */
export const serviceInput = z.object({
  name: requiredText("SERVICES.VALIDATION.NAME_MISSING", 100),
  order: displayOrder("SERVICES.VALIDATION.ORDER_MISSING", "SERVICES.VALIDATION.ORDER_FORMAT"),
});
export type ServiceInput = z.input<typeof serviceInput>;

/** Services have no active flag (spec 02 §2): they are listed, edited and deleted, never blocked. */
export const service = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  iconUrl: z.string().nullable(),
  iconSmallUrl: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Service = z.infer<typeof service>;

export const serviceOption = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  iconSmallUrl: z.string().nullable(),
});
export type ServiceOption = z.infer<typeof serviceOption>;

export const serviceListQuery = pageQuery;
