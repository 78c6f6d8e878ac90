import {
  errorBody,
  idParams,
  LIST_RESOURCE_NAMES,
  LIST_RESOURCES,
  type ListResource,
  type SavedView,
  type SessionUser,
  savedView,
  savedViewInput,
  savedViewList,
  savedViewListQuery,
  shareableRoles,
} from "@palco/shared";
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuditPolicy, assertCurrentVersion, recordChange, recordCreate } from "../../platform/audit.ts";
import type { Db } from "../../platform/db.ts";
import { forbidden, notFound, unprocessable } from "../../platform/errors.ts";
import { isAllowed } from "../../platform/guard.ts";
import { roles, users } from "../../platform/schema.ts";
import { savedViewRoles, savedViews } from "./schema.ts";

/**
 * Saved list views (docs/decisions.md, "Saved views"). Every route is open to any signed-in member (`permission:
 * null`) because what a member may do depends on the view's list: they see and save views only of the lists they
 * may read (the list's INDEX permission), and change only their own (super-admins: any, system views included).
 * A view they cannot see answers 404, one they see but may not change 403: neither carries any of the view.
 */

const tags = ["Saved views"];
const errors = { "4xx": errorBody };

/** What the trail records of a shared view: who it is for and what it opens, not the asker's `mine`. */
const AUDIT_POLICY: AuditPolicy = { ignore: ["mine", "roleIds", "owner"] };

/** May share with any role: whoever may change roles anyway (and super-admins); others only with roles they hold. */
const mayShareWithAnyRole = (user: SessionUser) => isAllowed(user, "ROLES_EDIT");

const readableResources = (user: SessionUser): ListResource[] =>
  LIST_RESOURCE_NAMES.filter((resource) => isAllowed(user, LIST_RESOURCES[resource]));

/**
 * The views a member sees: of the lists they may read, their own and those shared with one of their roles, and for
 * super-admins every system view too (they look after them). Other members' private views stay private, even to
 * super-admins: the menu would otherwise fill with everybody's.
 */
function visibleTo(user: SessionUser): SQL | undefined {
  const readable = readableResources(user);
  if (readable.length === 0) return sql`false`;
  const roleIds = user.roles.map((role) => role.id);
  return and(
    inArray(savedViews.resource, readable),
    or(
      eq(savedViews.userId, user.id),
      roleIds.length > 0
        ? sql`exists (select 1 from ${savedViewRoles} where ${savedViewRoles.viewId} = ${savedViews.id}
            and ${inArray(savedViewRoles.roleId, roleIds)})`
        : undefined,
      user.isSuperAdmin ? isNull(savedViews.userId) : undefined,
    ),
  );
}

type ViewRow = typeof savedViews.$inferSelect & { ownerFirstName: string | null; ownerLastName: string | null };

/** The views matching `where` as the API answers them to `user`, by resource then name. */
async function loadViews(db: Db, user: SessionUser, where: SQL | undefined, lock = false): Promise<SavedView[]> {
  const query = db
    .select({
      id: savedViews.id,
      userId: savedViews.userId,
      resource: savedViews.resource,
      name: savedViews.name,
      query: savedViews.query,
      createdAt: savedViews.createdAt,
      updatedAt: savedViews.updatedAt,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
    })
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.userId))
    .where(where)
    .orderBy(asc(savedViews.resource), asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  const rows: ViewRow[] = lock ? await query.for("update", { of: savedViews }) : await query;
  if (rows.length === 0) return [];
  const shares = await db
    .select({ viewId: savedViewRoles.viewId, id: roles.id, name: roles.name })
    .from(savedViewRoles)
    .innerJoin(roles, eq(roles.id, savedViewRoles.roleId))
    .where(
      inArray(
        savedViewRoles.viewId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(roles.name), asc(roles.id));
  return rows.map((row) => {
    const viewRoles = shares.filter((share) => share.viewId === row.id).map(({ id, name }) => ({ id, name }));
    return {
      id: row.id,
      resource: row.resource as ListResource,
      name: row.name,
      query: row.query,
      roleIds: viewRoles.map((role) => role.id),
      roles: viewRoles,
      owner: row.userId === null ? null : { id: row.userId, name: `${row.ownerFirstName} ${row.ownerLastName}`.trim() },
      mine: row.userId === user.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** A view worth an audit entry: one others see (shared with a role) or the system's. */
const isShared = (view: SavedView | undefined) =>
  view !== undefined && (view.roleIds.length > 0 || view.owner === null);

type Input = z.output<typeof savedViewInput>;

/**
 * The rules of a body beyond its shape: the list must be one the member reads (403 otherwise, as the list itself
 * would answer), the roles must exist and be the member's to share with (roles already on the view stay allowed),
 * and the name must be new among the owner's views of that list.
 */
async function checkInput(
  tx: Db,
  user: SessionUser,
  input: Input,
  target: { ownerId: number | null; viewId?: number; keptRoleIds?: number[] },
) {
  if (!isAllowed(user, LIST_RESOURCES[input.resource])) throw forbidden();
  const messages: Record<string, string> = {};
  if (input.roleIds.length > 0) {
    const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, input.roleIds));
    if (found.length !== input.roleIds.length) messages.roleIds = "VIEWS.VALIDATION.ROLE_UNKNOWN";
    else if (!mayShareWithAnyRole(user)) {
      const held = new Set([...user.roles.map((role) => role.id), ...(target.keptRoleIds ?? [])]);
      if (input.roleIds.some((id) => !held.has(id))) messages.roleIds = "VIEWS.VALIDATION.ROLE_NOT_ALLOWED";
    }
  }
  // One writer at a time per owner and list, so two saves of the same name cannot both pass the check below.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`saved_views:${target.ownerId ?? 0}:${input.resource}`}))`,
  );
  const [taken] = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        target.ownerId === null ? isNull(savedViews.userId) : eq(savedViews.userId, target.ownerId),
        eq(savedViews.resource, input.resource),
        sql`lower(${savedViews.name}) = lower(${input.name})`,
        target.viewId === undefined ? undefined : sql`${savedViews.id} <> ${target.viewId}`,
      ),
    )
    .limit(1);
  if (taken) messages.name = "VIEWS.VALIDATION.NAME_TAKEN";
  if (Object.keys(messages).length > 0) throw unprocessable(messages);
}

async function replaceRoles(tx: Db, viewId: number, roleIds: number[]) {
  await tx.delete(savedViewRoles).where(eq(savedViewRoles.viewId, viewId));
  if (roleIds.length > 0) await tx.insert(savedViewRoles).values(roleIds.map((roleId) => ({ viewId, roleId })));
}

/**
 * The view a write addresses, locked: 404 when the member cannot see it (super-admins reach any), 403 when they
 * see it but it is not theirs to change (a view shared with them, or a system view for anyone but a super-admin).
 */
async function viewToChange(tx: Db, request: FastifyRequest, id: number): Promise<SavedView> {
  const user = request.sessionUser!;
  const where = user.isSuperAdmin ? eq(savedViews.id, id) : and(eq(savedViews.id, id), visibleTo(user));
  const [view] = await loadViews(tx, user, where, true);
  if (!view) throw notFound();
  if (!view.mine && !user.isSuperAdmin) throw forbidden();
  return view;
}

export async function viewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/views",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "The saved views you may open",
        description:
          "Your own views and those shared with one of your roles (super-admins: every system view too), of the " +
          "lists you may read (their INDEX permission); `resource` keeps one list's. By list, then name.",
        querystring: savedViewListQuery,
        response: { 200: savedViewList, ...errors },
      },
    },
    async (request) => {
      const user = request.sessionUser!;
      const { resource } = request.query;
      return loadViews(app.db, user, and(visibleTo(user), resource ? eq(savedViews.resource, resource) : undefined));
    },
  );

  r.get(
    "/api/views/roles",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "The roles you may share a view with",
        description: "Every role for super-admins and holders of ROLES_EDIT; otherwise the roles you hold.",
        response: { 200: shareableRoles, ...errors },
      },
    },
    async (request) => {
      const user = request.sessionUser!;
      if (mayShareWithAnyRole(user)) {
        return app.db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name), asc(roles.id));
      }
      return [...user.roles].map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
  );

  r.post(
    "/api/views",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "Save a view of a list",
        description:
          "The list must be one you may read. `query` is the list's query string (strings only; page and cursors " +
          "are dropped); `roleIds` shares it (empty: private): with roles you hold, or any role with ROLES_EDIT.",
        body: savedViewInput,
        response: { 201: savedView, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.sessionUser!;
      const input = request.body;
      const view = await app.db.transaction(async (tx) => {
        await checkInput(tx, user, input, { ownerId: user.id });
        const [created] = await tx
          .insert(savedViews)
          .values({ userId: user.id, resource: input.resource, name: input.name, query: input.query })
          .returning({ id: savedViews.id });
        const id = created!.id;
        await replaceRoles(tx, id, input.roleIds);
        const [view] = await loadViews(tx, user, eq(savedViews.id, id));
        if (isShared(view)) {
          await recordCreate(tx, request, { resource: "views", recordId: id, created: view, policy: AUDIT_POLICY });
        }
        return view!;
      });
      return reply.code(201).send(view);
    },
  );

  r.put(
    "/api/views/:id",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "Change a saved view (its owner, or a super-admin)",
        description: "The same body and rules as saving one. A view shared with you but not yours answers 403.",
        params: idParams,
        body: savedViewInput,
        response: { 200: savedView, ...errors },
      },
    },
    async (request) => {
      const user = request.sessionUser!;
      const { id } = request.params;
      const input = request.body;
      return app.db.transaction(async (tx) => {
        const before = await viewToChange(tx, request, id);
        await assertCurrentVersion(tx, request, { resource: "views", recordId: id, current: before });
        const ownerId = before.owner?.id ?? null;
        await checkInput(tx, user, input, { ownerId, viewId: id, keptRoleIds: before.roleIds });
        await tx
          .update(savedViews)
          .set({ resource: input.resource, name: input.name, query: input.query, updatedAt: new Date() })
          .where(eq(savedViews.id, id));
        await replaceRoles(tx, id, input.roleIds);
        const [after] = await loadViews(tx, user, eq(savedViews.id, id));
        if (isShared(before) || isShared(after)) {
          await recordChange(tx, request, {
            action: "update",
            resource: "views",
            recordId: id,
            before,
            after,
            policy: AUDIT_POLICY,
          });
        }
        return after!;
      });
    },
  );

  r.delete(
    "/api/views/:id",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "Delete a saved view (its owner, or a super-admin)",
        params: idParams,
        response: { 204: z.undefined().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const before = await viewToChange(tx, request, id);
        await assertCurrentVersion(tx, request, { resource: "views", recordId: id, current: before });
        await tx.delete(savedViews).where(eq(savedViews.id, id));
        if (isShared(before)) {
          await recordChange(tx, request, {
            action: "delete",
            resource: "views",
            recordId: id,
            before,
            after: null,
            policy: AUDIT_POLICY,
          });
        }
      });
      return reply.code(204).send();
    },
  );
}
