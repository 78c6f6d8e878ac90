import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  lighten,
  luminance,
  type MantineColorsTuple,
  toRgba,
} from "@mantine/core";

/** A calm indigo ("palco") as the primary colour. */
const palco: MantineColorsTuple = [
  "#eef2ff",
  "#dde3ff",
  "#b9c4fb",
  "#93a3f7",
  "#7387f3",
  "#5e74f1",
  "#4c63e6",
  "#3d53cc",
  "#3449b7",
  "#263ba1",
];

/** WCAG 2.1 AA for normal-size text (1.4.3). */
export const TEXT_CONTRAST = 4.5;
/** WCAG 2.1 AA for boundaries of form controls (1.4.11). */
export const BOUNDARY_CONTRAST = 3;

/**
 * The darkest background ordinary text sits on: a hovered table row (gray-1). Pages are gray-0 and cards white, both
 * lighter, so a colour that reads on gray-1 reads everywhere in the light scheme.
 */
export const DARKEST_SURFACE = DEFAULT_THEME.colors.gray[1];

/**
 * The lightest background text sits on in the dark scheme: a hovered row or an input (dark-5). The page (dark-8),
 * cards (dark-7) and menus (dark-6) are darker, so a colour that reads on dark-5 reads everywhere in the dark scheme.
 */
export const LIGHTEST_DARK_SURFACE = DEFAULT_THEME.colors.dark[5];

/** Secondary text (`c="dimmed"`, descriptions, placeholders): Mantine's gray-6 (3.32:1 on white) darkened. */
export const DIMMED = "#5f666d";
/** Borders of inputs, checkboxes and switch tracks: gray-6, 3.32:1 on white instead of gray-4's 1.48:1. */
export const CONTROL_BORDER = DEFAULT_THEME.colors.gray[6];
/** The same edge in the dark scheme: dark-2 (4:1 on a card) instead of dark-4's 1.5:1. */
export const DARK_CONTROL_BORDER = DEFAULT_THEME.colors.dark[2];

/** Contrast ratio of two opaque colours (WCAG relative luminance). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color` at `opacity` over an opaque `surface`, as the browser paints it. */
export function over(color: string, opacity: number, surface: string): string {
  const top = toRgba(color);
  const bottom = toRgba(surface);
  const mix = (a: number, b: number) => Math.round(a * opacity + b * (1 - opacity));
  return `rgb(${mix(top.r, bottom.r)}, ${mix(top.g, bottom.g)}, ${mix(top.b, bottom.b)})`;
}

/**
 * The lightest shade of `shades`, from `from` on, that reaches `ratio` against `background`; when even the darkest
 * shade falls short (teal, green, yellow, orange, lime are bright at 9), shade 9 darkened in small steps until it
 * does. Keeps each colour's hue while guaranteeing the ratio.
 */
export function readableShade(shades: readonly string[], from: number, background: string, ratio = TEXT_CONTRAST) {
  for (const shade of shades.slice(from)) if (contrastRatio(shade, background) >= ratio) return shade;
  const darkest = shades[9] ?? shades.at(-1) ?? "#000000";
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const candidate = darken(darkest, amount);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return "#000000";
}

/**
 * The darkest shade of `shades`, from `from` towards 0, that reaches `ratio` against a dark `background`; when even
 * shade 0 falls short, shade 0 lightened in small steps until it does (the mirror of `readableShade`).
 */
export function readableLightShade(shades: readonly string[], from: number, background: string, ratio = TEXT_CONTRAST) {
  for (let index = from; index >= 0; index--) {
    const shade = shades[index];
    if (shade && contrastRatio(shade, background) >= ratio) return shade;
  }
  const lightest = shades[0] ?? "#ffffff";
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const candidate = lighten(lightest, amount);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return "#ffffff";
}

const LIGHT_PRIMARY_SHADE = 6;
/** Mantine's dark scheme: filled colours from shade 8, light-variant tints of shade 8 at 15 %, text from shade 4. */
const DARK_PRIMARY_SHADE = 8;
const DARK_TINT_OPACITY = 0.15;
const DARK_TEXT_SHADE = 4;
/** Mantine paints the light variant's background as the primary shade at 10 % opacity. */
const LIGHT_TINT_OPACITY = 0.1;

/**
 * Mantine's light scheme takes text colours straight from shade 6, which is too pale for text almost everywhere
 * (the "Yes" badge: teal-6 on its tint, 2.32:1). Every theme colour gets, instead:
 * - light variant text (badges, avatar initials, active nav link, light alerts and `c="<color>"` text): the first
 *   shade reaching 4.5:1 on its own tint laid over the darkest surface;
 * - filled variant: the first shade from 6 on that carries white text at 4.5:1, with the next darker one on hover;
 * - outline variant: that shade or a darker one, so its text reads at 4.5:1 on the darkest surface as well.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    "--mantine-color-dimmed": DIMMED,
    "--mantine-color-placeholder": DIMMED,
    "--mantine-color-anchor": `var(--mantine-color-${theme.primaryColor}-7)`,
    "--mantine-color-error": readableShade(theme.colors.red, LIGHT_PRIMARY_SHADE, DARKEST_SURFACE),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === "dark") continue; // near-black already: Mantine's values read fine
    const tint = over(shades[LIGHT_PRIMARY_SHADE] ?? shades[6], LIGHT_TINT_OPACITY, DARKEST_SURFACE);
    const onTint = readableShade(shades, LIGHT_PRIMARY_SHADE, tint);
    const filled = readableShade(shades, LIGHT_PRIMARY_SHADE, theme.white);
    const filledIndex = shades.indexOf(filled);
    const filledHover = filledIndex >= 0 && filledIndex < 9 ? shades[filledIndex + 1]! : darken(filled, 0.1);
    light[`--mantine-color-${name}-light-color`] = onTint;
    light[`--mantine-color-${name}-text`] = onTint;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = filledHover;
    // Outline text and border sit on the page (gray-0) or a hovered row, not on white: read on the darkest surface.
    light[`--mantine-color-${name}-outline`] = readableShade(
      shades,
      Math.max(filledIndex, LIGHT_PRIMARY_SHADE),
      DARKEST_SURFACE,
    );
  }
  const { dark: grays } = theme.colors;
  const dark: Record<string, string> = {
    "--mantine-color-dimmed": readableLightShade(grays, 2, LIGHTEST_DARK_SURFACE),
    "--mantine-color-placeholder": readableLightShade(grays, 2, LIGHTEST_DARK_SURFACE),
    "--mantine-color-anchor": readableLightShade(
      theme.colors[theme.primaryColor] ?? grays,
      DARK_TEXT_SHADE,
      LIGHTEST_DARK_SURFACE,
    ),
    "--mantine-color-error": readableLightShade(theme.colors.red, DARK_TEXT_SHADE + 2, LIGHTEST_DARK_SURFACE),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === "dark") continue;
    const tint = over(shades[DARK_PRIMARY_SHADE] ?? shades[8], DARK_TINT_OPACITY, LIGHTEST_DARK_SURFACE);
    const filled = readableShade(shades, DARK_PRIMARY_SHADE - 2, theme.white);
    const filledIndex = shades.indexOf(filled);
    dark[`--mantine-color-${name}-light-color`] = readableLightShade(shades, DARK_TEXT_SHADE, tint);
    dark[`--mantine-color-${name}-text`] = readableLightShade(shades, DARK_TEXT_SHADE, LIGHTEST_DARK_SURFACE);
    dark[`--mantine-color-${name}-filled`] = filled;
    dark[`--mantine-color-${name}-filled-hover`] =
      filledIndex >= 0 && filledIndex < 9 ? shades[filledIndex + 1]! : darken(filled, 0.1);
    dark[`--mantine-color-${name}-outline`] = readableLightShade(shades, DARK_TEXT_SHADE, LIGHTEST_DARK_SURFACE);
  }
  return {
    variables: {},
    light: {
      ...light,
      "--palco-control-border": CONTROL_BORDER,
      "--palco-page-bg": theme.colors.gray[0],
      "--palco-bubble-bg": theme.colors.gray[1],
      "--palco-spinner-track": theme.colors.gray[3],
    },
    dark: {
      ...dark,
      "--palco-control-border": DARK_CONTROL_BORDER,
      "--palco-page-bg": grays[8],
      "--palco-bubble-bg": grays[5],
      "--palco-spinner-track": grays[4],
    },
  };
};

export const theme = createTheme({
  primaryColor: "palco",
  primaryShade: { light: LIGHT_PRIMARY_SHADE, dark: DARK_PRIMARY_SHADE },
  colors: { palco },
  defaultRadius: "md",
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "650" },
  cursorType: "pointer",
  // Modals, menus and drawers appear without their fade and slide for people whose system asks for less motion
  // (WCAG 2.3.3); Mantine animates regardless unless told.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: "md" } },
    TextInput: { defaultProps: { radius: "md" } },
    PasswordInput: { defaultProps: { radius: "md" } },
    Select: { defaultProps: { radius: "md" } },
    // Every Select's and MultiSelect's option list floats with the same shadow as the menus.
    Combobox: { defaultProps: { shadow: "md" } },
    Card: { defaultProps: { shadow: "none" } },
  },
});
