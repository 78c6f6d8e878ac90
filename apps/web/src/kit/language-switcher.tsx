import { Box, SegmentedControl, useMantineTheme } from "@mantine/core";
import { LANGUAGES } from "@palco/shared/constants";
import { type CSSProperties, useId } from "react";
import { useTranslation } from "react-i18next";
import { changeLanguage, currentLanguage } from "@/lib/i18n.ts";

const classes = SegmentedControl.classes;

/** What `<SegmentedControl size="xs" radius="md">` sets on its root. */
const SIZE_XS_RADIUS_MD = {
  "--sc-radius": "var(--mantine-radius-md)",
  "--sc-padding": "var(--sc-padding-xs)",
  "--sc-font-size": "var(--mantine-font-size-xs)",
  "--sc-shadow": "var(--mantine-shadow-xs)",
} as CSSProperties;

/**
 * English/Spanish switch; the choice is kept in localStorage (`palco.language`) and sets <html lang>.
 *
 * Mantine's SegmentedControl as markup and styles, without its sliding indicator: the indicator measures the
 * chosen option as soon as it mounts, which made the browser style and lay out the whole page in the middle of the
 * app's first render (the header is on every page), and re-rendered the control twice after it. Unmeasured, the
 * stylesheet paints the chosen option's background on the option itself; the choice moves without the slide.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const name = useId();
  const current = currentLanguage();
  return (
    <Box className={classes.root} role="radiogroup" aria-label={t("TOP_BAR.LANGUAGE")} style={SIZE_XS_RADIUS_MD}>
      {LANGUAGES.map((language) => {
        const active = language === current;
        const id = `${name}-${language}`;
        return (
          <Box key={language} className={classes.control} mod={{ active }}>
            <input
              className={classes.input}
              type="radio"
              name={name}
              value={language}
              id={id}
              checked={active}
              onChange={() => void changeLanguage(language)}
              data-focus-ring={theme.focusRing}
            />
            <Box component="label" className={classes.label} htmlFor={id} mod={{ active }}>
              <span className={classes.innerLabel}>{t(`LANGUAGES.${language}`)}</span>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
