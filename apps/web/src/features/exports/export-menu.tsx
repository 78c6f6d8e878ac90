import { Button, type ButtonProps } from "@mantine/core";
import type { PermissionCode } from "@palco/shared/permissions";
import { EXPORT_RESOURCES, type ExportResource } from "@palco/shared/resources/list-names";
import { IconChevronDown, IconDownload } from "@tabler/icons-react";
import { type ComponentPropsWithRef, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadFeatureTexts } from "@/lib/i18n.ts";
import { useCan } from "@/lib/use-can.ts";

// The menu, its job, its panel and their texts load after the list's first paint; meanwhile the same button stands in
// its place.
const ExportControls = lazy(() =>
  Promise.all([import("./export-controls.tsx"), loadFeatureTexts("exports")]).then(([module]) => ({
    default: module.ExportControls,
  })),
);

const isExportable = (name: string): name is ExportResource => (EXPORT_RESOURCES as readonly string[]).includes(name);

/**
 * "Export" on a list page (CSV or Excel of the current filters and search), for the lists the API can export and a
 * member who may list them. The file is made by a job: a small panel follows its progress and offers the download.
 */
export function ExportMenu({ resource, permission }: { resource: string; permission: PermissionCode | null }) {
  const allowed = useCan(permission);
  // A press on the stand-in is not lost: it spins until the menu has loaded, which then opens as if pressed.
  const [pressedEarly, setPressedEarly] = useState(false);
  if (!allowed || !isExportable(resource)) return null;
  return (
    <Suspense fallback={<ExportButton loading={pressedEarly} onClick={() => setPressedEarly(true)} />}>
      <ExportControls resource={resource} openAtOnce={pressedEarly} />
    </Suspense>
  );
}

/** The menu's button (the loaded menu's target, and its stand-in until then). */
export function ExportButton(props: ButtonProps & ComponentPropsWithRef<"button">) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      rightSection={<IconChevronDown size={14} aria-hidden />}
      leftSection={<IconDownload size={16} aria-hidden />}
      aria-label={t("EXPORTS.MENU_LABEL")}
      {...props}
    >
      {t("EXPORTS.MENU")}
    </Button>
  );
}
