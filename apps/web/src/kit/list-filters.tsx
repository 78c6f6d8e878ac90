import { TextInput } from "@mantine/core";
import { SEARCH_MAX_LENGTH } from "@palco/shared/constants";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { FilterDef } from "./resource.ts";
import type { FilterProps } from "./select-filter.tsx";
import { useSettledText } from "./settled-text.ts";

const DateFilter = lazy(() => import("./date-filter.tsx"));
const SwitchFilter = lazy(() => import("./switch-filter.tsx"));
// Mantine's Select (and its combobox) only for the lists that have a select filter.
const SelectFilter = lazy(() => import("./select-filter.tsx"));

type TextDef = Extract<FilterDef, { kind: "text" }>;

/** A typed filter (a record id): local while typing, in the URL once the user pauses, like the list's search. */
function TextFilter({ def, value, onChange }: { def: TextDef; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useSettledText(value, onChange);
  const label = t(def.label);
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      value={text}
      maxLength={def.maxLength ?? SEARCH_MAX_LENGTH}
      onChange={(event) => setText(event.currentTarget.value)}
      w={{ base: "100%", sm: 140 }}
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
        ) : def.kind === "switch" ? (
          <Suspense key={def.name} fallback={null}>
            <SwitchFilter
              label={t(def.label)}
              checked={props.values[def.name] === "true"}
              onChange={(checked) => props.onChange(def.name, checked ? "true" : "")}
            />
          </Suspense>
        ) : def.kind === "text" ? (
          <TextFilter
            key={def.name}
            def={def}
            value={props.values[def.name] ?? ""}
            onChange={(value) => props.onChange(def.name, value)}
          />
        ) : (
          <Suspense
            key={def.name}
            // The same box while Select loads, so nothing moves when it arrives.
            fallback={
              <TextInput aria-hidden tabIndex={-1} readOnly placeholder={t(def.label)} w={{ base: "100%", sm: 220 }} />
            }
          >
            <SelectFilter def={def} {...props} />
          </Suspense>
        ),
      )}
    </>
  );
}
