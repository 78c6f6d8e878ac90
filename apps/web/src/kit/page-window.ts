import { PAGINATION_LINKS } from "@palco/shared/constants";
import { OFFSET_PAGE_LIMIT, type TotalKind } from "@palco/shared/resources/paging";

/** The page numbers to link: at most `size` consecutive pages, centred on `page` where possible. */
export function pageWindow(page: number, pageCount: number, size: number = PAGINATION_LINKS): number[] {
  if (pageCount < 1) return [];
  const current = Math.min(Math.max(page, 1), pageCount);
  const length = Math.min(size, pageCount);
  const start = Math.min(Math.max(current - Math.floor(size / 2), 1), pageCount - length + 1);
  return Array.from({ length }, (_, index) => start + index);
}

/** Where a pager link leads: a page number, and the cursor it is reached through past the offset limit. */
export interface PageTarget {
  page: number;
  after?: string;
  before?: string;
}

export interface PagerInput {
  page: number;
  pageCount: number;
  totalKind: TotalKind;
  /** Cursors of the neighbouring pages, as the list answered them (null at either end). */
  next: string | null;
  previous: string | null;
}

export interface PagerLinks {
  first: PageTarget | null;
  previous: PageTarget | null;
  next: PageTarget | null;
  /** Only when the total is exact and the last page opens by number. */
  last: PageTarget | null;
  /** The numbered links; a page that cannot be reached from here has no target. */
  pages: { page: number; target: PageTarget | null }[];
}

/**
 * The pager of a list answer. Previous and next walk by cursor (a deep page costs what page 1 costs); numbered
 * pages up to `offsetLimit` are plain page numbers (short, shareable links); past it a numbered page is reached
 * from a neighbouring cursor. A total that is not exact only promises the pages up to pageCount, and the next one.
 */
export function pagerLinks(
  input: PagerInput,
  offsetLimit: number = OFFSET_PAGE_LIMIT,
  size: number = PAGINATION_LINKS,
): PagerLinks {
  const { page, next, previous } = input;
  const known =
    input.totalKind === "exact" ? input.pageCount : Math.max(input.pageCount, next !== null ? page + 1 : page);
  const numbered = (number: number): PageTarget | null => {
    if (number <= offsetLimit || number === page) return { page: number };
    if (number > page) return next !== null ? { page: number, after: next } : null;
    return previous !== null ? { page: number, before: previous } : null;
  };
  return {
    first: page > 1 ? { page: 1 } : null,
    // Page 1 is always the plain first page, so its link reads the same however it was reached.
    previous:
      page > 2 && previous !== null ? { page: page - 1, before: previous } : page > 1 ? numbered(page - 1) : null,
    next: next !== null ? { page: page + 1, after: next } : null,
    last:
      input.totalKind === "exact" && input.pageCount > page && input.pageCount <= offsetLimit
        ? { page: input.pageCount }
        : null,
    pages: pageWindow(page, Math.max(known, page), size).map((number) => ({ page: number, target: numbered(number) })),
  };
}
