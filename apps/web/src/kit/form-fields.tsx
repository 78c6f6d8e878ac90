import { Select, TextInput } from "@mantine/core";
import { type Control, Controller, type FieldError, type FieldValues, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useErrorText } from "./error-text.ts";
import type { FormFieldDef } from "./resource.ts";

type SelectDef = Extract<FormFieldDef, { kind: "select" }>;

function SelectField({
  def,
  control,
  error,
}: {
  def: SelectDef;
  control: Control<FieldValues>;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const options = def.useOptions();
  return (
    <Controller
      name={def.name}
      control={control}
      render={({ field }) => (
        <Select
          ref={field.ref}
          name={field.name}
          label={t(def.label)}
          description={def.hint ? t(def.hint) : undefined}
          placeholder={def.placeholder ? t(def.placeholder) : undefined}
          withAsterisk
          data={options.data}
          value={field.value === undefined || field.value === null || field.value === "" ? null : String(field.value)}
          onChange={(value) => field.onChange(value ?? "")}
          onBlur={field.onBlur}
          searchable={def.searchable}
          allowDeselect={false}
          nothingFoundMessage={t("COMMON.NOTHING_FOUND")}
          error={errorText(error) ?? (options.isError ? t("ERROR_PAGES.LOADING_DATA") : undefined)}
          comboboxProps={{ shadow: "md" }}
          maxDropdownHeight={280}
        />
      )}
    />
  );
}

/** Renders one declared form field bound to react-hook-form. */
export function FormField({
  def,
  control,
  register,
  error,
}: {
  def: FormFieldDef;
  control: Control<FieldValues>;
  register: UseFormRegister<FieldValues>;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (def.kind === "select") return <SelectField def={def} control={control} error={error} />;
  return (
    <TextInput
      {...register(def.name)}
      label={t(def.label)}
      description={def.hint ? t(def.hint) : undefined}
      placeholder={def.placeholder ? t(def.placeholder) : undefined}
      maxLength={def.maxLength}
      withAsterisk
      autoComplete="off"
      error={errorText(error)}
    />
  );
}
