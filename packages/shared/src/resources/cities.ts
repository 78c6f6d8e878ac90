import { z } from "zod";
import { isTimeZone } from "../time-zones.ts";
import { idReference, namedRef, optionalIdFilter, pageQuery, requiredText, timestamp } from "./common.ts";
import { sortParam } from "./sort.ts";
import { SORT_FIELDS } from "./sort-fields.ts";

export const cityCode = requiredText("CITIES.VALIDATION.CODE_MISSING").regex(
  /^[A-Z]{3}-\d{3}$/,
  "CITIES.VALIDATION.CODE_FORMAT",
);

export const cityInput = z.object({
  name: requiredText("CITIES.VALIDATION.NAME_MISSING"),
  code: cityCode,
  timeZone: requiredText("CITIES.VALIDATION.TIME_ZONE_MISSING", 64).refine(
    isTimeZone,
    "CITIES.VALIDATION.TIME_ZONE_FORMAT",
  ),
  state: idReference("CITIES.VALIDATION.STATE_MISSING"),
});
export type CityInput = z.input<typeof cityInput>;

export const city = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  timeZone: z.string(),
  isActive: z.boolean(),
  stateId: z.number().int(),
  state: namedRef,
  country: namedRef,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type City = z.infer<typeof city>;

export const cityOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  stateId: z.number().int(),
  isActive: z.boolean(),
});
export type CityOption = z.infer<typeof cityOption>;

export const cityListQuery = pageQuery.extend({
  state: optionalIdFilter,
  country: optionalIdFilter,
  sort: sortParam(SORT_FIELDS.cities),
});
export type CityListQuery = z.input<typeof cityListQuery>;
