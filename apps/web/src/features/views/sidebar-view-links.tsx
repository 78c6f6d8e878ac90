import { NavLink, Stack } from "@mantine/core";
import { IconBookmark } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useSavedViews } from "./api.ts";
import { VIEW_PARAM, viewPath } from "./view-query.ts";

/**
 * (Loaded by sidebar-views.tsx.) The saved views of one list, nested under its menu entry (`path` is the entry's, `/owners`) while that list (or one
 * of its records) is open: compact rows with the name cut to one line (the full name in the tooltip).
 */
export function SidebarViewLinks({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const views = useSavedViews().filter((view) => `/${view.resource}` === path);
  // Unfolded under the list that is open only: the whole menu still fits a 900 px window (and a phone's drawer).
  const listOpen = pathname === path || pathname.startsWith(`${path}/`);
  if (views.length === 0 || !listOpen) return null;
  const openId = pathname === path ? new URLSearchParams(search).get(VIEW_PARAM) : null;
  return (
    <Stack gap={0} pl={26} role="group" aria-label={t("VIEWS.SIDEBAR", { list: label })} data-testid="sidebar-views">
      {views.map((view) => {
        const active = openId === String(view.id);
        return (
          <NavLink
            key={view.id}
            component={Link}
            to={viewPath(view)}
            label={view.name}
            title={view.name}
            leftSection={<IconBookmark size={14} stroke={1.7} aria-hidden />}
            active={active}
            aria-current={active ? "page" : undefined}
            variant="light"
            styles={{
              root: { borderRadius: "var(--mantine-radius-md)", paddingBlock: 3 },
              label: {
                fontSize: "var(--mantine-font-size-xs)",
                whiteSpace: "nowrap",
                overflow: "hidden",
                textOverflow: "ellipsis",
              },
              body: { minWidth: 0 },
            }}
          />
        );
      })}
    </Stack>
  );
}
