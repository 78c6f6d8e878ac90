import type { Category } from "@palco/shared";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { FormMode, OptionsState } from "@/kit/resource.ts";
import { createResourceApi } from "@/kit/resource-api.ts";
import { categoryOptionsQuery } from "@/lib/lookups.ts";

/**
 * GET/POST /api/categories (POST and PUT multipart: name, order, picture), GET/PUT/DELETE /api/categories/{id},
 * PUT …/activate|deactivate. Moving one category moves others, so every change refreshes the whole list.
 */
export const categoriesApi = createResourceApi<Category>("categories");

/**
 * The order select (spec 02 §2): the existing orders, plus one more than the last on create (1 when there are
 * none). The server moves the others to make room.
 */
export function useCategoryOrderOptions({ mode }: { mode: FormMode }): OptionsState {
  const { t } = useTranslation();
  const all = useQuery(categoryOptionsQuery);
  const orders = [...new Set((all.data ?? []).map((row) => row.order))].sort((a, b) => a - b);
  const options = orders.map((order) => ({ value: String(order), label: String(order) }));
  if (mode === "create" && !all.isPending) {
    const next = (orders.at(-1) ?? 0) + 1;
    options.push({ value: String(next), label: t("CATEGORIES.NEW_LAST", { order: next }) });
  }
  return { data: options, isLoading: all.isPending, isError: all.isError };
}
