import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { IconChevronLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

type Props = {
  title: ReactNode;
  description?: ReactNode;
  /** A small link above the title back to the parent page. */
  parent?: { to: string; label: string };
  badge?: ReactNode;
  actions?: ReactNode;
};

export function PageHeader({ title, description, parent, badge, actions }: Props) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md" wrap="wrap">
      <Stack gap={4} miw={0}>
        {parent && (
          <Anchor component={Link} to={parent.to} size="sm" c="dimmed" underline="hover">
            <Group gap={2} wrap="nowrap">
              <IconChevronLeft size={14} aria-hidden />
              {parent.label}
            </Group>
          </Anchor>
        )}
        <Group gap="sm" wrap="nowrap">
          <Title order={1} fz={{ base: 22, sm: 26 }} fw={650} lh={1.2}>
            {title}
          </Title>
          {badge}
        </Group>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
