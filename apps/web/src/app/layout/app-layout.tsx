import { Burger, Progress } from "@mantine/core";
import { useDisclosure, useLocalStorage } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigation } from "react-router";
import { PaletteLauncher } from "@/features/search/palette-launcher.tsx";
import { Brand } from "@/kit/brand.tsx";
import { LanguageSwitcher } from "@/kit/language-switcher.tsx";
import { SuccessBanner } from "@/kit/success-banner.tsx";
import { usePhone } from "@/kit/use-phone.ts";
import { AppFrame } from "./app-frame.tsx";
import { useLiveNotifications } from "./live-notifications.ts";
import { Sidebar } from "./sidebar.tsx";
import { UserMenu } from "./user-menu.tsx";

export const SIDEBAR_STORAGE_KEY = "palco.sidebar";

/**
 * The layout's live side (live-notifications.ts) in a leaf of its own: a new unread count or a change of the
 * socket re-renders this, not the whole layout with its header and menu.
 */
function LiveNotifications() {
  useLiveNotifications();
  return null;
}

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
  // On a phone the menu waits off-screen, folded away: it is drawn when first opened, so a page's first paint does
  // not render and lay out a score of entries nobody sees (much of a phone's first second at a slow CPU).
  const phone = usePhone();
  const [menuOpenedOnce, setMenuOpenedOnce] = useState(false);
  const toggleMobile = () => {
    setMenuOpenedOnce(true);
    mobile.toggle();
  };

  // Close the mobile menu after choosing a page (or a saved view of the list already open: only its query changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and search are the trigger
  useEffect(() => mobile.close(), [pathname, search]);

  return (
    <AppFrame
      collapsed={{ mobile: !mobileOpened, desktop: !desktopOpened }}
      headerStart={
        <>
          <Burger
            opened={mobileOpened}
            onClick={toggleMobile}
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
        </>
      }
      headerEnd={
        <>
          <PaletteLauncher />
          <LanguageSwitcher />
          <UserMenu />
        </>
      }
      headerEdge={
        navigation.state !== "idle" && (
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
        )
      }
      navbar={!phone || menuOpenedOnce ? <Sidebar /> : null}
      navbarLabel={t("NAV.MAIN")}
    >
      <LiveNotifications />
      <SuccessBanner />
      <Outlet />
    </AppFrame>
  );
}
