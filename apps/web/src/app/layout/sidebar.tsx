import { Badge, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { NavSection } from "@/kit/resource.ts";
import { useCanFn } from "@/lib/use-can.ts";
import { NAV_ITEMS, type NavItem } from "../resources.ts";
import { useUnreadCount } from "./unread-count.ts";

const SECTION_ORDER: (NavSection | null)[] = [null, "ACCESS", "MARKETPLACE", "PAYMENTS", "GEOGRAPHY", "CONFIGURATION"];

function UnreadBadge() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  if (count <= 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="red" aria-label={t("NAV.UNREAD", { count })}>
      {count > 99 ? "99+" : count}
    </Badge>
  );
}

function isActive(path: string, pathname: string) {
  return path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);
}

/** The menu: one link per section the user may open (dashboard always), grouped under small headings. */
export function Sidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const allowed = useCanFn();
  const visible = NAV_ITEMS.filter((item) => allowed(item.permission));
  const groups = SECTION_ORDER.map((section) => ({
    section,
    items: visible.filter((item) => item.section === section),
  })).filter((group) => group.items.length > 0);

  const link = (item: NavItem) => {
    const active = isActive(item.path, pathname);
    return (
      <NavLink
        key={item.path}
        component={Link}
        to={item.path}
        label={t(item.label)}
        leftSection={<item.icon size={18} stroke={1.7} aria-hidden />}
        rightSection={item.badge === "unread-notifications" ? <UnreadBadge /> : undefined}
        active={active}
        aria-current={active ? "page" : undefined}
        variant="light"
        styles={{ root: { borderRadius: "var(--mantine-radius-md)" }, label: { fontWeight: 500 } }}
      />
    );
  };

  return (
    <ScrollArea type="scroll" h="100%" px="sm" py="md">
      <Stack gap="md">
        {groups.map((group) => (
          <Stack key={group.section ?? "main"} gap={2}>
            {group.section && (
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pb={4} style={{ letterSpacing: 0.4 }}>
                {t(`NAV.SECTIONS.${group.section}`)}
              </Text>
            )}
            {group.items.map(link)}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
