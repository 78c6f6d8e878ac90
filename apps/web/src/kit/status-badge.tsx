import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A record's state as a translated Active/Inactive badge that never shrinks into an ellipsis. */
export function StatusBadge({ active, size = "lg" }: { active: boolean; size?: BadgeProps["size"] }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="dot"
      color={active ? "teal" : "gray"}
      size={size}
      tt="none"
      fw={500}
      style={{ flexShrink: 0, overflow: "visible" }}
      data-testid="status-badge"
    >
      {t(active ? "COMMON.ACTIVE" : "COMMON.INACTIVE")}
    </Badge>
  );
}

/** A state as a light badge that never shrinks into an ellipsis in a narrow column. */
export function StateBadge({ color, label, testId }: { color: string; label: string; testId: string }) {
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0, overflow: "visible" }}
      styles={{ label: { overflow: "visible" } }}
      data-testid={testId}
    >
      {label}
    </Badge>
  );
}
