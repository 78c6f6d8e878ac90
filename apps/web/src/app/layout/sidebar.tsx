import { Badge, Box, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { Fragment, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { SidebarViews } from "@/features/views/sidebar-views.tsx";
import type { NavSection } from "@/kit/resource.ts";
import { useCanFn } from "@/lib/use-can.ts";
import { NAV_ITEMS, type NavItem } from "../resources.ts";
import { useReviewQueue } from "./review-queue.ts";
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

/** What waits for a review decision in the list the entry opens (hidden at zero). */
function ReviewBadge({ list }: { list: "owners" | "boxes" }) {
  const { t } = useTranslation();
  const count = useReviewQueue()[list] ?? 0;
  if (count <= 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="orange" aria-label={t("NAV.REVIEW_QUEUE", { count })}>
      {count > 99 ? "99+" : count}
    </Badge>
  );
}

/** A fade over the edge of the menu where more items hide, so the overflow shows without hovering or scrolling. */
function ScrollShadow({ edge }: { edge: "top" | "bottom" }) {
  return (
    <Box
      aria-hidden
      pos="absolute"
      left={0}
      right={0}
      h={24}
      {...(edge === "top" ? { top: 0 } : { bottom: 0 })}
      style={{
        pointerEvents: "none",
        zIndex: 1,
        background: `linear-gradient(to ${edge === "top" ? "bottom" : "top"}, rgba(0, 0, 0, 0.1), transparent)`,
      }}
    />
  );
}

/** Whether the viewport hides content above and below, kept up to date on scroll and resize. */
function useOverflow() {
  const viewport = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ above: false, below: false });
  const measure = useCallback(() => {
    const element = viewport.current;
    if (!element) return;
    const above = element.scrollTop > 0;
    const below = element.scrollTop + element.clientHeight < element.scrollHeight - 1;
    setOverflow((previous) => (previous.above === above && previous.below === below ? previous : { above, below }));
  }, []);
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { viewport, overflow, measure };
}

function isActive(path: string, pathname: string) {
  return path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);
}

/** The menu: one link per section the user may open (dashboard always), grouped under small headings. */
export function Sidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const allowed = useCanFn();
  const { viewport, overflow, measure } = useOverflow();
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
        rightSection={
          item.badge === "unread-notifications" ? (
            <UnreadBadge />
          ) : item.badge === "review-owners" ? (
            <ReviewBadge list="owners" />
          ) : item.badge === "review-boxes" ? (
            <ReviewBadge list="boxes" />
          ) : undefined
        }
        active={active}
        aria-current={active ? "page" : undefined}
        variant="light"
        // Compact rows: every item of a full menu fits a 900 px high window without scrolling.
        styles={{
          root: { borderRadius: "var(--mantine-radius-md)", paddingBlock: 5 },
          label: { fontWeight: 500 },
        }}
      />
    );
  };

  return (
    <Box pos="relative" h="100%">
      {overflow.above && <ScrollShadow edge="top" />}
      {/* A visible scrollbar whenever the menu is taller than the window (a shorter window, a zoomed page). */}
      <ScrollArea
        type="auto"
        scrollbars="y"
        h="100%"
        px="sm"
        py="sm"
        viewportRef={viewport}
        onScrollPositionChange={measure}
      >
        <Stack gap="xs">
          {groups.map((group) => (
            <Stack key={group.section ?? "main"} gap={2}>
              {group.section && (
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pb={2} style={{ letterSpacing: 0.4 }}>
                  {t(`NAV.SECTIONS.${group.section}`)}
                </Text>
              )}
              {group.items.map((item) => (
                <Fragment key={item.path}>
                  {link(item)}
                  {/* The saved views of the list, under its entry. */}
                  <SidebarViews path={item.path} label={t(item.label)} />
                </Fragment>
              ))}
            </Stack>
          ))}
        </Stack>
      </ScrollArea>
      {overflow.below && <ScrollShadow edge="bottom" />}
    </Box>
  );
}
