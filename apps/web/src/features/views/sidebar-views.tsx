import { lazy, Suspense } from "react";
import { loadFeatureTexts } from "@/lib/i18n.ts";

// The views arrive with their own request after the menu is drawn: their rows, query and texts load beside it,
// not with the shell.
const SidebarViewLinks = lazy(() =>
  Promise.all([import("./sidebar-view-links.tsx"), loadFeatureTexts("views")]).then(([module]) => ({
    default: module.SidebarViewLinks,
  })),
);

/** The saved views of one list, nested under its menu entry (sidebar-view-links.tsx). */
export function SidebarViews({ path, label }: { path: string; label: string }) {
  return (
    <Suspense fallback={null}>
      <SidebarViewLinks path={path} label={label} />
    </Suspense>
  );
}
