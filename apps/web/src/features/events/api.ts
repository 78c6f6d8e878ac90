import type { Event } from "@palco/shared";
import { useQuery } from "@tanstack/react-query";
import type { OptionsState } from "@/kit/resource.ts";
import { createResourceApi } from "@/kit/resource-api.ts";
import { categoryOptionsQuery, stateOptionsQuery, venueOptionsQuery } from "@/lib/lookups.ts";

export { useCityFilterOptions, useVenueFilterOptions } from "@/lib/lookups.ts";

/**
 * GET/POST /api/events (filters: search, startsAt, state, city, venue; POST and PUT multipart: name, duration,
 * venue, startsAt as "YYYY-MM-DD HH:mm:ss", picture, categories[] repeated), GET/PUT/DELETE /api/events/{id},
 * PUT …/activate|deactivate. A venue's detail lists its events.
 */
export const eventsApi = createResourceApi<Event>("events", { related: ["venues"] });

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

/** The state filter: every state, by name. */
export function useStateFilterOptions(): OptionsState {
  const states = useQuery(stateOptionsQuery);
  return {
    data: (states.data ?? []).map((state) => ({ value: String(state.id), label: state.name })).sort(byLabel),
    isLoading: states.isPending,
    isError: states.isError,
  };
}

/**
 * The form's venue select. Blocked venues are listed but cannot be chosen (the API refuses them), so an event at a
 * venue blocked since still shows where it is.
 */
export function useVenueSelectOptions(): OptionsState {
  const venues = useQuery(venueOptionsQuery);
  return {
    data: (venues.data ?? [])
      .map((venue) => ({ value: String(venue.id), label: venue.name, disabled: !venue.isActive }))
      .sort(byLabel),
    isLoading: venues.isPending,
    isError: venues.isError,
  };
}

/** The IANA zone of the chosen venue's city (the form's venue value, an id as text): the clock of the start. */
export function useVenueTimeZone(venueId: unknown): string | undefined {
  const venues = useQuery(venueOptionsQuery);
  return venues.data?.find((venue) => String(venue.id) === String(venueId ?? ""))?.timeZone;
}

/** The categories multi-select, in display order. */
export function useCategoryChoices(): OptionsState {
  const categories = useQuery(categoryOptionsQuery);
  return {
    data: (categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name })),
    isLoading: categories.isPending,
    isError: categories.isError,
  };
}
