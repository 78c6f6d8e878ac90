import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import {
  BOUNDARY_CONTRAST,
  CONTROL_BORDER,
  contrastRatio,
  cssVariablesResolver,
  DARKEST_SURFACE,
  over,
  TEXT_CONTRAST,
  theme,
} from "./theme.ts";

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light: Record<string, string | undefined> = cssVariablesResolver(merged).light;
const WHITE = merged.white;
const PAGE = merged.colors.gray[0];

/** A variable's value, following `var(--mantine-color-<name>-<shade>)` to the palette. */
function resolve(name: string): string {
  const value = light[name];
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
