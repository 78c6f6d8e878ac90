import type { SavedView } from "@palco/shared/resources/views";
import { describe, expect, it } from "vitest";
import { currentView, viewPath, viewQueryOf } from "./view-query.ts";

const view = (id: number, query: Record<string, string>, mine = true): SavedView => ({
  id,
  resource: "owners",
  name: `View ${id}`,
  query,
  roleIds: [],
  roles: [],
  owner: mine ? { id: 1, name: "Me" } : null,
  mine,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

describe("saved views and the list's address", () => {
  it("keep filters, search and sort, not the page, the cursors or the view", () => {
    expect(
      viewQueryOf(
        new URLSearchParams("status=waiting&search=ana&sort=-createdAt&page=3&after=x&before=y&view=4&city="),
      ),
    ).toEqual({ status: "waiting", search: "ana", sort: "-createdAt" });
  });

  it("open on their list with their query and their id", () => {
    expect(viewPath(view(7, { status: "waiting", search: "García López" }))).toBe(
      "/owners?status=waiting&search=Garc%C3%ADa+L%C3%B3pez&view=7",
    );
  });

  it("are recognised by ?view= (changed when the filters moved) or by an exact query", () => {
    const views = [
      view(1, { status: "waiting" }, false),
      view(2, { status: "waiting" }),
      view(3, { status: "accepted" }),
    ];
    expect(currentView(views, "owners", new URLSearchParams("status=accepted&view=3"))).toMatchObject({
      view: { id: 3 },
      changed: false,
    });
    expect(currentView(views, "owners", new URLSearchParams("status=returned&view=3"))).toMatchObject({
      view: { id: 3 },
      changed: true,
    });
    // The member's own first among equal queries; page does not matter.
    expect(currentView(views, "owners", new URLSearchParams("status=waiting&page=2"))?.view.id).toBe(2);
    expect(currentView(views, "owners", new URLSearchParams("status=pending"))).toBeNull();
    expect(currentView(views, "owners", new URLSearchParams(""))).toBeNull();
    expect(currentView(views, "boxes", new URLSearchParams("status=waiting"))).toBeNull();
  });
});
