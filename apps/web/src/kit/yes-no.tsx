import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A boolean as a translated Yes/No badge. */
export function YesNo({ value }: { value: boolean | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={value ? "teal" : "gray"} radius="sm" tt="none" fw={600}>
      {t(value ? "COMMON.YES" : "COMMON.NO")}
    </Badge>
  );
}
