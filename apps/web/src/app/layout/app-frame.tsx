import { AppShell, Box, Group, getDefaultZIndex } from "@mantine/core";
import type { ReactNode } from "react";

/** The header's height as AppShell states it (a CSS variable on its root). */
const HEADER_OFFSET = "var(--app-shell-header-offset, 0rem)";

type Props = {
  /** Whether the navbar is folded away, on phones and from the `sm` breakpoint up. */
  collapsed: { mobile: boolean; desktop: boolean };
  /** The header's left end (burgers and brand) and right end (search, language, account). */
  headerStart: ReactNode;
  headerEnd: ReactNode;
  /** Drawn along the header's bottom edge (the navigation's progress bar). */
  headerEdge?: ReactNode;
  navbar: ReactNode;
  navbarLabel: string;
  children: ReactNode;
};

/**
 * The signed-in area's frame: header, collapsible navbar and page. The app's layout (app-layout.tsx) fills it in,
 * and so does the build's prerendered shell (src/prerender.tsx), which is why it holds no state of its own: the
 * two must paint the same frame.
 */
export function AppFrame({ collapsed, headerStart, headerEnd, headerEdge, navbar, navbarLabel, children }: Props) {
  return (
    <AppShell
      // The navbar below spans the whole page from here, so its background reaches the bottom of a long page.
      pos="relative"
      header={{ height: 56 }}
      navbar={{ width: 256, breakpoint: "sm", collapsed }}
      padding={{ base: "md", sm: "xl" }}
    >
      {/* Above the navbar (AppShell puts the navbar one above the header), which scrolls under it on long pages. */}
      <AppShell.Header zIndex={getDefaultZIndex("app") + 2}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {headerStart}
          </Group>
          <Group gap="md" wrap="nowrap">
            {headerEnd}
          </Group>
        </Group>
        {headerEdge}
      </AppShell.Header>
      {/*
       * As tall as the page rather than fixed to the window (Mantine's default), so its background and edge go down
       * to the bottom of a long page, full-page captures and prints included; the menu inside sticks to the window.
       */}
      <AppShell.Navbar aria-label={navbarLabel} style={{ position: "absolute", height: "auto", bottom: 0 }}>
        <Box pos="sticky" top={HEADER_OFFSET} h={`calc(100dvh - ${HEADER_OFFSET})`}>
          {navbar}
        </Box>
      </AppShell.Navbar>
      <AppShell.Main bg="var(--palco-page-bg)">
        <Box maw={1280} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
