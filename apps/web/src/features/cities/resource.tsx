import type { City } from "@palco/shared";
import { defineResource } from "@/kit/resource.ts";
import { useCountrySelectOptions, useStateSelectOptions } from "@/lib/lookups.ts";
import { citiesApi } from "./api.ts";
import { citiesMeta } from "./meta.ts";
import { useTimeZoneOptions } from "./time-zones.ts";

const F = "CITIES.FIELDS";

export default defineResource({
  meta: citiesMeta,
  api: citiesApi,
  recordLabel: (city: City) => city.name,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      { key: "code", label: `${F}.CODE`, width: 120, sort: "code" },
      { key: "name", label: `${F}.NAME`, link: true, sort: "name" },
      { key: "state", label: `${F}.STATE`, value: (city) => city.state.name },
      { key: "country", label: `${F}.COUNTRY`, value: (city) => city.country.name },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 120 },
    ],
    filters: [
      // The state list narrows to the chosen country; changing the country clears the state.
      {
        name: "country",
        label: `${F}.COUNTRY`,
        kind: "autocomplete",
        useOptions: useCountrySelectOptions,
        resets: ["state"],
      },
      {
        name: "state",
        label: `${F}.STATE`,
        kind: "autocomplete",
        useOptions: (values) => useStateSelectOptions(values.country),
      },
    ],
    phone: { secondary: ["state", "country"] },
  },
  detail: {
    fields: [
      { key: "id", label: `${F}.ID` },
      { key: "code", label: `${F}.CODE` },
      { key: "name", label: `${F}.NAME` },
      { key: "state", label: `${F}.STATE`, value: (city) => city.state.name },
      { key: "country", label: `${F}.COUNTRY`, value: (city) => city.country.name },
      { key: "timeZone", label: `${F}.TIME_ZONE` },
      { key: "createdAt", label: `${F}.CREATED_AT`, kind: "datetime" },
      { key: "updatedAt", label: `${F}.UPDATED_AT`, kind: "datetime" },
    ],
  },
  form: {
    schema: () => import("@palco/shared/resources/cities").then((module) => module.cityInput),
    fields: [
      { name: "name", label: `${F}.NAME`, kind: "text", maxLength: 255 },
      { name: "code", label: `${F}.CODE`, kind: "text", hint: "CITIES.HINTS.CODE", maxLength: 7 },
      {
        name: "timeZone",
        label: `${F}.TIME_ZONE`,
        kind: "select",
        searchable: true,
        useOptions: useTimeZoneOptions,
      },
      {
        name: "state",
        label: `${F}.STATE`,
        kind: "select",
        searchable: true,
        useOptions: () => useStateSelectOptions(),
      },
    ],
    empty: { name: "", code: "", timeZone: "", state: "" },
    fromRecord: (city) => ({ name: city.name, code: city.code, timeZone: city.timeZone, state: String(city.stateId) }),
  },
});
