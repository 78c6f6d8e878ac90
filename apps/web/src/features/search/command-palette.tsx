import "@mantine/spotlight/styles.css";
import { Group, Loader, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { createSpotlight, Spotlight } from "@mantine/spotlight";
import type { PermissionCode, SearchItem, SearchResponse } from "@palco/shared";
// Deep import: the palette's chunk needs the constant, not zod.
import { SEARCH_MIN_LENGTH } from "@palco/shared/resources/search";
import {
  IconBuildingStadium,
  IconCalendarPlus,
  IconClockHour4,
  IconHistory,
  IconListSearch,
  IconSearch,
  IconSettings,
  IconShieldLock,
  IconUserPlus,
  IconUsersGroup,
} from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { SECURITY_PATH } from "@/app/guards.tsx";
import { RESOURCES, SETTINGS_NAV } from "@/app/resources.ts";
import { type RecentRecord, readRecent, rememberRecent } from "@/kit/command-palette/recent.ts";
import { api } from "@/lib/api.ts";
import { useSession } from "@/lib/session.ts";
import { useCanFn } from "@/lib/use-can.ts";

const [paletteStore, palette] = createSpotlight();

/**
 * Selects the first action of the list, as Spotlight does after each keystroke (its own helper is not exported):
 * results arrive after that keystroke, so the first of them is selected again once they are shown.
 */
function selectFirstAction() {
  const { listId } = paletteStore.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return;
  list.querySelector("[data-selected]")?.removeAttribute("data-selected");
  list.querySelector("[data-action]")?.setAttribute("data-selected", "true");
  paletteStore.updateState((state) => ({ ...state, selected: 0 }));
}

/** How long typing must pause before the palette asks the server. */
const DEBOUNCE_MS = 150;

/** The palette's commands: where they lead and who may use them (the target page's own permission). */
const ACTIONS: { id: string; label: string; path: string; permission: PermissionCode | null; icon: ReactNode }[] = [
  {
    id: "new-event",
    label: "NEW_EVENT",
    path: "/events/create",
    permission: "EVENTS_CREATE",
    icon: <IconCalendarPlus />,
  },
  {
    id: "owners-waiting",
    label: "OWNERS_WAITING",
    path: "/owners?status=waiting",
    permission: "OWNERS_INDEX",
    icon: <IconClockHour4 />,
  },
  {
    id: "boxes-waiting",
    label: "BOXES_WAITING",
    path: "/boxes?status=waiting",
    permission: "BOXES_INDEX",
    icon: <IconClockHour4 />,
  },
  { id: "bookings", label: "BOOKINGS", path: "/bookings", permission: "BOOKINGS_INDEX", icon: <IconListSearch /> },
  {
    id: "new-venue",
    label: "NEW_VENUE",
    path: "/venues/create",
    permission: "VENUES_CREATE",
    icon: <IconBuildingStadium />,
  },
  { id: "new-user", label: "NEW_USER", path: "/users/create", permission: "USERS_CREATE", icon: <IconUserPlus /> },
  {
    id: "settings",
    label: "SETTINGS",
    path: SETTINGS_NAV.path,
    permission: SETTINGS_NAV.permission,
    icon: <IconSettings />,
  },
  { id: "audit-log", label: "AUDIT_LOG", path: "/audit-log", permission: "AUDIT_LOG_INDEX", icon: <IconHistory /> },
  { id: "security", label: "SECURITY", path: SECURITY_PATH, permission: null, icon: <IconShieldLock /> },
];

/** Case and accents ignored: "configuracion" finds "Configuración". */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const metaOf = (resource: string) => RESOURCES.find((meta) => meta.name === resource);

/** A group's name: the menu's for a resource with a page, the palette's own for the marketplace's members. */
const groupLabel = (resource: string) => metaOf(resource)?.navLabel ?? `PALETTE.GROUP.${resource}`;

function ResourceIcon({ resource }: { resource: string }) {
  const Icon = metaOf(resource)?.icon ?? (resource === "members" ? IconUsersGroup : IconSearch);
  return <Icon size={20} stroke={1.5} aria-hidden />;
}

/**
 * The command palette (Mantine Spotlight): records of every resource the member may list, found by the API as
 * they type (debounced), grouped by resource, and the commands they may use; before anything is typed, the records
 * they opened last. Arrows move, Enter opens, Escape closes: the first result is selected as results arrive.
 */
export function CommandPalette({ opening }: { opening: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useCanFn();
  const userId = useSession()?.user.id;
  const [query, setQuery] = useState("");
  const typed = query.trim();
  const [debounced] = useDebouncedValue(typed, DEBOUNCE_MS);
  const searching = [...debounced].length >= SEARCH_MIN_LENGTH;

  // Each press of the button or the shortcut opens it (it may have been closed since the last one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `opening` is the trigger
  useEffect(() => palette.open(), [opening]);

  const results = useQuery({
    // Subtitles are written in the member's language.
    queryKey: ["search", i18n.language, debounced],
    queryFn: ({ signal }) => api<SearchResponse>("/api/search", { query: { q: debounced }, signal }),
    enabled: searching,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const current = searching && results.data && !results.isPlaceholderData ? results.data : undefined;
  const shown = searching ? results.data : undefined;
  const waiting = [...typed].length >= SEARCH_MIN_LENGTH && (typed !== debounced || results.isFetching);

  const recent: RecentRecord[] = typed === "" && userId !== undefined ? readRecent(userId) : [];
  const actions = ACTIONS.filter(
    (action) => can(action.permission) && folded(t(`PALETTE.ACTION.${action.label}`)).includes(folded(typed)),
  );
  const groups = (shown?.groups ?? []).filter((group) => group.items.length > 0);

  // Results replaced the list: the first one is selected, so Enter opens the best match.
  const listed = groups.map((group) => group.items.map((item) => item.id).join(",")).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: what is listed is the trigger
  useEffect(() => {
    if (paletteStore.getState().opened) selectFirstAction();
  }, [listed, typed === ""]);

  const open = (resource: string, item: Pick<SearchItem, "id" | "title" | "path">) => {
    // The record's own page is remembered; a list it leads to (no permission to open it) is not a record.
    if (userId !== undefined && item.path === `/${resource}/${item.id}`) {
      rememberRecent(userId, { resource, id: item.id, title: item.title, path: item.path });
    }
    navigate(item.path);
  };

  const nothingFound = current !== undefined && !waiting && groups.length === 0 && actions.length === 0;

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      // The launcher in the shell owns the shortcut (it works before this chunk is loaded).
      shortcut={null}
      scrollable
      maxHeight="min(70dvh, 560px)"
      // Spotlight is a Modal: its dialog is named for screen readers.
      aria-label={t("PALETTE.LABEL")}
      // Spotlight dims the selected action's description to 70 %, under the 4.5:1 contrast on the primary colour.
      styles={{ action: { "--action-description-opacity": "1" } as CSSProperties }}
    >
      <Spotlight.Search
        aria-label={t("PALETTE.LABEL")}
        placeholder={t("PALETTE.PLACEHOLDER")}
        leftSection={<IconSearch size={20} stroke={1.5} aria-hidden />}
        rightSection={waiting ? <Loader size="xs" aria-label={t("PALETTE.LOADING")} /> : null}
      />
      {/* Its scrolling region takes the focus too, so the list scrolls by keyboard when it is taller than the window. */}
      <Spotlight.ActionsList
        aria-live="polite"
        // Passed on to its ScrollArea, which the list's props type does not list.
        {...({ viewportProps: { tabIndex: 0, "aria-label": t("PALETTE.LABEL") } } as object)}
      >
        {recent.length > 0 && (
          <Spotlight.ActionsGroup role="group" aria-label={t("PALETTE.RECENT")} label={t("PALETTE.RECENT")}>
            {recent.map((item) => (
              <Spotlight.Action
                key={`${item.resource}-${item.id}`}
                label={item.title}
                description={metaOf(item.resource) ? t(metaOf(item.resource)!.navLabel) : undefined}
                leftSection={<ResourceIcon resource={item.resource} />}
                onClick={() => open(item.resource, item)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {groups.map((group) => (
          <Spotlight.ActionsGroup
            key={group.resource}
            role="group"
            aria-label={t(groupLabel(group.resource))}
            label={t(groupLabel(group.resource))}
          >
            {group.items.map((item) => (
              <Spotlight.Action
                key={item.id}
                label={item.title}
                description={item.subtitle}
                leftSection={<ResourceIcon resource={group.resource} />}
                onClick={() => open(group.resource, item)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {actions.length > 0 && (
          <Spotlight.ActionsGroup role="group" aria-label={t("PALETTE.ACTIONS")} label={t("PALETTE.ACTIONS")}>
            {actions.map((action) => (
              <Spotlight.Action
                key={action.id}
                label={t(`PALETTE.ACTION.${action.label}`)}
                leftSection={action.icon}
                onClick={() => navigate(action.path)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {waiting && groups.length === 0 && (
          <Group justify="center" gap="xs" p="md">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              {t("PALETTE.LOADING")}
            </Text>
          </Group>
        )}
        {results.isError && searching && !waiting && (
          <Text size="sm" c="red.8" p="md" role="alert">
            {t("PALETTE.ERROR")}
          </Text>
        )}
        {nothingFound && <Spotlight.Empty>{t("PALETTE.NOTHING_FOUND", { query: debounced })}</Spotlight.Empty>}
        {typed !== "" && [...typed].length < SEARCH_MIN_LENGTH && actions.length === 0 && (
          <Spotlight.Empty>{t("PALETTE.TYPE_MORE")}</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
