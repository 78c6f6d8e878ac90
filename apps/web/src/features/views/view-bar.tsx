import { Box } from "@mantine/core";
import { isListResource } from "@palco/shared/resources/list-names";
import { lazy, Suspense } from "react";
import { loadFeatureTexts } from "@/lib/i18n.ts";

const ViewBarControls = lazy(() =>
  Promise.all([import("./view-bar-controls.tsx"), loadFeatureTexts("views")]).then(([module]) => ({
    default: module.ViewBarControls,
  })),
);

/** Height of the bar's row (a compact "Save view" button): what the stand-in keeps free while the bar loads. */
const BAR_HEIGHT = 30;

/**
 * Above a list: the saved view it shows, what may be done with it, and "Save view" (view-bar-controls.tsx). The
 * controls, their dialogs and their texts load after the list's first paint; until then an empty row of the same height holds
 * their place, so nothing moves.
 */
export function SavedViewBar({ resource }: { resource: string }) {
  if (!isListResource(resource)) return null;
  return (
    <Suspense fallback={<SavedViewBarStandIn resource={resource} />}>
      <ViewBarControls resource={resource} />
    </Suspense>
  );
}

/** The bar's place, empty: while its controls load, and in the prerendered frame (src/prerender.tsx). */
export function SavedViewBarStandIn({ resource }: { resource: string }) {
  return isListResource(resource) ? <Box h={BAR_HEIGHT} aria-hidden /> : null;
}
