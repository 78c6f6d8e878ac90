import { PasswordInput, Select, Switch, TextInput } from "@mantine/core";
import { lazy, Suspense } from "react";
import { type Control, Controller, type FieldError, type FieldValues, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useErrorText } from "./error-text.ts";
import { emptyImage, type ImageValue } from "./multipart.ts";
import type { FormFieldDef } from "./resource.ts";
import { SwitchGroups } from "./switch-groups.tsx";

// The drop zone (react-dropzone and its styles) loads only with a form that has a picture.
const ImageField = lazy(() => import("./image-field.tsx"));

/** Hints go under the input, so fields side by side stay aligned whether or not they have one. */
const HINT_BELOW: ("label" | "input" | "description" | "error")[] = ["label", "input", "description", "error"];

type Def<K extends FormFieldDef["kind"]> = Extract<FormFieldDef, { kind: K }>;
type FieldProps<K extends FormFieldDef["kind"]> = {
  def: Def<K>;
  control: Control<FieldValues>;
  error: FieldError | undefined;
};

function SelectField({ def, control, error }: FieldProps<"select">) {
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

function SwitchField({ def, control, error }: FieldProps<"switch">) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Controller
      name={def.name}
      control={control}
      render={({ field }) => (
        <Switch
          ref={field.ref}
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          label={t(def.label)}
          description={def.hint ? t(def.hint) : undefined}
          error={errorText(error)}
        />
      )}
    />
  );
}

function SwitchGroupField({ def, control, error }: FieldProps<"switchGroup">) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const choices = def.useChoices();
  return (
    <Controller
      name={def.name}
      control={control}
      render={({ field }) => (
        <SwitchGroups
          groups={choices.groups}
          value={Array.isArray(field.value) ? field.value.map(String) : []}
          onChange={field.onChange}
          bulk={def.bulk}
          columns={def.columns}
          display={def.display}
          loading={choices.isLoading}
          empty={def.empty ? t(def.empty) : undefined}
          error={errorText(error) ?? (choices.isError ? t("ERROR_PAGES.LOADING_DATA") : undefined)}
          inputRef={field.ref}
        />
      )}
    />
  );
}

function ImageInput({ def, control, error, disabled }: FieldProps<"image"> & { disabled?: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Controller
      name={def.name}
      control={control}
      render={({ field }) => (
        <Suspense fallback={null}>
          <ImageField
            label={t(def.label)}
            hint={def.hint ? t(def.hint) : undefined}
            value={(field.value as ImageValue | undefined) ?? emptyImage()}
            onChange={field.onChange}
            accept={def.accept}
            maxBytes={def.maxBytes}
            shape={def.shape}
            error={errorText(error)}
            disabled={disabled}
            inputRef={field.ref}
          />
        </Suspense>
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
  disabled,
}: {
  def: FormFieldDef;
  control: Control<FieldValues>;
  register: UseFormRegister<FieldValues>;
  error: FieldError | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  switch (def.kind) {
    case "select":
      return <SelectField def={def} control={control} error={error} />;
    case "switch":
      return <SwitchField def={def} control={control} error={error} />;
    case "switchGroup":
      return <SwitchGroupField def={def} control={control} error={error} />;
    case "image":
      return <ImageInput def={def} control={control} error={error} disabled={disabled} />;
    case "password":
      return (
        <PasswordInput
          {...register(def.name)}
          label={t(def.label)}
          description={def.hint ? t(def.hint) : undefined}
          maxLength={def.maxLength}
          withAsterisk
          autoComplete={def.autoComplete ?? "new-password"}
          inputWrapperOrder={HINT_BELOW}
          error={errorText(error)}
        />
      );
    default:
      return (
        <TextInput
          {...register(def.name)}
          type={def.type ?? "text"}
          label={t(def.label)}
          description={def.hint ? t(def.hint) : undefined}
          placeholder={def.placeholder ? t(def.placeholder) : undefined}
          maxLength={def.maxLength}
          withAsterisk
          autoComplete={def.autoComplete ?? "off"}
          inputWrapperOrder={HINT_BELOW}
          error={errorText(error)}
        />
      );
  }
}
