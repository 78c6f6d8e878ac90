import { TIME_ZONES } from "@palco/shared";
import type { OptionsState } from "@/lib/lookups.ts";

let cached: OptionsState | null = null;

/**
 * The zones a city may have (`TIME_ZONES`: those the database and Intl both know, the list the API checks), as
 * select options: static, never loading, never failing. The browser's own list would offer zones the database
 * refuses and miss aliases it accepts.
 */
export function useTimeZoneOptions(): OptionsState {
  cached ??= {
    data: [...TIME_ZONES].sort((a, b) => a.localeCompare(b)).map((zone) => ({ value: zone, label: zone })),
    isLoading: false,
    isError: false,
  };
  return cached;
}
