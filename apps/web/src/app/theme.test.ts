import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import {
  BOUNDARY_CONTRAST,
  CONTROL_BORDER,
  contrastRatio,
  cssVariablesResolver,
  DARK_CONTROL_BORDER,
  DARKEST_SURFACE,
  LIGHTEST_DARK_SURFACE,
  over,
  TEXT_CONTRAST,
  theme,
} from "./theme.ts";

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const { light, dark } = cssVariablesResolver(merged) as {
  light: Record<string, string | undefined>;
  dark: Record<string, string | undefined>;
};
const WHITE = merged.white;
const PAGE = merged.colors.gray[0];

/** A variable's value, following `var(--mantine-color-<name>-<shade>)` to the palette. */
function resolve(name: string, scheme: Record<string, string | undefined> = light): string {
  const value = scheme[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  const reference = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  return reference ? merged.colors[reference[1]!]![Number(reference[2])]! : value;
}

const themeColors = Object.keys(merged.colors).filter((name) => name !== "dark");

describe("the light scheme meets WCAG 2.1 AA contrast", () => {
  it.each(themeColors)("%s: light-variant text on its tint, over the darkest surface", (name) => {
    const tint = over(merged.colors[name]![6], 0.1, DARKEST_SURFACE);
    expect(contrastRatio(resolve(`--mantine-color-${name}-light-color`), tint)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(resolve(`--mantine-color-${name}-text`), DARKEST_SURFACE)).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
  });

  it.each(themeColors)("%s: white text on the filled variant and outline text on white and on the page", (name) => {
    expect(contrastRatio(resolve(`--mantine-color-${name}-filled`), WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(resolve(`--mantine-color-${name}-filled-hover`), WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(resolve(`--mantine-color-${name}-outline`), WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // An outline button in a page header sits on the gray page, not on a white card.
    expect(contrastRatio(resolve(`--mantine-color-${name}-outline`), DARKEST_SURFACE)).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
  });

  it("keeps the calm indigo: the primary filled colour stays palco-6 and the active nav item uses palco-7", () => {
    expect(resolve("--mantine-color-palco-filled")).toBe("#4c63e6");
    expect(resolve("--mantine-color-palco-light-color")).toBe("#3d53cc");
  });

  it.each([
    ["--mantine-color-dimmed", DARKEST_SURFACE],
    ["--mantine-color-placeholder", WHITE],
    ["--mantine-color-error", DARKEST_SURFACE],
    ["--mantine-color-anchor", DARKEST_SURFACE],
  ])("%s reads on %s", (name, background) => {
    expect(contrastRatio(resolve(name), background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it("gives form controls an edge of at least 3:1 on white and on the page", () => {
    expect(contrastRatio(CONTROL_BORDER, WHITE)).toBeGreaterThanOrEqual(BOUNDARY_CONTRAST);
    expect(contrastRatio(CONTROL_BORDER, PAGE)).toBeGreaterThanOrEqual(BOUNDARY_CONTRAST);
  });

  it("measures the failures axe reported before the fix the same way axe did", () => {
    // Mantine's defaults: teal-6 on its tint (the "Yes" badge) and gray-6 (dimmed) on white.
    expect(contrastRatio("#12b886", over("#12b886", 0.1, WHITE)).toFixed(2)).toBe("2.32");
    expect(contrastRatio("#868e96", WHITE).toFixed(2)).toBe("3.32");
  });
});

describe("the dark scheme meets WCAG 2.1 AA contrast", () => {
  const grays = merged.colors.dark;
  // Page, cards, menus and a hovered row or input: text sits on every one of them.
  const surfaces = [grays[8], grays[7], grays[6], LIGHTEST_DARK_SURFACE];

  it.each(themeColors)(
    "%s: light-variant text on its tint, text and outline on every surface, white on filled",
    (name) => {
      const tint = over(merged.colors[name]![8], 0.15, LIGHTEST_DARK_SURFACE);
      expect(contrastRatio(resolve(`--mantine-color-${name}-light-color`, dark), tint)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
      for (const surface of surfaces) {
        expect(contrastRatio(resolve(`--mantine-color-${name}-text`, dark), surface)).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
        expect(contrastRatio(resolve(`--mantine-color-${name}-outline`, dark), surface)).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
      }
      expect(contrastRatio(resolve(`--mantine-color-${name}-filled`, dark), WHITE)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
      expect(contrastRatio(resolve(`--mantine-color-${name}-filled-hover`, dark), WHITE)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    },
  );

  it.each(["--mantine-color-dimmed", "--mantine-color-placeholder", "--mantine-color-error", "--mantine-color-anchor"])(
    "%s reads on every dark surface",
    (name) => {
      for (const surface of surfaces) {
        expect(contrastRatio(resolve(name, dark), surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    },
  );

  it("gives form controls an edge of at least 3:1 on the page and on cards", () => {
    expect(dark["--palco-control-border"]).toBe(DARK_CONTROL_BORDER);
    for (const surface of [grays[8], grays[7]]) {
      expect(contrastRatio(DARK_CONTROL_BORDER, surface)).toBeGreaterThanOrEqual(BOUNDARY_CONTRAST);
    }
  });

  it("measures Mantine's own dark dimmed text as axe would: dark-2 on a card falls short", () => {
    expect(contrastRatio(grays[2], grays[7])).toBeLessThan(TEXT_CONTRAST);
  });
});
