import type { Paged } from "@palco/shared";
import type { AuditEntry, AuditEntryDetail } from "@palco/shared/resources/audit";
import type { AuditActorOption } from "@palco/shared/resources/audit-log";
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from "@palco/shared/resources/audit-values";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { AUDIT_LOG_KEY } from "@/kit/audit-keys.ts";
import { createResourceApi } from "@/kit/resource-api.ts";
import { api } from "@/lib/api.ts";
import type { OptionsState } from "@/lib/lookups.ts";

/** GET /api/audit-log (filters: resource, recordId, actor, action, from, to), GET /api/audit-log/{id}. */
export const auditLogApi = createResourceApi<AuditEntryDetail>(AUDIT_LOG_KEY);

export function useAuditResourceOptions(): OptionsState {
  const { t } = useTranslation();
  return {
    data: AUDIT_RESOURCES.map((name) => ({ value: name, label: t(`AUDIT.RESOURCES.${name}`) })),
    isLoading: false,
    isError: false,
  };
}

export function useAuditActionOptions(): OptionsState {
  const { t } = useTranslation();
  return {
    data: AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`AUDIT.ACTIONS.${action}`) })),
    isLoading: false,
    isError: false,
  };
}

/** Labels of the staff the actor lookup has named so far: the chosen one stays named while others are searched. */
const actorLabels = new Map<string, string>();
const actorLabel = (actor: { name: string | null; email: string | null }) =>
  `${actor.name ?? ""} (${actor.email ?? "—"})`;

/**
 * Staff to filter by, from the trail's own lookup (it needs AUDIT_LOG_INDEX only, not USERS_INDEX), which answers
 * at most 20 by name: the server narrows them to the typed `search`. The chosen actor is always an option; when a
 * shared link names one no lookup has shown, its name comes from its latest entry in the trail.
 */
export function useAuditActorOptions(values: Record<string, string>, search: string): OptionsState {
  const actors = useQuery({
    queryKey: [AUDIT_LOG_KEY, "actors", search],
    queryFn: async ({ signal }) => {
      const found = await api<AuditActorOption[]>("/api/audit-log/actors", { query: { search }, signal });
      for (const actor of found) actorLabels.set(String(actor.id), actorLabel(actor));
      return found;
    },
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const chosen = values.actor || "";
  const listed = (actors.data ?? []).some((actor) => String(actor.id) === chosen);
  const unnamed = chosen !== "" && !listed && !actorLabels.has(chosen) && !actors.isPending;
  const latest = useQuery({
    queryKey: [AUDIT_LOG_KEY, "actor-name", chosen],
    queryFn: async ({ signal }) => {
      const page = await api<Paged<AuditEntry>>("/api/audit-log", { query: { actor: chosen }, signal });
      const actor = page.items[0]?.actor;
      if (actor) actorLabels.set(chosen, actorLabel(actor));
      return actor ?? null;
    },
    enabled: unnamed,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const options = (actors.data ?? []).map((actor) => ({ value: String(actor.id), label: actorLabel(actor) }));
  if (chosen && !listed) {
    // Until its name is known (or when no entry names it) the id stands in, so the filter still shows it is on.
    options.unshift({ value: chosen, label: actorLabels.get(chosen) ?? `#${chosen}` });
  }
  return {
    data: options,
    isLoading: actors.isPending || (unnamed && latest.isPending),
    isError: actors.isError,
  };
}
