import { z } from "zod";
import { idReference, namedRef, optionalIdFilter, pageQuery, requiredText, timestamp } from "./common.ts";
import { sortParam } from "./sort.ts";
import { SORT_FIELDS } from "./sort-fields.ts";
import { VENUE_CONTACT_PATTERN } from "./venues-values.ts";

const DECIMAL = /^[+-]?\d{1,3}(?:\.\d{1,12})?$/;

/** A coordinate in degrees within ±limit, as a JSON number or a multipart string ("20.684697"). */
const coordinate = (limit: number, key: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .union([z.number({ error: key }), z.string({ error: key }).trim().regex(DECIMAL, key)], { error: key })
      .pipe(z.coerce.number<string | number>().min(-limit, key).max(limit, key)),
  );

/**
 * POST /venues and PUT /venues/{id} (multipart: these text parts plus the `picture` file part; `pictureWidth` and
 * `pictureHeight` may be sent, as the spec's client does, and are ignored: the server measures the picture).
 */
export const venueInput = z.object({
  name: requiredText("VENUES.VALIDATION.NAME_MISSING", 150),
  address: requiredText("VENUES.VALIDATION.ADDRESS_MISSING", 255),
  contact: requiredText("VENUES.VALIDATION.CONTACT_MISSING", 25).regex(
    VENUE_CONTACT_PATTERN,
    "VENUES.VALIDATION.CONTACT_FORMAT",
  ),
  city: idReference("VENUES.VALIDATION.CITY_MISSING"),
  latitude: coordinate(90, "VENUES.VALIDATION.LOCATION"),
  longitude: coordinate(180, "VENUES.VALIDATION.LOCATION"),
});
export type VenueInput = z.input<typeof venueInput>;

export const venue = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The picture (up to 1920 px) and a small one (480 px) for lists; the measured size of the upload. */
  pictureUrl: z.string().nullable(),
  pictureSmallUrl: z.string().nullable(),
  pictureWidth: z.number().int().nullable(),
  pictureHeight: z.number().int().nullable(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  contact: z.string(),
  isActive: z.boolean(),
  /** The venue's events (none until events are built on it), and how many boxes it has. */
  events: z.array(z.object({ id: z.number().int(), name: z.string() })),
  boxes: z.number().int(),
  city: z.object({ id: z.number().int(), name: z.string() }),
  state: namedRef,
  country: namedRef,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Venue = z.infer<typeof venue>;

export const venueOption = z.object({
  id: z.number().int(),
  name: z.string(),
  cityId: z.number().int(),
  isActive: z.boolean(),
  /** The IANA zone of the venue's city: an event's start there is read on its clocks. */
  timeZone: z.string(),
});
export type VenueOption = z.infer<typeof venueOption>;

export const venueListQuery = pageQuery.extend({ city: optionalIdFilter, sort: sortParam(SORT_FIELDS.venues) });
