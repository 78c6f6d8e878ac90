import "@mantine/dates/styles.css";
import { DateTimePicker } from "@mantine/dates";
import { IconCalendarTime } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DATE_TIME_FORMATS } from "./format.ts";

type Props = {
  label: string;
  hint?: string | undefined;
  /** "YYYY-MM-DD HH:mm:ss" or "". */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The earliest choice ("YYYY-MM-DD HH:mm:ss"): days before it are disabled, and an earlier pick becomes it. */
  minimum?: string | undefined;
  error?: ReactNode;
  inputRef?: (element: HTMLElement | null) => void;
};

/** A date and time picker (calendar and hours) that keeps its value as "YYYY-MM-DD HH:mm:ss". Its own chunk. */
export default function DateTimeInput({ label, hint, value, onChange, onBlur, minimum, error, inputRef }: Props) {
  const { i18n, t } = useTranslation();
  const language = i18n.language === "es" ? "es" : "en";
  return (
    <DateTimePicker
      ref={inputRef}
      label={label}
      description={hint}
      inputWrapperOrder={["label", "input", "description", "error"]}
      withAsterisk
      value={value || null}
      onChange={(next) => {
        const picked = next ?? "";
        onChange(picked && minimum && picked < minimum ? minimum : picked);
      }}
      onBlur={onBlur}
      minDate={minimum?.slice(0, 10)}
      valueFormat={DATE_TIME_FORMATS[language]}
      locale={language}
      withSeconds={false}
      clearable
      timePickerProps={{
        withDropdown: true,
        format: language === "en" ? "12h" : "24h",
        "aria-label": t("COMMON.TIME"),
      }}
      submitButtonProps={{ "aria-label": t("COMMON.CONFIRM") }}
      nextLabel={t("COMMON.NEXT_MONTH")}
      previousLabel={t("COMMON.PREVIOUS_MONTH")}
      leftSection={<IconCalendarTime size={16} aria-hidden />}
      error={error}
    />
  );
}
