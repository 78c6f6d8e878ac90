import type { Venue, VenueInput } from "@palco/shared";
import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_MIME_TYPES } from "@palco/shared/resources/images";
import { VENUE_MAP_DEFAULTS, VENUE_PICTURE_MIN_WIDTH } from "@palco/shared/resources/venues-values";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { AvatarLabel } from "@/kit/avatar.tsx";
import { emptyImage, type ImageValue, toFormData } from "@/kit/multipart.ts";
import { defineResource } from "@/kit/resource.ts";
import { useCitySelectOptions } from "@/lib/lookups.ts";
import { venuesApi } from "./api.ts";
import type { VenueFormOutput } from "./form-schema.ts";
import { venuesMeta } from "./meta.ts";

const LocationMap = lazy(() => import("@/kit/location-map.tsx"));

const F = "VENUES.FIELDS";

type VenueFormState = Omit<Record<keyof VenueInput, string>, never> & { picture: ImageValue };

function VenueMap({ venue }: { venue: Venue }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={null}>
      <LocationMap
        point={{ latitude: venue.latitude, longitude: venue.longitude }}
        zoom={VENUE_MAP_DEFAULTS.zoom}
        height={VENUE_MAP_DEFAULTS.height}
        label={t("VENUES.MAP_OF", { name: venue.name })}
      />
    </Suspense>
  );
}

export default defineResource({
  meta: venuesMeta,
  api: venuesApi,
  recordLabel: (venue: Venue) => venue.name,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      {
        key: "name",
        label: `${F}.NAME`,
        link: true,
        sort: "name",
        value: (venue) => <AvatarLabel src={venue.pictureSmallUrl} name={venue.name} radius="sm" />,
      },
      { key: "address", label: `${F}.ADDRESS` },
      { key: "city", label: `${F}.CITY`, value: (venue) => venue.city.name },
      { key: "contact", label: `${F}.CONTACT`, nowrap: true },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 110 },
    ],
    filters: [{ name: "city", label: `${F}.CITY`, kind: "autocomplete", useOptions: useCitySelectOptions }],
    phone: { primary: "name", secondary: ["city", "contact"] },
  },
  detail: {
    fields: [
      { key: "pictureUrl", label: `${F}.PICTURE`, kind: "image" },
      { key: "id", label: `${F}.ID` },
      { key: "name", label: `${F}.NAME` },
      { key: "address", label: `${F}.ADDRESS` },
      { key: "contact", label: `${F}.CONTACT` },
      {
        key: "events",
        label: `${F}.EVENTS`,
        value: (venue, t) =>
          venue.events.length > 0 ? venue.events.map((event) => event.name).join(", ") : t("VENUES.NO_EVENT"),
      },
      { key: "boxes", label: `${F}.BOXES` },
      { key: "country", label: `${F}.COUNTRY`, value: (venue) => venue.country.name },
      { key: "state", label: `${F}.STATE`, value: (venue) => venue.state.name },
      { key: "city", label: `${F}.CITY`, value: (venue) => venue.city.name },
      { key: "createdAt", label: `${F}.CREATED_AT`, kind: "datetime" },
      { key: "updatedAt", label: `${F}.UPDATED_AT`, kind: "datetime" },
    ],
    sections: [{ key: "location", title: `${F}.LOCATION`, render: (venue) => <VenueMap venue={venue} /> }],
  },
  form: {
    schema: () => import("./form-schema.ts").then((module) => module.venueForm),
    sections: [
      {
        key: "picture",
        fields: [
          {
            name: "picture",
            label: `${F}.PICTURE`,
            hint: "VENUES.HINTS.PICTURE",
            kind: "image",
            accept: CATALOGUE_IMAGE_MIME_TYPES,
            maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
            shape: "rectangle",
            removable: false,
            minWidth: { width: VENUE_PICTURE_MIN_WIDTH, message: "VENUES.VALIDATION.IMAGE_WIDTH" },
          },
        ],
      },
      {
        key: "general",
        columns: 2,
        fields: [
          { name: "name", label: `${F}.NAME`, kind: "text", maxLength: 150 },
          {
            name: "contact",
            label: `${F}.CONTACT`,
            kind: "text",
            type: "tel",
            maxLength: 25,
            hint: "VENUES.HINTS.CONTACT",
          },
          { name: "address", label: `${F}.ADDRESS`, kind: "text", maxLength: 255, fullWidth: true },
          { name: "city", label: `${F}.CITY`, kind: "select", searchable: true, useOptions: useCitySelectOptions },
        ],
      },
      {
        key: "location",
        fields: [
          {
            name: "latitude",
            longitude: "longitude",
            label: `${F}.LOCATION`,
            hint: "VENUES.HINTS.LOCATION",
            latitudeLabel: `${F}.LATITUDE`,
            longitudeLabel: `${F}.LONGITUDE`,
            kind: "location",
            center: { latitude: VENUE_MAP_DEFAULTS.latitude, longitude: VENUE_MAP_DEFAULTS.longitude },
            zoom: VENUE_MAP_DEFAULTS.zoom,
            height: VENUE_MAP_DEFAULTS.height,
          },
        ],
      },
    ],
    empty: {
      picture: emptyImage(),
      name: "",
      address: "",
      contact: "",
      city: "",
      latitude: String(VENUE_MAP_DEFAULTS.latitude),
      longitude: String(VENUE_MAP_DEFAULTS.longitude),
    } satisfies VenueFormState,
    fromRecord: (venue): VenueFormState => ({
      picture: emptyImage(venue.pictureUrl),
      name: venue.name,
      address: venue.address,
      contact: venue.contact,
      city: String(venue.city.id),
      latitude: String(venue.latitude),
      longitude: String(venue.longitude),
    }),
    // Multipart (spec 02 §7). pictureWidth/pictureHeight are not sent: the server measures the picture.
    toBody: (values: VenueFormOutput) =>
      toFormData({
        name: values.name,
        address: values.address,
        contact: values.contact,
        city: values.city,
        latitude: values.latitude,
        longitude: values.longitude,
        picture: values.picture?.file ?? undefined,
      }),
    maxWidth: 840,
  },
});
