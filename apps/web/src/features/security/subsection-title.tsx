import { Badge, Group, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A factor's heading with whether it is on, in words (not by colour alone). */
export function SubsectionTitle({ title, on }: { title: string; on?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Title order={3} fz="sm" fw={650}>
        {title}
      </Title>
      {on !== undefined && (
        <Badge variant="light" color={on ? "teal" : "gray"} radius="sm" tt="none" fw={600}>
          {t(on ? "SECURITY.TWO_STEP.ON" : "SECURITY.TWO_STEP.OFF")}
        </Badge>
      )}
    </Group>
  );
}
