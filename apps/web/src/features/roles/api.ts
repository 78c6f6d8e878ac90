import type { PermissionListResponse, Role, RoleListItem } from "@palco/shared";
import { PERMISSION_GROUPS, type PermissionGroup } from "@palco/shared/permissions";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ChoiceGroup, ChoicesState } from "@/kit/resource.ts";
import { createResourceApi } from "@/kit/resource-api.ts";
import { api } from "@/lib/api.ts";
import { currentLanguage } from "@/lib/i18n.ts";

/** GET/POST /api/roles (search), GET/PUT/DELETE /api/roles/{id}. A user's list row shows role names. */
export const rolesApi = createResourceApi<Role, RoleListItem>("roles", { related: ["users"] });

/** GET /permissions: the catalogue, described in the request's language (so the language is part of the key). */
export function usePermissionCatalogue() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? currentLanguage();
  return useQuery({
    queryKey: ["permissions", language],
    queryFn: ({ signal }) => api<PermissionListResponse>("/api/permissions", { signal }),
    staleTime: 10 * 60_000,
    select: (answer) => answer.data,
  });
}

const GROUP_ORDER = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];

/**
 * The catalogue as switch groups, in PERMISSION_GROUPS order, titled in the current language; each switch is
 * labelled with the description and shows the code small. `extra` adds held codes the catalogue lacks.
 */
export function usePermissionChoices(extra: Role["permissions"] = []): ChoicesState {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === "es" ? "es" : "en";
  const catalogue = usePermissionCatalogue();
  const items = [...(catalogue.data ?? [])];
  for (const held of extra) if (!items.some((item) => item.code === held.code)) items.push(held);
  const groups: ChoiceGroup[] = GROUP_ORDER.map((group) => ({
    key: group,
    label: PERMISSION_GROUPS[group][language],
    items: items
      .filter((item) => item.group === group)
      .map((item) => ({ value: item.code, label: item.description, description: item.code })),
  })).filter((group) => group.items.length > 0);
  return { groups, isLoading: catalogue.isPending, isError: catalogue.isError };
}
