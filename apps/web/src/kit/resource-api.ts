import type { Paged } from "@palco/shared";
import { api, type QueryValue } from "@/lib/api.ts";
import { toPaged } from "./paged.ts";
import type { Entity } from "./resource.ts";

export type ListParams = Record<string, QueryValue>;

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
    get: (id: number, signal?: AbortSignal) => api<T>(`${base}/${id}`, { signal }),
    create: (input: unknown) => api<T>(base, { method: "POST", body: input }),
    update: (id: number, input: unknown) => api<T>(`${base}/${id}`, { method: "PUT", body: input }),
    remove: (id: number) => api<void>(`${base}/${id}`, { method: "DELETE" }),
    setActive: (id: number, active: boolean) =>
      api<T | undefined>(`${base}/${id}/${active ? "activate" : "deactivate"}`, { method: "PUT" }),
  };
}

export type ResourceApi<T extends Entity, L extends Entity = T> = ReturnType<typeof createResourceApi<T, L>>;
