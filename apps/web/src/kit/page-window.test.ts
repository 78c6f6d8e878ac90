import { describe, expect, it } from "vitest";
import { pagerLinks, pageWindow } from "./page-window.ts";

describe("pageWindow", () => {
  it("shows every page when there are five or fewer", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("centres the current page and never shows more than five links", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it("clamps out-of-range pages and handles empty lists", () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(0, 7)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe("pagerLinks", () => {
  const exact = { totalKind: "exact" as const };

  it("links numbered pages by number and walks previous/next by cursor", () => {
    const links = pagerLinks({ ...exact, page: 3, pageCount: 10, next: "n3", previous: "p3" });
    expect(links.pages.map((link) => link.target)).toEqual([
      { page: 1 },
      { page: 2 },
      { page: 3 },
      { page: 4 },
      { page: 5 },
    ]);
    expect(links.next).toEqual({ page: 4, after: "n3" });
    expect(links.previous).toEqual({ page: 2, before: "p3" });
    expect(links.first).toEqual({ page: 1 });
    expect(links.last).toEqual({ page: 10 });
  });

  it("goes back to page 1 as the plain first page and has no previous or first there", () => {
    expect(pagerLinks({ ...exact, page: 2, pageCount: 3, next: "n", previous: "p" }).previous).toEqual({ page: 1 });
    const first = pagerLinks({ ...exact, page: 1, pageCount: 3, next: "n", previous: null });
    expect(first.previous).toBeNull();
    expect(first.first).toBeNull();
    const last = pagerLinks({ ...exact, page: 3, pageCount: 3, next: null, previous: "p" });
    expect(last.next).toBeNull();
    expect(last.last).toBeNull();
  });

  it("reaches numbered pages past the offset limit through the neighbouring cursors", () => {
    const links = pagerLinks({ totalKind: "estimated", page: 101, pageCount: 5000, next: "n", previous: "p" }, 100);
    expect(links.pages.map((link) => link.target)).toEqual([
      { page: 99 },
      { page: 100 },
      { page: 101 },
      { page: 102, after: "n" },
      { page: 103, after: "n" },
    ]);
    // The last page of an estimated total is unknown.
    expect(links.last).toBeNull();
    const deep = pagerLinks({ totalKind: "capped", page: 250, pageCount: 84, next: "n", previous: "p" }, 100);
    expect(deep.pages.map((link) => link.page)).toEqual([247, 248, 249, 250, 251]);
    expect(deep.pages[0]!.target).toEqual({ page: 247, before: "p" });
    expect(deep.previous).toEqual({ page: 249, before: "p" });
    const end = pagerLinks({ totalKind: "capped", page: 250, pageCount: 84, next: null, previous: "p" }, 100);
    expect(end.pages.map((link) => link.page)).toEqual([246, 247, 248, 249, 250]);
    expect(end.next).toBeNull();
  });

  it("keeps five links for a capped total and offers the page after it while more rows follow", () => {
    const links = pagerLinks({ totalKind: "capped", page: 84, pageCount: 84, next: "n", previous: "p" }, 100);
    expect(links.pages.map((link) => link.page)).toEqual([81, 82, 83, 84, 85]);
    expect(links.pages.at(-1)!.target).toEqual({ page: 85 });
    expect(links.last).toBeNull();
  });
});
