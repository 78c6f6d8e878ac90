import { AppShell, Box, Burger, Group, getDefaultZIndex, Progress } from "@mantine/core";
import { useDisclosure, useLocalStorage } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigation } from "react-router";
import { PaletteLauncher } from "@/features/search/palette-launcher.tsx";
import { Brand } from "@/kit/brand.tsx";
import { LanguageSwitcher } from "@/kit/language-switcher.tsx";
import { SuccessBanner } from "@/kit/success-banner.tsx";
import { useLiveNotifications } from "./live-notifications.ts";
import { Sidebar } from "./sidebar.tsx";
import { UserMenu } from "./user-menu.tsx";

export const SIDEBAR_STORAGE_KEY = "palco.sidebar";

/** The header's height as AppShell states it (a CSS variable on its root). */
const HEADER_OFFSET = "var(--app-shell-header-offset, 0rem)";

/** The authenticated area: header (burger, brand, language, user), collapsible sidebar, page. */
export default function AppLayout() {
  const { t } = useTranslation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, setDesktopOpened] = useLocalStorage({
    key: SIDEBAR_STORAGE_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  useLiveNotifications();

  // Close the mobile menu after choosing a page (or a saved view of the list already open: only its query changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and search are the trigger
  useEffect(() => mobile.close(), [pathname, search]);

  return (
    <AppShell
      // The navbar below spans the whole page from here, so its background reaches the bottom of a long page.
      pos="relative"
      header={{ height: 56 }}
      navbar={{ width: 256, breakpoint: "sm", collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding={{ base: "md", sm: "xl" }}
    >
      {/* Above the navbar (AppShell puts the navbar one above the header), which scrolls under it on long pages. */}
      <AppShell.Header zIndex={getDefaultZIndex("app") + 2}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t("NAV.TOGGLE")}
              aria-expanded={mobileOpened}
            />
            <Burger
              opened={desktopOpened}
              onClick={() => setDesktopOpened((opened) => !opened)}
              visibleFrom="sm"
              size="sm"
              aria-label={t("NAV.TOGGLE")}
              aria-expanded={desktopOpened}
            />
            <Brand collapse />
          </Group>
          <Group gap="md" wrap="nowrap">
            <PaletteLauncher />
            <LanguageSwitcher />
            <UserMenu />
          </Group>
        </Group>
        {navigation.state !== "idle" && (
          <Progress
            value={100}
            animated
            size={2}
            radius={0}
            pos="absolute"
            bottom={-1}
            left={0}
            right={0}
            aria-hidden
          />
        )}
      </AppShell.Header>
      {/*
       * As tall as the page rather than fixed to the window (Mantine's default), so its background and edge go down
       * to the bottom of a long page, full-page captures and prints included; the menu inside sticks to the window.
       */}
      <AppShell.Navbar aria-label={t("NAV.MAIN")} style={{ position: "absolute", height: "auto", bottom: 0 }}>
        <Box pos="sticky" top={HEADER_OFFSET} h={`calc(100dvh - ${HEADER_OFFSET})`}>
          <Sidebar />
        </Box>
      </AppShell.Navbar>
      <AppShell.Main bg="var(--palco-page-bg)">
        <Box maw={1280} mx="auto">
          <SuccessBanner />
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
