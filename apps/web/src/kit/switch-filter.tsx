import { Switch } from "@mantine/core";

/** An on/off list filter, in its own chunk (only the lists that have one load Mantine's Switch). */
export default function SwitchFilter({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      label={label}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      style={{ alignSelf: "center" }}
    />
  );
}
