import {
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import {
  type Control,
  Controller,
  type FieldError,
  type FieldValues,
  type UseFormRegister,
  useController,
  useWatch,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useDropdownOnApproach } from "./dropdown-on-approach.ts";
import { useErrorText } from "./error-text.ts";
import { emptyImage, type ImageValue } from "./multipart.ts";
import type { FormFieldDef, FormMode, LocationFieldDef } from "./resource.ts";
import { SwitchGroups } from "./switch-groups.tsx";

// The drop zone (react-dropzone and its styles) loads only with a form that has a picture, the map with a location.
const ImageField = lazy(() => import("./image-field.tsx"));
const LocationMap = lazy(() => import("./location-map.tsx"));
const DateTimeInput = lazy(() => import("./datetime-input.tsx"));

/** Hints go under the input, so fields side by side stay aligned whether or not they have one. */
const HINT_BELOW: ("label" | "input" | "description" | "error")[] = ["label", "input", "description", "error"];

type Def<K extends FormFieldDef["kind"]> = Extract<FormFieldDef, { kind: K }>;
type FieldProps<K extends FormFieldDef["kind"]> = {
  def: Def<K>;
  control: Control<FieldValues>;
  error: FieldError | undefined;
};

function SelectField({ def, control, error, mode }: FieldProps<"select"> & { mode: FormMode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const options = def.useOptions({ mode });
  const dropdown = useDropdownOnApproach();
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
          maxDropdownHeight={280}
          {...dropdown}
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
            removable={def.removable ?? true}
            minWidth={def.minWidth ? { width: def.minWidth.width, message: t(def.minWidth.message) } : undefined}
            error={errorText(error)}
            disabled={disabled}
            inputRef={field.ref}
          />
        </Suspense>
      )}
    />
  );
}

function DateTimeField({ def, control }: { def: Def<"datetime">; control: Control<FieldValues> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { field, fieldState } = useController({ control, name: def.name });
  // The clock the wall time is on follows the field it depends on (an event's venue); without one, the browser's.
  const source = useWatch({ control, name: def.clock?.from ?? def.name });
  const timeZone = def.clock?.useTimeZone(source);
  // "Now" is when the form opened, so the minimum does not move while the user types; it follows the clock only.
  const [openedAt] = useState(() => new Date());
  const minimum = useMemo(() => def.minimum?.(openedAt, timeZone), [def, openedAt, timeZone]);
  const hint = timeZone && def.clock ? t(def.clock.hint, { zone: timeZone }) : def.hint ? t(def.hint) : undefined;
  return (
    <Suspense fallback={<Skeleton h={60} />}>
      <DateTimeInput
        label={t(def.label)}
        hint={hint}
        value={typeof field.value === "string" ? field.value : ""}
        onChange={field.onChange}
        onBlur={field.onBlur}
        minimum={minimum}
        error={errorText(fieldState.error)}
        inputRef={field.ref}
      />
    </Suspense>
  );
}

function MultiSelectField({
  def,
  control,
  mode,
}: {
  def: Def<"multiselect">;
  control: Control<FieldValues>;
  mode: FormMode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const options = def.useOptions({ mode });
  const { field, fieldState } = useController({ control, name: def.name });
  const dropdown = useDropdownOnApproach();
  return (
    <MultiSelect
      ref={field.ref}
      name={field.name}
      label={t(def.label)}
      description={def.hint ? t(def.hint) : undefined}
      inputWrapperOrder={HINT_BELOW}
      placeholder={def.placeholder ? t(def.placeholder) : undefined}
      data={options.data}
      value={Array.isArray(field.value) ? field.value.map(String) : []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t("COMMON.NOTHING_FOUND")}
      error={errorText(fieldState.error) ?? (options.isError ? t("ERROR_PAGES.LOADING_DATA") : undefined)}
      maxDropdownHeight={280}
      {...dropdown}
    />
  );
}

/** Six decimals: about 10 cm, more than a pin dropped by hand means. */
const coordinateText = (value: number) => value.toFixed(6);

function LocationField({ def, control }: { def: LocationFieldDef; control: Control<FieldValues> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const latitude = useController({ control, name: def.name });
  const longitude = useController({ control, name: def.longitude });
  const latitudeError = errorText(latitude.fieldState.error);
  const longitudeError = errorText(longitude.fieldState.error);
  const parsed = {
    latitude: Number.parseFloat(String(latitude.field.value ?? "")),
    longitude: Number.parseFloat(String(longitude.field.value ?? "")),
  };
  const point = Math.abs(parsed.latitude) <= 90 && Math.abs(parsed.longitude) <= 180 ? parsed : def.center;
  const move = (next: { latitude: number; longitude: number }) => {
    latitude.field.onChange(coordinateText(next.latitude));
    longitude.field.onChange(coordinateText(next.longitude));
  };
  const input = (controller: typeof latitude, label: string, error: ReactNode) => (
    <TextInput
      ref={controller.field.ref}
      name={controller.field.name}
      value={String(controller.field.value ?? "")}
      onChange={(event) => controller.field.onChange(event.currentTarget.value)}
      onBlur={controller.field.onBlur}
      label={t(label)}
      inputMode="decimal"
      autoComplete="off"
      withAsterisk
      error={error}
    />
  );
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t(def.label)}
      </Text>
      {def.hint && (
        <Text size="xs" c="dimmed">
          {t(def.hint)}
        </Text>
      )}
      <Suspense fallback={<Skeleton h={def.height} radius="md" />}>
        <LocationMap
          point={point}
          zoom={def.zoom}
          height={def.height}
          label={t(def.label)}
          onMove={move}
          invalid={Boolean(latitudeError || longitudeError)}
        />
      </Suspense>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {input(latitude, def.latitudeLabel, latitudeError)}
        {input(longitude, def.longitudeLabel, longitudeError)}
      </SimpleGrid>
    </Stack>
  );
}

/** Renders one declared form field bound to react-hook-form. */
export function FormField({
  def,
  control,
  register,
  error,
  disabled,
  mode,
}: {
  def: FormFieldDef;
  control: Control<FieldValues>;
  register: UseFormRegister<FieldValues>;
  error: FieldError | undefined;
  disabled?: boolean;
  mode: FormMode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  switch (def.kind) {
    case "select":
      return <SelectField def={def} control={control} error={error} mode={mode} />;
    case "switch":
      return <SwitchField def={def} control={control} error={error} />;
    case "switchGroup":
      return <SwitchGroupField def={def} control={control} error={error} />;
    case "image":
      return <ImageInput def={def} control={control} error={error} disabled={disabled} />;
    case "location":
      return <LocationField def={def} control={control} />;
    case "datetime":
      return <DateTimeField def={def} control={control} />;
    case "multiselect":
      return <MultiSelectField def={def} control={control} mode={mode} />;
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
          inputMode={def.type === "number" ? "numeric" : undefined}
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
