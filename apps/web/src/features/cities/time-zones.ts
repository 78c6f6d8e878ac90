import type { OptionsState } from "@/lib/lookups.ts";

let cached: OptionsState | null = null;

/** IANA time zones known to the browser, plus UTC, as select options (static: never loading, never failing). */
export function useTimeZoneOptions(): OptionsState {
  if (!cached) {
    const zones = new Set<string>(["UTC"]);
    for (const zone of Intl.supportedValuesOf("timeZone")) zones.add(zone);
    cached = {
      data: [...zones].sort((a, b) => a.localeCompare(b)).map((zone) => ({ value: zone, label: zone })),
      isLoading: false,
      isError: false,
    };
  }
  return cached;
}
