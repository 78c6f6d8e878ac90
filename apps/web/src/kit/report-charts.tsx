import { ColorSwatch, Group, getThemeColor, Paper, Stack, Text, useMantineTheme } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { Group as SvgGroup } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Pie } from "@visx/shape";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The dashboard's bars and pies, drawn as plain SVG with visx (d3's scales and shapes as React components). A chart
 * renders once, in a few milliseconds: Recharts, which Mantine Charts wraps, mounted each chart through a store of
 * its own in a cascade of synchronous renders, 0.3–0.45 s of a phone's main thread per chart (docs/decisions.md,
 * "Charts without a chart store"). The numbers themselves are in the card's screen-reader table and its CSV; the
 * tooltip is for the eye, by pointer or by the arrow keys.
 */

export type BarSeries = { name: string; label: string; color: string };

type BarsProps = {
  data: Record<string, string | number>[];
  series: BarSeries[];
  height: number;
  /** The series add up to a whole: one bar per bucket, the series stacked in order from the axis up. */
  stacked?: boolean;
  /** The tooltip's numbers: amounts as "$1,234.50", counts as they are. */
  valueFormatter?: (value: number) => string;
  /** The vertical axis' numbers ("$18.5K"); whole numbers as they are by default. */
  axisFormatter?: (value: number) => string;
  /** The chart's name for the keyboard (the card's title). */
  label: string;
};

const MARGIN = { top: 8, right: 8, bottom: 28, left: 72 };
const MAX_BAR_WIDTH = 48;
const LEGEND_HEIGHT = 28;
/** The axis' font is 12 px: a label's width is estimated from its characters (no measuring in the page). */
const CHARACTER_WIDTH = 7;
const LABEL_GAP = 8;

const plain = (value: number) => String(value);
const TOOLTIP_STYLE = { position: "absolute", top: 8, pointerEvents: "none", zIndex: 1, whiteSpace: "nowrap" } as const;
const numberOf = (value: string | number | undefined) => (typeof value === "number" ? value : Number(value ?? 0));

/** A series' or a slice's colour and name, as the legends and tooltips show it; `children` follow the name. */
function ColorKey({
  color,
  label,
  swatch = 12,
  component,
  children,
}: {
  color: string;
  label: string;
  swatch?: number;
  component?: "li";
  children?: ReactNode;
}) {
  const theme = useMantineTheme();
  return (
    <Group component={component} gap={6} wrap="nowrap">
      <ColorSwatch color={getThemeColor(color, theme)} size={swatch} withShadow={false} />
      <Text size="sm">{label}</Text>
      {children}
    </Group>
  );
}

/** Bars per bucket (`data[].name`), one colour per series, stacked when the series add up to a whole. */
export function ReportBars({ data, series, height, stacked, valueFormatter = plain, axisFormatter, label }: BarsProps) {
  const theme = useMantineTheme();
  const { ref, width } = useElementSize();
  const [active, setActive] = useState<number | null>(null);
  const withLegend = series.length > 1;
  const plotHeight = height - (withLegend ? LEGEND_HEIGHT : 0);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = Math.max(0, plotHeight - MARGIN.top - MARGIN.bottom);

  const names = data.map((row) => String(row.name));
  const valuesOf = (row: Record<string, string | number>) => series.map((each) => numberOf(row[each.name]));
  const highest = Math.max(
    0,
    ...data.map((row) => (stacked ? valuesOf(row).reduce((sum, value) => sum + value, 0) : Math.max(...valuesOf(row)))),
  );
  const x = scaleBand({ domain: names, range: [0, innerWidth], paddingInner: 0.2, paddingOuter: 0.1 });
  const y = scaleLinear({ domain: [0, highest || 1], range: [innerHeight, 0], nice: true });
  // Whole numbers only: a count has no half sign-up, and the amounts' axis reads better on round steps.
  const yTicks = y.ticks(5).filter((value) => Number.isInteger(value));
  // Every bucket's name where they fit, else every second, third… (the first one always shown).
  const widest = Math.max(0, ...names.map((name) => name.length)) * CHARACTER_WIDTH + LABEL_GAP;
  const every = Math.max(1, Math.ceil(widest / Math.max(1, x.step())));
  const xTicks = names.filter((_, index) => index % every === 0);
  const band = x.bandwidth();
  const barWidth = Math.min(band, MAX_BAR_WIDTH * (stacked ? 1 : series.length));
  const slot = stacked ? barWidth : barWidth / series.length;
  /** Where a bucket's whole column starts: its band and half the padding on each side. */
  const columnLeft = (name: string) => (x(name) ?? 0) - (x.step() - band) / 2;

  function onKeyDown(event: KeyboardEvent) {
    const last = data.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, (active ?? -1) + 1),
      ArrowLeft: Math.max(0, (active ?? last + 1) - 1),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    setActive(next);
  }

  const axisText = { fill: "var(--mantine-color-dimmed)", fontSize: 12, fontFamily: "inherit" } as const;
  const activeRow = active === null ? undefined : data[active];
  const activeLeft = active === null ? 0 : MARGIN.left + (x(names[active] ?? "") ?? 0) + band / 2;

  return (
    <div ref={ref} style={{ height }}>
      {/* Operable by keyboard as Recharts' charts were: the arrows move between buckets, the tooltip says their numbers. */}
      <div
        role="application"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: role="application" is the chart's own keyboard widget (the arrows).
        tabIndex={0}
        className="mantine-focus-auto"
        style={{ position: "relative", height: plotHeight, borderRadius: "var(--mantine-radius-sm)" }}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        // A finger leaves as it lifts: its tooltip stays until another bucket is tapped or the chart loses focus.
        onPointerLeave={(event) => event.pointerType !== "touch" && setActive(null)}
      >
        {width > 0 && (
          <svg width={width} height={plotHeight} aria-hidden="true" focusable="false">
            <SvgGroup left={MARGIN.left} top={MARGIN.top}>
              <GridRows
                scale={y}
                width={innerWidth}
                tickValues={yTicks}
                stroke="var(--mantine-color-default-border)"
                strokeDasharray="5 5"
              />
              {active !== null && (
                <rect
                  x={columnLeft(names[active] ?? "")}
                  width={x.step()}
                  height={innerHeight}
                  fill="var(--mantine-color-default-hover)"
                />
              )}
              {data.map((row, index) => {
                const name = names[index] ?? "";
                const left = (x(name) ?? 0) + (band - barWidth) / 2;
                let base = 0;
                return (
                  <g key={name} data-chart-bucket="" onPointerEnter={() => setActive(index)}>
                    {/* The bucket's whole column answers the pointer, not only its bars. */}
                    <rect x={columnLeft(name)} width={x.step()} height={innerHeight} fill="transparent" />
                    {series.map((each, seriesIndex) => {
                      const value = numberOf(row[each.name]);
                      const top = y(base + value);
                      const bottom = y(base);
                      if (stacked) base += value;
                      // A bucket without this series draws nothing (no empty shape to find in the page).
                      if (value <= 0) return null;
                      return (
                        <rect
                          key={each.name}
                          data-chart-bar=""
                          x={stacked ? left : left + seriesIndex * slot}
                          y={top}
                          width={Math.max(0, slot)}
                          height={Math.max(0, bottom - top)}
                          fill={getThemeColor(each.color, theme)}
                        />
                      );
                    })}
                  </g>
                );
              })}
              <AxisLeft
                scale={y}
                tickValues={yTicks}
                tickFormat={(value) => (axisFormatter ?? plain)(Number(value))}
                hideAxisLine
                hideTicks
                tickLabelProps={{ ...axisText, textAnchor: "end", dx: -4, dy: 4 }}
              />
              <AxisBottom
                scale={x}
                top={innerHeight}
                tickValues={xTicks}
                stroke="var(--mantine-color-default-border)"
                tickStroke="var(--mantine-color-default-border)"
                tickLabelProps={{ ...axisText, textAnchor: "middle" }}
              />
            </SvgGroup>
          </svg>
        )}
        {activeRow && (
          <Paper
            data-chart-tooltip=""
            aria-live="polite"
            shadow="md"
            withBorder
            p="xs"
            style={{
              ...TOOLTIP_STYLE,
              left: activeLeft,
              transform: activeLeft > width / 2 ? "translateX(calc(-100% - 12px))" : "translateX(12px)",
            }}
          >
            <Text size="sm" fw={600} mb={4}>
              {String(activeRow.name)}
            </Text>
            {series.map((each) => (
              <Group key={each.name} gap={8} wrap="nowrap" justify="space-between">
                <ColorKey color={each.color} label={each.label} swatch={10} />
                <Text size="sm" fw={500} style={{ fontVariantNumeric: "tabular-nums" }}>
                  {valueFormatter(numberOf(activeRow[each.name]))}
                </Text>
              </Group>
            ))}
          </Paper>
        )}
      </div>
      {withLegend && (
        <Group component="ul" justify="center" gap="md" h={LEGEND_HEIGHT} m={0} p={0} style={{ listStyle: "none" }}>
          {series.map((each) => (
            <ColorKey key={each.name} component="li" color={each.color} label={each.label} />
          ))}
        </Group>
      )}
    </div>
  );
}

/**
 * Spec 02 §2: the pies' colours cycle through a fixed palette, slice by slice in the order the API answers (which
 * never changes for a report). Each has at least 3:1 contrast on white (WCAG non-text contrast).
 */
export const PIE_PALETTE = ["blue.7", "teal.8", "orange.8", "grape.7", "red.8", "cyan.9", "indigo.5", "lime.9"];

export type PieDatum = { name: string; value: number };

/** A pie with its legend beside it: each slice's colour, name, count and share. */
export function ReportPie({ data, height }: { data: PieDatum[]; height: number }) {
  const { i18n } = useTranslation();
  const theme = useMantineTheme();
  const [hovered, setHovered] = useState<string | null>(null);
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  const percent = new Intl.NumberFormat(i18n.language === "es" ? "es-MX" : "en-US", {
    style: "percent",
    maximumFractionDigits: 1,
  });
  const slices = data.map((slice, index) => ({ ...slice, color: PIE_PALETTE[index % PIE_PALETTE.length] as string }));
  const size = Math.min(height - 16, 200);
  const shown = slices.find((slice) => slice.name === hovered);
  return (
    // Side by side where there is room; on a phone the legend goes under the pie, names in full.
    <Group mih={height} wrap="wrap" gap="lg" align="center">
      <div
        style={{ position: "relative", width: size, height: size, flexShrink: 0 }}
        onPointerLeave={(event) => event.pointerType !== "touch" && setHovered(null)}
      >
        <svg width={size} height={size} aria-hidden="true" focusable="false">
          <SvgGroup top={size / 2} left={size / 2}>
            {/* In the API's order (d3 would sort the slices by size). */}
            <Pie
              data={slices.filter((slice) => slice.value > 0)}
              pieValue={(slice) => slice.value}
              pieSort={null}
              pieSortValues={null}
              outerRadius={size / 2 - 1}
            >
              {(pie) =>
                pie.arcs.map((arc) => (
                  <path
                    key={arc.data.name}
                    data-chart-slice=""
                    d={pie.path(arc) ?? ""}
                    fill={getThemeColor(arc.data.color, theme)}
                    stroke="var(--mantine-color-body)"
                    strokeWidth={1}
                    onPointerEnter={() => setHovered(arc.data.name)}
                  />
                ))
              }
            </Pie>
          </SvgGroup>
        </svg>
        {shown && (
          <Paper data-chart-tooltip="" shadow="md" withBorder p="xs" style={{ ...TOOLTIP_STYLE, left: size / 2 }}>
            <ColorKey color={shown.color} label={shown.name} swatch={10}>
              <Text size="sm" fw={500}>
                {shown.value}
              </Text>
            </ColorKey>
          </Paper>
        )}
      </div>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: "none", minWidth: 0 }}>
        {slices.map((slice) => (
          <ColorKey key={slice.name} component="li" color={slice.color} label={slice.name}>
            <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {slice.value} · {percent.format(total > 0 ? slice.value / total : 0)}
            </Text>
          </ColorKey>
        ))}
      </Stack>
    </Group>
  );
}
