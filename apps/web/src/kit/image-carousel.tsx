import { ActionIcon, Box, Group, Text, UnstyledButton } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export type CarouselImage = { url: string; smallUrl?: string; width?: number; height?: number };

type Props = {
  images: CarouselImage[];
  /** Accessible name of the carousel ("Pictures of the box"); also begins each picture's alt text. */
  label: string;
};

const FRAME = {
  border: "1px solid var(--mantine-color-default-border)",
  borderRadius: "var(--mantine-radius-md)",
  background: "var(--mantine-color-default-hover)",
  overflow: "hidden",
} as const;

const ARROW_BUTTON = { position: "absolute", top: "50%", transform: "translateY(-50%)" } as const;

/**
 * One picture at a time in a fixed 16:9 frame (no jump while pictures load), with previous / next buttons, a counter
 * and a row of thumbnails; ←/→ move while the focus is inside. Wraps around at both ends, so no button is ever
 * disabled under the focus. Follows the WAI-ARIA carousel pattern without automatic rotation.
 */
export function ImageCarousel({ images, label }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  // Remembered per URL, so a refetched (newly signed) URL gets another try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const total = images.length;
  // The list may shrink under the chosen index (a picture removed, a refetch).
  const index = Math.min(chosen, total - 1);
  const image = images[index];

  if (!image) {
    return (
      <Text size="sm" c="dimmed">
        {t("VIEWER.NO_PICTURES")}
      </Text>
    );
  }

  const show = (next: number, focusThumbnail = false) => {
    const target = (next + total) % total;
    setChosen(target);
    const thumbnail = thumbnails.current[target];
    thumbnail?.scrollIntoView({ block: "nearest", inline: "nearest" });
    if (focusThumbnail) thumbnail?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (total < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0;
    if (!step) return;
    event.preventDefault();
    // From a thumbnail the focus follows the picture, as in a row of tabs.
    const onThumbnail = thumbnails.current.some((element) => element !== null && element === event.target);
    show(index + step, onThumbnail);
  };

  const current = index + 1;

  return (
    <Box role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <Box pos="relative" style={{ ...FRAME, aspectRatio: "16 / 9" }}>
        {/* Announces the new picture when it changes (polite: the carousel never moves by itself). */}
        <Box
          role="group"
          aria-roledescription="slide"
          aria-label={t("VIEWER.SLIDE", { current, total })}
          aria-live="polite"
          h="100%"
          style={{ display: "flex", alignItems: "center", justifyContent: "center" }}
        >
          {failedUrl === image.url ? (
            <Text size="sm" c="dimmed" ta="center" p="md">
              {t("VIEWER.PICTURE_ERROR")}
            </Text>
          ) : (
            <img
              key={image.url}
              src={image.url}
              alt={t("VIEWER.PICTURE", { label, current, total })}
              width={image.width}
              height={image.height}
              onError={() => setFailedUrl(image.url)}
              style={{ display: "block", width: "100%", height: "100%", objectFit: "contain" }}
            />
          )}
        </Box>
        {total > 1 && (
          <>
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              aria-label={t("VIEWER.PREVIOUS")}
              onClick={() => show(index - 1)}
              style={{ ...ARROW_BUTTON, left: "var(--mantine-spacing-xs)" }}
            >
              <IconChevronLeft size={20} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              aria-label={t("VIEWER.NEXT")}
              onClick={() => show(index + 1)}
              style={{ ...ARROW_BUTTON, right: "var(--mantine-spacing-xs)" }}
            >
              <IconChevronRight size={20} aria-hidden />
            </ActionIcon>
          </>
        )}
      </Box>
      {total > 1 && (
        <Group gap="sm" mt="xs" wrap="nowrap" align="center">
          <Group
            role="group"
            aria-label={t("VIEWER.PICTURES")}
            gap={6}
            wrap="nowrap"
            p={2}
            style={{ flex: 1, minWidth: 0, overflowX: "auto" }}
          >
            {images.map((item, position) => (
              <UnstyledButton
                // The same picture may appear twice; its position tells the buttons apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the position is what the button stands for.
                key={`${position}-${item.url}`}
                ref={(element) => {
                  thumbnails.current[position] = element;
                }}
                aria-label={t("VIEWER.SHOW_PICTURE", { number: position + 1 })}
                aria-current={position === index || undefined}
                onClick={() => show(position)}
                w={64}
                style={{
                  ...FRAME,
                  flexShrink: 0,
                  aspectRatio: "16 / 9",
                  // A border, not an outline: the outline is the focus ring.
                  border: `2px solid ${position === index ? "var(--mantine-primary-color-filled)" : "transparent"}`,
                }}
              >
                <img
                  src={item.smallUrl ?? item.url}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  style={{ display: "block", width: "100%", height: "100%", objectFit: "cover" }}
                />
              </UnstyledButton>
            ))}
          </Group>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0, fontVariantNumeric: "tabular-nums" }}>
            {t("VIEWER.COUNTER", { current, total })}
          </Text>
        </Group>
      )}
    </Box>
  );
}
