import { Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import {
  IconChevronDown,
  IconFileExport,
  IconLogout,
  IconShieldLock,
  IconVolume,
  IconVolumeOff,
} from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EXPORTS_PATH } from "@/features/exports/paths.ts";
import { PictureAvatar } from "@/kit/avatar.tsx";
import { SOUND_STORAGE_KEY } from "@/lib/notification-sound.ts";
import { logout, useSession } from "@/lib/session.ts";
import { useCan } from "@/lib/use-can.ts";
import { SECURITY_PATH } from "../guards.tsx";

/**
 * Whether a new notification chimes, remembered in this browser and followed by its other tabs. Named by what it
 * does ("Mute notification sound"): a menu item cannot also be a checkbox in Mantine's menu.
 */
function SoundSwitch() {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useLocalStorage({
    key: SOUND_STORAGE_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  return (
    <Menu.Item
      closeMenuOnClick={false}
      leftSection={enabled ? <IconVolumeOff size={16} aria-hidden /> : <IconVolume size={16} aria-hidden />}
      onClick={() => setEnabled(!enabled)}
    >
      {t(enabled ? "TOP_BAR.SOUND_MUTE" : "TOP_BAR.SOUND_UNMUTE")}
    </Menu.Item>
  );
}

/** The scheme choice loads with the menu's first opening: a list page's first paint does not need it. */
const AppearanceChoice = lazy(() => import("./appearance-choice.tsx"));

/** Avatar + name; the dropdown shows the e-mail, the Security page, the notification sound's switch and the logout action. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const notified = useCan("NOTIFICATIONS_INDEX");
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
            <PictureAvatar src={user.pictureSmallUrl ?? user.pictureUrl} name={name} size={30} />
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
        <Menu.Item component={Link} to={SECURITY_PATH} leftSection={<IconShieldLock size={16} aria-hidden />}>
          {t("TOP_BAR.SECURITY")}
        </Menu.Item>
        <Menu.Item component={Link} to={EXPORTS_PATH} leftSection={<IconFileExport size={16} aria-hidden />}>
          {t("TOP_BAR.EXPORTS")}
        </Menu.Item>
        {notified && <SoundSwitch />}
        <Menu.Divider />
        <Suspense fallback={null}>
          <AppearanceChoice />
        </Suspense>
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
