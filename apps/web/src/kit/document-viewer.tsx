import {
  ActionIcon,
  Box,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { IconExternalLink, IconRotateClockwise, IconZoomIn, IconZoomOut, IconZoomReset } from "@tabler/icons-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { usePhone } from "./use-phone.ts";

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.25;

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** A shortcut must never eat what is typed in a field (the viewer has none today, a page around it may). */
function isTyping(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

const FRAME = {
  border: "1px solid var(--mantine-color-default-border)",
  borderRadius: "var(--mantine-radius-md)",
  background: "var(--mantine-color-default-hover)",
} as const;

/**
 * A toolbar button that stays focusable at the end of its range (aria-disabled, not disabled), so reaching 400 %
 * with the keyboard does not drop the focus out of the dialog.
 */
function ToolButton({
  label,
  icon,
  inactive,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  inactive?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label} openDelay={300}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        aria-disabled={inactive || undefined}
        data-disabled={inactive || undefined}
        onClick={inactive ? undefined : onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The picture in a scrolling frame with zoom, rotation and a link to the original; its state dies with the dialog. */
function Viewer({ src, label }: { src: string; label: string }) {
  const { t } = useTranslation();
  const hintId = useId();
  const newTabId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [failed, setFailed] = useState(false);

  /** Zooms around the middle of what is in view rather than the top-left corner. */
  const zoomTo = (next: (current: number) => number) => {
    const element = viewport.current;
    const centre = element && {
      x: (element.scrollLeft + element.clientWidth / 2) / element.scrollWidth,
      y: (element.scrollTop + element.clientHeight / 2) / element.scrollHeight,
    };
    // The new size must be laid out before the scroll position can be set against it.
    flushSync(() => setZoom((current) => clampZoom(next(current))));
    if (element && centre) {
      element.scrollLeft = centre.x * element.scrollWidth - element.clientWidth / 2;
      element.scrollTop = centre.y * element.scrollHeight - element.clientHeight / 2;
    }
  };
  const zoomIn = () => zoomTo((current) => current + ZOOM_STEP);
  const zoomOut = () => zoomTo((current) => current - ZOOM_STEP);
  const reset = () => {
    zoomTo(() => 1);
    setRotation(0);
  };
  const rotate = () => setRotation((current) => (current + 90) % 360);

  // Only mounted while the dialog is open, so the keys are live exactly then. Ctrl/⌘ + "+" stays the browser's zoom.
  useWindowEvent("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const action = { "+": zoomIn, "=": zoomIn, "-": zoomOut, "0": reset, r: rotate, R: rotate }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  // Sizes are in container units of the frame: the stage is `zoom` frames big, so the scrollbars cover the picture
  // exactly; on a quarter turn the image's own box is swapped, since the rotation (a transform) does not lay out.
  const size = zoom * 100;
  const quarterTurn = rotation % 180 !== 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <ToolButton
            label={t("VIEWER.ZOOM_OUT")}
            icon={<IconZoomOut size={18} aria-hidden />}
            inactive={zoom <= MIN_ZOOM}
            onClick={zoomOut}
          />
          <Text size="sm" ta="center" miw={48} aria-live="polite" style={{ fontVariantNumeric: "tabular-nums" }}>
            {t("VIEWER.ZOOM_LEVEL", { percent: Math.round(size) })}
          </Text>
          <ToolButton
            label={t("VIEWER.ZOOM_IN")}
            icon={<IconZoomIn size={18} aria-hidden />}
            inactive={zoom >= MAX_ZOOM}
            onClick={zoomIn}
          />
          <ToolButton
            label={t("VIEWER.ROTATE")}
            icon={<IconRotateClockwise size={18} aria-hidden />}
            onClick={rotate}
          />
          <Text size="sm" ta="center" miw={36} aria-live="polite" style={{ fontVariantNumeric: "tabular-nums" }}>
            {t("VIEWER.ROTATION", { degrees: rotation })}
          </Text>
          <ToolButton
            label={t("VIEWER.RESET")}
            icon={<IconZoomReset size={18} aria-hidden />}
            inactive={zoom === 1 && rotation === 0}
            onClick={reset}
          />
        </Group>
        {/* A link, not a download: the browser shows the picture in a tab of its own. */}
        <Button
          component="a"
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          size="sm"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          aria-describedby={newTabId}
        >
          {t("VIEWER.OPEN_FULL_SIZE")}
        </Button>
        <VisuallyHidden id={newTabId}>{t("VIEWER.OPENS_IN_NEW_TAB")}</VisuallyHidden>
      </Group>
      {/* Focusable so the arrow keys scroll a zoomed picture. */}
      <Box
        ref={viewport}
        tabIndex={0}
        aria-describedby={hintId}
        h="70vh"
        style={{ ...FRAME, overflow: "auto", display: "flex", containerType: "size" }}
      >
        {failed ? (
          <Text size="sm" c="dimmed" m="auto" p="md" ta="center">
            {t("VIEWER.LOAD_ERROR")}
          </Text>
        ) : (
          // Auto margins centre a small stage and, unlike centring with flex, keep a big one scrollable to its edges.
          <Box pos="relative" m="auto" style={{ flexShrink: 0, width: `${size}cqw`, height: `${size}cqh` }}>
            <img
              src={src}
              alt={label}
              onError={() => setFailed(true)}
              style={{
                position: "absolute",
                left: "50%",
                top: "50%",
                width: `${size}${quarterTurn ? "cqh" : "cqw"}`,
                height: `${size}${quarterTurn ? "cqw" : "cqh"}`,
                maxWidth: "none",
                objectFit: "contain",
                transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
              }}
            />
          </Box>
        )}
      </Box>
      <Text id={hintId} size="xs" c="dimmed">
        {t("VIEWER.KEYBOARD_HINT")}
      </Text>
    </Stack>
  );
}

type ThumbnailProps = {
  /** A short-lived signed URL, used as it is (never fetched here). */
  src: string;
  /** What the document is ("Front of the ID"): the button's name, the image's alt text and the dialog's title. */
  label: string;
  /** In px; without it the thumbnail fills the width of its container. */
  width?: number;
};

/** A document's picture as a button (4:3, so nothing moves when it loads) that opens it in a viewer dialog. */
export function DocumentThumbnail({ src, label, width }: ThumbnailProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [opened, setOpened] = useState(false);
  // Remembered per URL: a fresh signed URL (after a refetch) gets another try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  return (
    <>
      <UnstyledButton
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpened(true)}
        w={width ?? "100%"}
        maw="100%"
        style={{
          ...FRAME,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          aspectRatio: "4 / 3",
          overflow: "hidden",
        }}
      >
        {failedSrc === src ? (
          <Text size="xs" c="dimmed" ta="center" p="xs">
            {t("VIEWER.LOAD_ERROR")}
          </Text>
        ) : (
          <img
            src={src}
            alt={label}
            loading="lazy"
            decoding="async"
            onError={() => setFailedSrc(src)}
            style={{ display: "block", width: "100%", height: "100%", objectFit: "contain" }}
          />
        )}
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        size="xl"
        fullScreen={phone}
        title={label}
        radius="md"
        closeButtonProps={{ "aria-label": t("COMMON.CLOSE") }}
        styles={{ title: { fontWeight: 600 } }}
      >
        <Viewer src={src} label={label} />
      </Modal>
    </>
  );
}

type GalleryDocument = { label: string; src: string | null };

/** The documents that were sent, as thumbnails in a grid; one not sent (no URL) is left out. */
export function DocumentGallery({ documents }: { documents: GalleryDocument[] }) {
  const sent = documents.filter((item): item is { label: string; src: string } => item.src !== null);
  if (sent.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="md">
      {sent.map((item) => (
        <Stack key={item.src} gap={4} miw={0}>
          <DocumentThumbnail src={item.src} label={item.label} />
          {/* The button already carries the label as its name: this is for the eye only. */}
          <Text size="xs" c="dimmed" truncate aria-hidden>
            {item.label}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
