import { z } from "zod";
import { idReference, namedRef, optionalIdFilter, pageQuery, requiredText, timestamp } from "./common.ts";
import { sortParam } from "./sort.ts";
import { SORT_FIELDS } from "./sort-fields.ts";

export const stateCode = requiredText("STATES.VALIDATION.CODE_MISSING").regex(
  /^[A-Z]{3}$/,
  "STATES.VALIDATION.CODE_FORMAT",
);

export const stateInput = z.object({
  name: requiredText("STATES.VALIDATION.NAME_MISSING"),
  code: stateCode,
  country: idReference("STATES.VALIDATION.COUNTRY_MISSING"),
});
export type StateInput = z.input<typeof stateInput>;

export const state = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  isActive: z.boolean(),
  countryId: z.number().int(),
  country: namedRef,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type State = z.infer<typeof state>;

export const stateOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  countryId: z.number().int(),
  isActive: z.boolean(),
});
export type StateOption = z.infer<typeof stateOption>;

export const stateListQuery = pageQuery.extend({ country: optionalIdFilter, sort: sortParam(SORT_FIELDS.states) });
export type StateListQuery = z.input<typeof stateListQuery>;
