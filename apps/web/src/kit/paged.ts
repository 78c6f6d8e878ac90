import type { Paged } from "@palco/shared";

/** A list answer as the kit shows it: paged lists pass through; an unpaged list (a plain array) is one page. */
export function toPaged<L>(answer: Paged<L> | L[]): Paged<L> {
  if (!Array.isArray(answer)) return answer;
  return {
    items: answer,
    page: 1,
    pageSize: answer.length,
    pageCount: answer.length > 0 ? 1 : 0,
    total: answer.length,
    totalKind: "exact",
    next: null,
    previous: null,
  };
}
