import { ActionIcon, Tooltip } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadFeatureTexts } from "@/lib/i18n.ts";

// Loaded on the first opening, texts and Spotlight's styles included: the shell only carries the shortcut and button.
const CommandPalette = lazy(() =>
  Promise.all([import("./command-palette.tsx"), loadFeatureTexts("search")]).then(([module]) => ({
    default: module.CommandPalette,
  })),
);

/**
 * The top bar's search button and the Ctrl+K / ⌘K shortcut (anywhere, inputs included: the browser gives the
 * combination no meaning on a page), which open the command palette. Each opening bumps `opening`, which the
 * palette answers by opening itself once it is loaded.
 */
export function PaletteLauncher() {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(0);
  const open = () => setOpening((count) => count + 1);
  // Ctrl or ⌘ with K alone (what useHotkeys' "mod+K" matches), checked by hand: the shell keeps its parser out.
  useWindowEvent("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key?.toLowerCase() !== "k") return;
    event.preventDefault();
    open();
  });

  return (
    <>
      <Tooltip label={`${t("TOP_BAR.SEARCH")} (Ctrl+K)`} openDelay={400}>
        <ActionIcon
          variant="default"
          size="lg"
          radius="md"
          onClick={open}
          aria-label={t("TOP_BAR.SEARCH")}
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          data-testid="palette-button"
        >
          <IconSearch size={18} stroke={1.75} />
        </ActionIcon>
      </Tooltip>
      {opening > 0 && (
        <Suspense fallback={null}>
          <CommandPalette opening={opening} />
        </Suspense>
      )}
    </>
  );
}
