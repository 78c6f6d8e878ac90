import { queryClient } from "@/lib/query-client.ts";
import { listRequest } from "./list-params.ts";
import type { Entity, Resource } from "./resource.ts";
import { detailQuery, listQuery } from "./resource-queries.ts";

/**
 * A page's data requested as soon as its declaration is known, alongside the page's own code (router.tsx), rather
 * than once every chunk of the page has arrived and it has rendered. The page then finds the answer in the query
 * cache, or its request under way. A failure is left to the page, which asks again and shows it as it always does.
 */

// biome-ignore lint/suspicious/noExplicitAny: only the list's declaration and its API are read
export function prefetchList(resource: Resource<any, any, Entity>, searchParams: URLSearchParams) {
  void queryClient.prefetchQuery(listQuery(resource.api, listRequest(resource.list, searchParams).params));
}

// biome-ignore lint/suspicious/noExplicitAny: only the API is read
export function prefetchRecord(resource: Resource<Entity, any, any>, id: number) {
  void queryClient.prefetchQuery(detailQuery(resource.api, id));
}
