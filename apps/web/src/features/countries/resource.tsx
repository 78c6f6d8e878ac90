import type { Country } from "@palco/shared";
import { defineResource } from "@/kit/resource.ts";
import { countriesApi } from "./api.ts";
import { countriesMeta } from "./meta.ts";

const F = "COUNTRIES.FIELDS";

export default defineResource({
  meta: countriesMeta,
  api: countriesApi,
  recordLabel: (country: Country) => country.name,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      { key: "code", label: `${F}.CODE`, width: 120, sort: "code" },
      { key: "name", label: `${F}.NAME`, link: true, sort: "name" },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 120 },
    ],
  },
  detail: {
    fields: [
      { key: "id", label: `${F}.ID` },
      { key: "code", label: `${F}.CODE` },
      { key: "name", label: `${F}.NAME` },
      { key: "createdAt", label: `${F}.CREATED_AT`, kind: "datetime" },
      { key: "updatedAt", label: `${F}.UPDATED_AT`, kind: "datetime" },
    ],
  },
  form: {
    schema: () => import("@palco/shared/resources/countries").then((module) => module.countryInput),
    fields: [
      { name: "name", label: `${F}.NAME`, kind: "text", maxLength: 255 },
      { name: "code", label: `${F}.CODE`, kind: "text", hint: "COUNTRIES.HINTS.CODE", maxLength: 3 },
    ],
    empty: { name: "", code: "" },
    fromRecord: (country) => ({ name: country.name, code: country.code }),
  },
});
