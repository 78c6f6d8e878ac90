import { LIST_RESOURCES, type ListResource } from "@palco/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db.ts";
import { rolePermissions } from "../../platform/schema.ts";
import { savedViewRoles, savedViews } from "./schema.ts";

/**
 * The views the system ships (owned by nobody), each the query string its list understands: `status=waiting` is
 * the review inbox, `sort` the list's sort key (`createdAt` ascending: longest waiting first); bookings accepted,
 * their guest's payment captured and their owner not paid yet (`ownerPaymentStatus=pending`: no reference
 * recorded); the events of the current week on each venue's clock (`period=this-week`, worked out when the list is
 * asked for). Names are in Spanish like the rest of the demo data (the marketplace's language).
 */
export const SYSTEM_VIEWS: readonly { resource: ListResource; name: string; query: Record<string, string> }[] = [
  {
    resource: "owners",
    name: "Propietarios por revisar (más antiguos primero)",
    query: { status: "waiting", sort: "createdAt" },
  },
  {
    resource: "boxes",
    name: "Palcos por revisar (más antiguos primero)",
    query: { status: "waiting", sort: "createdAt" },
  },
  {
    resource: "bookings",
    name: "Reservas por pagar al propietario",
    query: { status: "accepted", paymentStatus: "capture", ownerPaymentStatus: "pending" },
  },
  { resource: "events", name: "Eventos de esta semana", query: { period: "this-week" } },
];

/**
 * System views an earlier release shipped, stood in for by one of SYSTEM_VIEWS (`by`, its name) since: before the
 * lists had the owner payment and period filters.
 */
export const REPLACED_SYSTEM_VIEWS: readonly {
  resource: ListResource;
  name: string;
  query: Record<string, string>;
  by: string;
}[] = [
  {
    resource: "bookings",
    name: "Reservas aceptadas y cobradas",
    query: { status: "accepted", paymentStatus: "capture" },
    by: "Reservas por pagar al propietario",
  },
  { resource: "events", name: "Próximos eventos", query: { sort: "startsAt" }, by: "Eventos de esta semana" },
];

const sameQuery = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

/**
 * Brings the system views of an earlier release up to date, on every start (idempotent): a replaced view still as
 * shipped becomes its successor in place (same id and roles, so links and sharing survive) unless the successor is
 * already there, in which case it goes; one a super-admin changed the filters of stays theirs, and its successor is
 * added beside it, shared with the same roles. A replaced view deleted stays deleted: its successor is not added.
 */
export async function upgradeSystemViews(db: Db): Promise<void> {
  for (const old of REPLACED_SYSTEM_VIEWS) {
    const successor = SYSTEM_VIEWS.find((view) => view.resource === old.resource && view.name === old.by)!;
    await db.transaction(async (tx) => {
      // The lock the views routes take for a system view of this list (name uniqueness), so neither another
      // instance starting nor a super-admin saving can interleave.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved_views:0:${old.resource}`}))`);
      const system = (name: string) =>
        tx
          .select({ id: savedViews.id, query: savedViews.query })
          .from(savedViews)
          .where(and(isNull(savedViews.userId), eq(savedViews.resource, old.resource), eq(savedViews.name, name)))
          .orderBy(savedViews.id);
      const replaced = await system(old.name);
      if (replaced.length === 0) return;
      const hasSuccessor = (await system(successor.name)).length > 0;
      for (const view of replaced) {
        if (!sameQuery(view.query, old.query)) continue;
        if (hasSuccessor) {
          await tx.delete(savedViews).where(eq(savedViews.id, view.id));
        } else {
          await tx
            .update(savedViews)
            .set({ name: successor.name, query: successor.query, updatedAt: new Date() })
            .where(eq(savedViews.id, view.id));
          return;
        }
      }
      if (hasSuccessor) return;
      const roleIds = await tx
        .select({ roleId: savedViewRoles.roleId })
        .from(savedViewRoles)
        .where(eq(savedViewRoles.viewId, replaced[0]!.id));
      const [created] = await tx
        .insert(savedViews)
        .values({ userId: null, resource: successor.resource, name: successor.name, query: successor.query })
        .returning({ id: savedViews.id });
      if (roleIds.length > 0) {
        await tx.insert(savedViewRoles).values(roleIds.map(({ roleId }) => ({ viewId: created!.id, roleId })));
      }
    });
  }
}

/**
 * Adds the system views missing (by list and name), each shared with every role that may read its list at that
 * moment: the demo's roles, or none on a bare first start (super-admins see every system view). Run on first
 * start only, so a system view a super-admin deleted stays deleted.
 */
export async function seedSystemViews(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const view of SYSTEM_VIEWS) {
      const [existing] = await tx
        .select({ id: savedViews.id })
        .from(savedViews)
        .where(and(isNull(savedViews.userId), eq(savedViews.resource, view.resource), eq(savedViews.name, view.name)))
        .limit(1);
      if (existing) continue;
      const [created] = await tx
        .insert(savedViews)
        .values({ userId: null, resource: view.resource, name: view.name, query: view.query })
        .returning({ id: savedViews.id });
      const readers = await tx
        .select({ roleId: rolePermissions.roleId })
        .from(rolePermissions)
        .where(eq(rolePermissions.permissionCode, LIST_RESOURCES[view.resource]));
      if (readers.length > 0) {
        await tx
          .insert(savedViewRoles)
          .values(readers.map(({ roleId }) => ({ viewId: created!.id, roleId })))
          .onConflictDoNothing();
      }
    }
  });
}
