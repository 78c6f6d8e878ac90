import "@mantine/dates/styles.css";
import { DatePickerInput } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { dateFormatFor } from "./format.ts";

type Props = { label: string; value: string; onChange: (value: string) => void };

/** A date filter: shown in the screens' day format (D/M/YYYY), kept in the URL as YYYY-MM-DD. Its own chunk. */
export default function DateFilter({ label, value, onChange }: Props) {
  const { i18n } = useTranslation();
  return (
    <DatePickerInput
      aria-label={label}
      placeholder={label}
      value={value || null}
      onChange={(next) => onChange(next ?? "")}
      valueFormat={dateFormatFor(i18n.language)}
      locale={i18n.language}
      clearable
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={{ base: "100%", sm: 180 }}
    />
  );
}
