import { PAGINATION_LINKS } from "@palco/shared/constants";

/** The page numbers to link: at most `size` consecutive pages, centred on `page` where possible. */
export function pageWindow(page: number, pageCount: number, size: number = PAGINATION_LINKS): number[] {
  if (pageCount < 1) return [];
  const current = Math.min(Math.max(page, 1), pageCount);
  const length = Math.min(size, pageCount);
  const start = Math.min(Math.max(current - Math.floor(size / 2), 1), pageCount - length + 1);
  return Array.from({ length }, (_, index) => start + index);
}
