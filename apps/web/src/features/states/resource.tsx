import type { State } from "@palco/shared";
import { defineResource } from "@/kit/resource.ts";
import { useCountrySelectOptions } from "@/lib/lookups.ts";
import { statesApi } from "./api.ts";
import { statesMeta } from "./meta.ts";

const F = "STATES.FIELDS";

export default defineResource({
  meta: statesMeta,
  api: statesApi,
  recordLabel: (state: State) => state.name,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      { key: "code", label: `${F}.CODE`, width: 120, sort: "code" },
      { key: "name", label: `${F}.NAME`, link: true, sort: "name" },
      { key: "country", label: `${F}.COUNTRY`, value: (state) => state.country.name },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 120 },
    ],
    filters: [{ name: "country", label: `${F}.COUNTRY`, kind: "autocomplete", useOptions: useCountrySelectOptions }],
  },
  detail: {
    fields: [
      { key: "id", label: `${F}.ID` },
      { key: "code", label: `${F}.CODE` },
      { key: "name", label: `${F}.NAME` },
      { key: "country", label: `${F}.COUNTRY`, value: (state) => state.country.name },
      { key: "createdAt", label: `${F}.CREATED_AT`, kind: "datetime" },
      { key: "updatedAt", label: `${F}.UPDATED_AT`, kind: "datetime" },
    ],
  },
  form: {
    schema: () => import("@palco/shared/resources/states").then((module) => module.stateInput),
    fields: [
      { name: "name", label: `${F}.NAME`, kind: "text", maxLength: 255 },
      { name: "code", label: `${F}.CODE`, kind: "text", hint: "STATES.HINTS.CODE", maxLength: 3 },
      {
        name: "country",
        label: `${F}.COUNTRY`,
        kind: "select",
        searchable: true,
        useOptions: useCountrySelectOptions,
      },
    ],
    empty: { name: "", code: "", country: "" },
    fromRecord: (state) => ({ name: state.name, code: state.code, country: String(state.countryId) }),
  },
});
