import type { SessionUser } from "@palco/shared";
import type { RoleOption } from "@palco/shared/resources/roles";
import type { SavedView, SavedViewInput } from "@palco/shared/resources/views";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AUDIT_LOG_KEY } from "@/kit/audit-keys.ts";
import { api } from "@/lib/api.ts";
import { useSession } from "@/lib/session.ts";
import { sessionCan } from "@/lib/use-can.ts";

/** Every view the member may open (GET /api/views): one query for the sidebar and every list page. */
export const VIEWS_KEY = "views";

export const savedViewsQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: [VIEWS_KEY, userId],
    queryFn: ({ signal }) => api<SavedView[]>("/api/views", { signal }),
    staleTime: 60_000,
  });

/** Who is asked for the views (any member with a full session): the hook and the frame's prefetch share this. */
export const asksSavedViews = (user: SessionUser | undefined) => sessionCan(user, null);

export function useSavedViews() {
  const user = useSession()?.user;
  const query = useQuery({ ...savedViewsQuery(user?.id), enabled: asksSavedViews(user) });
  return query.data ?? [];
}

/** The roles the member may share a view with (their own, or all for super-admins and role editors). */
export function useShareableRoles(enabled: boolean) {
  return useQuery({
    queryKey: [VIEWS_KEY, "roles"],
    queryFn: ({ signal }) => api<RoleOption[]>("/api/views/roles", { signal }),
    enabled,
    staleTime: 60_000,
  });
}

type Write = { id?: number; input: SavedViewInput };

/** Saves a new view (no id) or changes one; the views refresh everywhere (menu, list pages) afterwards. */
export function useSaveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: Write) =>
      api<SavedView>(id === undefined ? "/api/views" : `/api/views/${id}`, {
        method: id === undefined ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => refresh(client),
  });
}

export function useDeleteView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/views/${id}`, { method: "DELETE" }),
    onSuccess: () => refresh(client),
  });
}

function refresh(client: ReturnType<typeof useQueryClient>) {
  // A shared view's change is in the trail.
  return Promise.all([
    client.invalidateQueries({ queryKey: [VIEWS_KEY] }),
    client.invalidateQueries({ queryKey: [AUDIT_LOG_KEY] }),
  ]);
}
