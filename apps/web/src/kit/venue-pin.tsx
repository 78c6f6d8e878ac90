import { Box, Text } from "@mantine/core";
import { IconMapPinFilled } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  /** The venue's picture (a signed URL, used as it is), or null when it has none. */
  src: string | null;
  /** The picture's size in px when known: the frame takes its shape before it loads, so nothing jumps. */
  width?: number | null;
  height?: number | null;
  /** Where the pin's tip goes, in % of the picture from the left and from the top. */
  x: number;
  y: number;
  /** The picture's alt text. */
  label: string;
};

// Tabler's pin (24 × 24 viewBox) drawn 34 px high is about 25 × 29 px of ink; its tip is at (12, 22.5) of the box.
const PIN_SIZE = 34;
const TIP_X = (12 / 24) * PIN_SIZE;
const TIP_Y = (22.5 / 24) * PIN_SIZE;

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/** The venue's picture with a pin where the box is; the position is also written out under it. */
export function VenuePin({ src, width, height, x, y, label }: Props) {
  const { t } = useTranslation();
  // Without a known size the picture's own shape, once loaded, replaces the 16:9 guess, so the pin stays on target.
  const [natural, setNatural] = useState<{ src: string; ratio: number } | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src) {
    return (
      <Text size="sm" c="dimmed">
        {t("VIEWER.NO_VENUE_PICTURE")}
      </Text>
    );
  }

  const ratio = width && height ? width / height : natural?.src === src ? natural.ratio : 16 / 9;
  const left = clampPercent(x);
  const top = clampPercent(y);

  return (
    <Box component="figure" m={0} w="100%" maw={720}>
      <Box
        pos="relative"
        style={{
          aspectRatio: String(ratio),
          border: "1px solid var(--mantine-color-default-border)",
          borderRadius: "var(--mantine-radius-md)",
          background: "var(--mantine-color-default-hover)",
          // No overflow clipping: a pin at the very top or edge must still show whole.
        }}
      >
        {failedSrc === src ? (
          <Text size="sm" c="dimmed" ta="center" p="md">
            {t("VIEWER.PICTURE_ERROR")}
          </Text>
        ) : (
          <>
            <img
              src={src}
              alt={label}
              onLoad={(event) => {
                const { naturalWidth, naturalHeight } = event.currentTarget;
                if (naturalWidth && naturalHeight) setNatural({ src, ratio: naturalWidth / naturalHeight });
              }}
              onError={() => setFailedSrc(src)}
              style={{ display: "block", width: "100%", height: "100%", objectFit: "contain", borderRadius: "inherit" }}
            />
            {/* Red with a white rim and a soft shadow, so it reads on light and dark pictures alike. */}
            <IconMapPinFilled
              size={PIN_SIZE}
              color="var(--mantine-color-red-7)"
              aria-hidden
              style={{
                position: "absolute",
                left: `calc(${left}% - ${TIP_X}px)`,
                top: `calc(${top}% - ${TIP_Y}px)`,
                pointerEvents: "none",
                stroke: "var(--mantine-color-white)",
                strokeWidth: 2,
                paintOrder: "stroke",
                filter: "drop-shadow(0 1px 2px rgb(0 0 0 / 0.5))",
              }}
            />
          </>
        )}
      </Box>
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {t("VIEWER.PIN_POSITION", { x: Math.round(left), y: Math.round(top) })}
      </Text>
    </Box>
  );
}
