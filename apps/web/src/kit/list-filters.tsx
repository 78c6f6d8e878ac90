import { Select } from "@mantine/core";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { FilterDef } from "./resource.ts";

const DateFilter = lazy(() => import("./date-filter.tsx"));

type SelectDef = Extract<FilterDef, { kind: "select" | "autocomplete" }>;

type FilterProps = {
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  onOptionsError: () => void;
};

function SelectFilter({ def, values, onChange, onOptionsError }: FilterProps & { def: SelectDef }) {
  const { t } = useTranslation();
  const options = def.useOptions(values);
  useEffect(() => {
    if (options.isError) onOptionsError();
  }, [options.isError, onOptionsError]);
  const label = t(def.label);
  return (
    <Select
      aria-label={label}
      placeholder={label}
      data={options.data}
      value={values[def.name] || null}
      onChange={(value) => onChange(def.name, value ?? "")}
      searchable={def.kind === "autocomplete"}
      clearable
      nothingFoundMessage={t("COMMON.NOTHING_FOUND")}
      error={options.isError}
      disabled={options.isLoading && !values[def.name]}
      w={{ base: "100%", sm: 220 }}
      comboboxProps={{ shadow: "md" }}
    />
  );
}

/** The filter controls of a list, driven by the resource's filter declarations. */
export function ListFilters({ filters, ...props }: FilterProps & { filters: FilterDef[] }) {
  const { t } = useTranslation();
  return (
    <>
      {filters.map((def) =>
        def.kind === "date" ? (
          <Suspense key={def.name} fallback={null}>
            <DateFilter
              label={t(def.label)}
              value={props.values[def.name] ?? ""}
              onChange={(value) => props.onChange(def.name, value)}
            />
          </Suspense>
        ) : (
          <SelectFilter key={def.name} def={def} {...props} />
        ),
      )}
    </>
  );
}
