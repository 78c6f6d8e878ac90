import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AUDIT_LOG_KEY } from "./audit-keys.ts";
import type { Entity } from "./resource.ts";
import type { ListParams, ResourceApi } from "./resource-api.ts";

export const listQuery = <T extends Entity, L extends Entity>(api: ResourceApi<T, L>, params: ListParams) =>
  queryOptions({
    queryKey: api.keys.list(params),
    queryFn: ({ signal }) => api.list(params, signal),
    // The previous page stays on screen while the next loads, but only within one resource: the list page is the
    // same component from /countries to /states, and a country row drawn with the states' columns would crash.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === api.keys.root[0] ? keepPreviousData(previous) : undefined,
  });

export const detailQuery = <T extends Entity, L extends Entity>(api: ResourceApi<T, L>, id: number) =>
  queryOptions({
    queryKey: api.keys.detail(id),
    queryFn: ({ signal }) => api.get(id, signal),
    // The record on screen must stay the object that was parsed: its version (versions.ts) is kept beside it.
    structuralSharing: false,
  });

export function useResourceList<T extends Entity, L extends Entity>(api: ResourceApi<T, L>, params: ListParams) {
  return useQuery(listQuery(api, params));
}

export function useResourceDetail<T extends Entity, L extends Entity>(api: ResourceApi<T, L>, id: number | null) {
  return useQuery({ ...detailQuery(api, id ?? 0), enabled: id !== null });
}

/** Marks this resource's lists and lookups, and every related resource, as stale. */
function useInvalidate<T extends Entity, L extends Entity>(api: ResourceApi<T, L>) {
  const client = useQueryClient();
  return (exceptDetail?: number) =>
    Promise.all([
      client.invalidateQueries({
        queryKey: api.keys.root,
        predicate: (query) => exceptDetail === undefined || query.queryKey[2] !== exceptDetail,
      }),
      ...api.related.map((name) => client.invalidateQueries({ queryKey: [name] })),
      // Every change writes an audit entry: the trail and the records' histories are stale too.
      client.invalidateQueries({ queryKey: [AUDIT_LOG_KEY] }),
    ]);
}

export function useCreateRecord<T extends Entity, L extends Entity>(api: ResourceApi<T, L>) {
  const invalidate = useInvalidate(api);
  return useMutation({
    mutationFn: (input: unknown) => api.create(input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateRecord<T extends Entity, L extends Entity>(api: ResourceApi<T, L>, id: number) {
  const client = useQueryClient();
  const invalidate = useInvalidate(api);
  return useMutation({
    mutationFn: ({ input, version }: { input: unknown; version?: string | undefined }) =>
      api.update(id, input, version),
    onSuccess: (record) => {
      if (record && typeof record === "object") client.setQueryData(api.keys.detail(id), record);
      return invalidate(id);
    },
  });
}

export function useDeleteRecord<T extends Entity, L extends Entity>(api: ResourceApi<T, L>, id: number) {
  const client = useQueryClient();
  const invalidate = useInvalidate(api);
  return useMutation({
    mutationFn: (version?: string) => api.remove(id, version),
    onSuccess: () => {
      client.removeQueries({ queryKey: api.keys.detail(id), exact: true });
      return invalidate(id);
    },
  });
}

/** Block/unblock: the cached flag changes only once the server has accepted the change. */
export function useSetActive<T extends Entity, L extends Entity>(api: ResourceApi<T, L>, id: number) {
  const client = useQueryClient();
  const invalidate = useInvalidate(api);
  return useMutation({
    mutationFn: ({ active, version }: { active: boolean; version?: string | undefined }) =>
      api.setActive(id, active, version),
    onSuccess: (record, { active }) => {
      client.setQueryData<T>(api.keys.detail(id), (previous) =>
        record && typeof record === "object" ? record : previous && { ...previous, isActive: active },
      );
      return invalidate(id);
    },
  });
}
