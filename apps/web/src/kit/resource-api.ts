import type { Paged } from "@palco/shared";
import { api, type QueryValue } from "@/lib/api.ts";
import { toPaged } from "./paged.ts";
import type { Entity } from "./resource.ts";
import { ifMatch, rememberVersion } from "./versions.ts";

export type ListParams = Record<string, QueryValue>;

/** A call answering one record, remembered with its ETag (its version for the next write's If-Match). */
export async function versioned<T>(path: string, options: Parameters<typeof api>[1]): Promise<T> {
  let etag: string | null = null;
  const record = await api<T>(path, {
    ...options,
    onHeaders: (headers) => {
      etag = headers.get("ETag");
    },
  });
  return rememberVersion(record, etag);
}

/**
 * The calls of a REST resource under `/api/{name}` (spec: GET list, GET/PUT/DELETE by id, POST, PUT
 * activate/deactivate) with their query keys. `related` names resources whose cached data shows this one
 * (a state's list shows its country name), so they are invalidated after a change. `L` is the list item
 * when the list answers a lighter shape than the detail. Bodies are JSON, or multipart when given a FormData.
 */
export function createResourceApi<T extends Entity, L extends Entity = T>(
  name: string,
  options: { related?: string[] } = {},
) {
  const base = `/api/${name}`;
  return {
    name,
    related: options.related ?? [],
    keys: {
      root: [name] as const,
      lists: [name, "list"] as const,
      list: (params: ListParams) => [name, "list", params] as const,
      detail: (id: number) => [name, "detail", id] as const,
    },
    list: async (params: ListParams, signal?: AbortSignal) =>
      toPaged(await api<Paged<L> | L[]>(base, { query: params, signal })),
    get: (id: number, signal?: AbortSignal) => versioned<T>(`${base}/${id}`, { signal }),
    create: (input: unknown) => versioned<T>(base, { method: "POST", body: input }),
    /** `version`: the ETag of the record the user edited; the API answers 409 if it changed since. */
    update: (id: number, input: unknown, version?: string) =>
      versioned<T>(`${base}/${id}`, { method: "PUT", body: input, headers: ifMatch(version) }),
    remove: (id: number, version?: string) =>
      api<void>(`${base}/${id}`, { method: "DELETE", headers: ifMatch(version) }),
    setActive: (id: number, active: boolean, version?: string) =>
      versioned<T | undefined>(`${base}/${id}/${active ? "activate" : "deactivate"}`, {
        method: "PUT",
        headers: ifMatch(version),
      }),
  };
}

export type ResourceApi<T extends Entity, L extends Entity = T> = ReturnType<typeof createResourceApi<T, L>>;
