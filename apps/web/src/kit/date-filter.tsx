import "@mantine/dates/styles.css";
import { DatePickerInput } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

type Props = { label: string; value: string; onChange: (value: string) => void };

/** A date filter: shown as D/M/YYYY, kept in the URL as YYYY-MM-DD. Loaded on demand (its own chunk). */
export default function DateFilter({ label, value, onChange }: Props) {
  const { i18n } = useTranslation();
  return (
    <DatePickerInput
      aria-label={label}
      placeholder={label}
      value={value || null}
      onChange={(next) => onChange(next ?? "")}
      valueFormat="D/M/YYYY"
      locale={i18n.language}
      clearable
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={{ base: "100%", sm: 180 }}
    />
  );
}
