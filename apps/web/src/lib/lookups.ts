import type { CategoryOption, CityOption, CountryOption, RoleOption, StateOption, VenueOption } from "@palco/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

/**
 * Lookup lists shared by several features (form selects and list filters). Their keys sit under the
 * resource's own key (`["countries", "all"]`), so any countries mutation that invalidates `["countries"]`
 * refreshes them too.
 */
export const countryOptionsQuery = queryOptions({
  queryKey: ["countries", "all"] as const,
  queryFn: ({ signal }) => api<CountryOption[]>("/api/countries/all", { signal }),
  staleTime: 5 * 60_000,
});

export const stateOptionsQuery = queryOptions({
  queryKey: ["states", "all"] as const,
  queryFn: ({ signal }) => api<StateOption[]>("/api/states/all", { signal }),
  staleTime: 5 * 60_000,
});

/** GET /roles/all: every role, for the user list filter and the user form's role switches. */
export const roleOptionsQuery = queryOptions({
  queryKey: ["roles", "all"] as const,
  queryFn: ({ signal }) => api<RoleOption[]>("/api/roles/all", { signal }),
  staleTime: 5 * 60_000,
});

/** GET /cities/all: the venue form's city select and the venue, event and box list filters. */
export const cityOptionsQuery = queryOptions({
  queryKey: ["cities", "all"] as const,
  queryFn: ({ signal }) => api<CityOption[]>("/api/cities/all", { signal }),
  staleTime: 5 * 60_000,
});

/** GET /venues/all: the event form's venue select and the event list's venue filter. */
export const venueOptionsQuery = queryOptions({
  queryKey: ["venues", "all"] as const,
  queryFn: ({ signal }) => api<VenueOption[]>("/api/venues/all", { signal }),
  staleTime: 60_000,
});

/** GET /categories/all, in display order; under ["categories"] so every category change refreshes it. */
export const categoryOptionsQuery = queryOptions({
  queryKey: ["categories", "all"] as const,
  queryFn: ({ signal }) => api<CategoryOption[]>("/api/categories/all", { signal }),
  staleTime: 60_000,
});

export const useCountryOptions = () => useQuery(countryOptionsQuery);
export const useStateOptions = () => useQuery(stateOptionsQuery);

/** Options for a Mantine Select, plus the state of the call that feeds them. */
export type OptionsState = {
  data:
    | { value: string; label: string; disabled?: boolean }[]
    | { group: string; items: { value: string; label: string }[] }[];
  isLoading: boolean;
  isError: boolean;
};

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

export function useCountrySelectOptions(): OptionsState {
  const countries = useCountryOptions();
  return {
    data: (countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name })).sort(byLabel),
    isLoading: countries.isPending,
    isError: countries.isError,
  };
}

/**
 * States as options: only those of `countryId` when given, otherwise grouped by country name
 * (state names repeat across countries).
 */
export function useStateSelectOptions(countryId?: string): OptionsState {
  const states = useStateOptions();
  const countries = useCountryOptions();
  const isLoading = states.isPending || countries.isPending;
  const isError = states.isError || countries.isError;
  const list = states.data ?? [];
  if (countryId) {
    return {
      data: list
        .filter((state) => String(state.countryId) === countryId)
        .map((state) => ({ value: String(state.id), label: state.name }))
        .sort(byLabel),
      isLoading,
      isError,
    };
  }
  const names = new Map((countries.data ?? []).map((country) => [country.id, country.name]));
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const state of list) {
    const group = names.get(state.countryId) ?? "—";
    const items = groups.get(group) ?? [];
    items.push({ value: String(state.id), label: state.name });
    groups.set(group, items);
  }
  return {
    data: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, items]) => ({ group, items: items.sort(byLabel) })),
    isLoading,
    isError,
  };
}

export function useRoleSelectOptions(): OptionsState {
  const roles = useQuery(roleOptionsQuery);
  return {
    data: (roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name })).sort(byLabel),
    isLoading: roles.isPending,
    isError: roles.isError,
  };
}

/** Cities as options, grouped by state name (city names repeat across states: two San Pedro). */
export function useCitySelectOptions(): OptionsState {
  const cities = useQuery(cityOptionsQuery);
  const states = useStateOptions();
  const names = new Map((states.data ?? []).map((state) => [state.id, state.name]));
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const city of cities.data ?? []) {
    const group = names.get(city.stateId) ?? "—";
    const items = groups.get(group) ?? [];
    items.push({ value: String(city.id), label: city.name });
    groups.set(group, items);
  }
  return {
    data: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, items]) => ({ group, items: items.sort(byLabel) })),
    isLoading: cities.isPending || states.isPending,
    isError: cities.isError || states.isError,
  };
}

/** A list's city filter, narrowed to the chosen state (events, boxes). */
export function useCityFilterOptions(values: Record<string, string>): OptionsState {
  const cities = useQuery(cityOptionsQuery);
  return {
    data: (cities.data ?? [])
      .filter((city) => !values.state || String(city.stateId) === values.state)
      .map((city) => ({ value: String(city.id), label: city.name }))
      .sort(byLabel),
    isLoading: cities.isPending,
    isError: cities.isError,
  };
}

/** A list's venue filter, narrowed to the chosen city (or state). */
export function useVenueFilterOptions(values: Record<string, string>): OptionsState {
  const venues = useQuery(venueOptionsQuery);
  const cities = useQuery(cityOptionsQuery);
  const inState = new Set(
    (cities.data ?? []).filter((city) => String(city.stateId) === values.state).map((city) => city.id),
  );
  return {
    data: (venues.data ?? [])
      .filter((venue) =>
        values.city ? String(venue.cityId) === values.city : !values.state || inState.has(venue.cityId),
      )
      .map((venue) => ({ value: String(venue.id), label: venue.name }))
      .sort(byLabel),
    isLoading: venues.isPending || cities.isPending,
    isError: venues.isError || cities.isError,
  };
}
