import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconArmchair2 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Logo mark and product name; `collapse` hides the name on very small screens. */
export function Brand({ size = "md", collapse = false }: { size?: "md" | "lg"; collapse?: boolean }) {
  const { t } = useTranslation();
  const large = size === "lg";
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={large ? 40 : 30} radius="md" variant="filled" aria-hidden>
        <IconArmchair2 size={large ? 24 : 18} />
      </ThemeIcon>
      <Text fw={700} fz={large ? 20 : 16} style={{ letterSpacing: -0.2 }} visibleFrom={collapse ? "xs" : undefined}>
        {t("APP.NAME")}
      </Text>
    </Group>
  );
}
