import { Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PictureAvatar } from "@/kit/avatar.tsx";
import { logout, useSession } from "@/lib/session.ts";

/** Avatar + name; the dropdown shows the e-mail and the logout action. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!session) return null;
  const { user } = session;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md">
      <Menu.Target>
        {/* Named by its content, so the name shown is part of what is announced (WCAG 2.5.3, label in name). */}
        <UnstyledButton px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap={8} wrap="nowrap">
            <PictureAvatar src={user.pictureUrl} name={name} size={30} />
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <VisuallyHidden>{t("TOP_BAR.USER_MENU")}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={8}>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
        >
          {t("TOP_BAR.LOGOUT")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
