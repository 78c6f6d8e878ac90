import { z } from "zod";

/** Method kinds of spec 01: bank transfer, convenience store (cash), card. The value is what the API stores. */
export const PAYMENT_METHOD_KINDS = ["bank", "cash", "card"] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

export const paymentProviderListItem = z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() });
export type PaymentProviderListItem = z.infer<typeof paymentProviderListItem>;

export const paymentProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  countries: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PaymentProvider = z.infer<typeof paymentProvider>;

/** In the list the provider is its name; on the detail it is an object with the name (spec 01 §3). */
export const paymentMethodListItem = z.object({
  id: z.number().int(),
  method: z.enum(PAYMENT_METHOD_KINDS),
  isActive: z.boolean(),
  provider: z.string(),
});
export type PaymentMethodListItem = z.infer<typeof paymentMethodListItem>;

export const paymentMethod = z.object({
  id: z.number().int(),
  method: z.enum(PAYMENT_METHOD_KINDS),
  isActive: z.boolean(),
  provider: z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() }),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
