import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { SEARCH_DEBOUNCE_MS } from "@palco/shared/constants";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDropdownOnApproach } from "./dropdown-on-approach.ts";
import type { FilterDef } from "./resource.ts";

type SelectDef = Extract<FilterDef, { kind: "select" | "autocomplete" }>;

export type FilterProps = {
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  onOptionsError: () => void;
};

/**
 * What a filter searching on the server asks for: the settled typed text, or nothing while the input just shows
 * the chosen option's label (Mantine puts it there) — opening the list then offers everyone again.
 */
export function serverSearchText(typed: string, chosenLabel: string | undefined): string {
  const text = typed.trim();
  return chosenLabel !== undefined && text === chosenLabel.trim() ? "" : text;
}

function optionLabel(options: ReturnType<SelectDef["useOptions"]>["data"], value: string | undefined) {
  if (!value) return undefined;
  for (const item of options) {
    if ("group" in item) {
      const found = item.items.find((option) => option.value === value);
      if (found) return found.label;
    } else if (item.value === value) return item.label;
  }
  return undefined;
}

export default function SelectFilter({ def, values, onChange, onOptionsError }: FilterProps & { def: SelectDef }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const [settled] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // The label of the chosen option as last seen, so the search it leaves in the input is not sent as a search.
  const chosenLabel = useRef<string | undefined>(undefined);
  const search = def.searchOnServer ? serverSearchText(settled, chosenLabel.current) : "";
  const options = def.useOptions(values, search);
  chosenLabel.current = optionLabel(options.data, values[def.name]) ?? chosenLabel.current;
  useEffect(() => {
    if (options.isError) onOptionsError();
  }, [options.isError, onOptionsError]);
  const label = t(def.label);
  const dropdown = useDropdownOnApproach();
  return (
    <Select
      aria-label={label}
      placeholder={label}
      data={options.data}
      value={values[def.name] || null}
      onChange={(value) => onChange(def.name, value ?? "")}
      searchable={def.kind === "autocomplete"}
      {...(def.searchOnServer ? { searchValue: typed, onSearchChange: setTyped } : {})}
      clearable
      nothingFoundMessage={t("COMMON.NOTHING_FOUND")}
      error={options.isError}
      disabled={options.isLoading && !values[def.name]}
      w={{ base: "100%", sm: 220 }}
      {...dropdown}
    />
  );
}
