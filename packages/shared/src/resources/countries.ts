import { z } from "zod";
import { pageQuery, requiredText, timestamp } from "./common.ts";
import { sortParam } from "./sort.ts";
import { SORT_FIELDS } from "./sort-fields.ts";

export const countryCode = requiredText("COUNTRIES.VALIDATION.CODE_MISSING").regex(
  /^[A-Z]{3}$/,
  "COUNTRIES.VALIDATION.CODE_FORMAT",
);

export const countryInput = z.object({
  name: requiredText("COUNTRIES.VALIDATION.NAME_MISSING"),
  code: countryCode,
});
export type CountryInput = z.input<typeof countryInput>;

export const country = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  isActive: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Country = z.infer<typeof country>;

export const countryOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  isActive: z.boolean(),
});
export type CountryOption = z.infer<typeof countryOption>;

export const countryListQuery = pageQuery.extend({ sort: sortParam(SORT_FIELDS.countries) });
export type CountryListQuery = z.input<typeof countryListQuery>;
