import {
  errorBody,
  idParams,
  type Language,
  PAGE_SIZE,
  type PermissionGroup,
  type Role,
  role,
  roleInput,
  roleListQuery,
  roleListResponse,
  roleOption,
  type SessionUser,
} from "@palco/shared";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { assertCurrentVersion, recordChange, recordCreate } from "../../platform/audit.ts";
import { registerBulkRoutes } from "../../platform/bulk.ts";
import { rowExists } from "../../platform/crud.ts";
import { type Db, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from "../../platform/db.ts";
import { conflict, languageOf, notFound, unprocessable } from "../../platform/errors.ts";
import { listIds } from "../../platform/list-ids.ts";
import { type ListSource, listPage, nameSearch } from "../../platform/list-query.ts";
import { exceedsActor, permissionsOfRole } from "../../platform/privileges.ts";
import { authSessions, permissions, rolePermissions, roles, userRoles } from "../../platform/schema.ts";
import { auditEnd, isLive } from "../security/session-records.ts";

const tags = ["Roles"];
const errors = { "4xx": errorBody };

const userCount = sql<number>`(select count(*) from ${userRoles} where ${userRoles.roleId} = ${roles.id})`.mapWith(
  Number,
);
const permissionCount =
  sql<number>`(select count(*) from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id})`.mapWith(Number);

const roleListSource: ListSource<{
  id: typeof roles.id;
  name: typeof roles.name;
  requiresMfa: typeof roles.requiresMfa;
  userCount: typeof userCount;
  permissionCount: typeof permissionCount;
}> = {
  table: roles,
  sort: [roles.name],
  fields: { id: roles.id, name: roles.name, requiresMfa: roles.requiresMfa, userCount, permissionCount },
  from: (db, fields) => db.select(fields).from(roles).$dynamic(),
};

async function findRole(db: Db, id: number, language: Language): Promise<Role | undefined> {
  const [row] = await db
    .select({
      id: roles.id,
      name: roles.name,
      requiresMfa: roles.requiresMfa,
      userCount,
      createdAt: roles.createdAt,
      updatedAt: roles.updatedAt,
    })
    .from(roles)
    .where(eq(roles.id, id))
    .limit(1);
  if (!row) return undefined;
  const granted = await db
    .select({
      code: permissions.code,
      group: permissions.group,
      descriptionEn: permissions.descriptionEn,
      descriptionEs: permissions.descriptionEs,
    })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.code, rolePermissions.permissionCode))
    .where(eq(rolePermissions.roleId, id))
    .orderBy(asc(permissions.position), asc(permissions.code));
  return {
    id: row.id,
    name: row.name,
    requiresMfa: row.requiresMfa,
    userCount: row.userCount,
    permissions: granted.map((grant) => ({
      code: grant.code,
      group: grant.group as PermissionGroup,
      description: language === "es" ? grant.descriptionEs : grant.descriptionEn,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function getRole(db: Db, id: number, language: Language): Promise<Role> {
  const found = await findRole(db, id, language);
  if (!found) throw notFound();
  return found;
}

type Actor = Pick<SessionUser, "isSuperAdmin" | "permissions">;

/**
 * The name free (case-insensitively, ignoring `excludeId`) and, unless the actor is a super-admin, only
 * permissions the actor holds; else one 422 with both problems.
 */
async function checkRole(db: Db, actor: Actor, values: { name: string; codes: string[] }, excludeId?: number) {
  const messages: Record<string, string> = {};
  const sameName = eq(sql`lower(${roles.name})`, values.name.toLowerCase());
  if (await rowExists(db, roles, excludeId === undefined ? sameName : and(sameName, ne(roles.id, excludeId))!)) {
    messages.name = "ROLES.VALIDATION.NAME_TAKEN";
  }
  if (exceedsActor(actor, values.codes)) messages.permissions = "ROLES.VALIDATION.PERMISSION_BEYOND_OWN";
  if (Object.keys(messages).length > 0) throw unprocessable(messages);
}

/** A role granting more than the actor holds is out of their reach: neither edited nor deleted. */
async function guardTargetRole(tx: Db, id: number, actor: Actor) {
  if (actor.isSuperAdmin) return;
  if (exceedsActor(actor, await permissionsOfRole(tx, id))) throw conflict("ROLES.TARGET_BEYOND_OWN");
}

function mapWriteError(error: unknown): never {
  const pgError = pgErrorOf(error);
  if (pgError?.code === PG_UNIQUE_VIOLATION && pgError.constraint === "roles_name_lower_unique") {
    throw unprocessable({ name: "ROLES.VALIDATION.NAME_TAKEN" });
  }
  // A code that left the catalogue between validation and insert.
  if (pgError?.code === PG_FOREIGN_KEY_VIOLATION) {
    throw unprocessable({ permissions: "ROLES.VALIDATION.PERMISSION_UNKNOWN" });
  }
  throw error;
}

/** The holders' live sessions that did not pass a second factor. */
function sessionsWithoutFactor(tx: Db, roleId: number) {
  return tx
    .select({ id: authSessions.id, userId: authSessions.userId })
    .from(authSessions)
    .innerJoin(userRoles, eq(userRoles.userId, authSessions.userId))
    .where(and(eq(userRoles.roleId, roleId), eq(authSessions.mfa, false), isLive));
}

async function setPermissions(tx: Db, roleId: number, codes: string[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (codes.length > 0) {
    await tx.insert(rolePermissions).values(codes.map((permissionCode) => ({ roleId, permissionCode })));
  }
}

export async function roleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.db;

  r.get(
    "/api/roles",
    {
      config: { permission: "ROLES_INDEX" },
      schema: {
        tags,
        summary: "List roles (paged, 12 per page, with meta page/perPage/total/lastPage), ordered by name",
        querystring: roleListQuery,
        response: { 200: roleListResponse, ...errors },
      },
    },
    async (request) => {
      const { condition, sort } = nameSearch(request.query.search, roles.name);
      const { rows, ...result } = await listPage(db(), roleListSource, condition, request.query, sort);
      return {
        ...result,
        items: rows,
        // lastPage is at least 1, as paginators that report it do.
        meta: { page: result.page, perPage: PAGE_SIZE, total: result.total, lastPage: Math.max(1, result.pageCount) },
      };
    },
  );

  r.get(
    "/api/roles/all",
    {
      // The role filter of the user list and the role switches of the user form need it as well.
      config: { permission: ["ROLES_INDEX", "USERS_INDEX", "USERS_CREATE", "USERS_EDIT"] },
      schema: {
        tags,
        summary: "Every role, ordered by name, for selects and filters",
        response: { 200: z.array(roleOption), ...errors },
      },
    },
    async () => db().select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name), asc(roles.id)),
  );

  r.get(
    "/api/roles/:id",
    {
      // The edit form loads the role too.
      config: { permission: ["ROLES_SHOW", "ROLES_EDIT"] },
      schema: {
        tags,
        summary: "One role with its permissions (descriptions in the request language, catalogue order)",
        params: idParams,
        response: { 200: role, ...errors },
      },
    },
    async (request) => getRole(db(), request.params.id, languageOf(request)),
  );

  r.post(
    "/api/roles",
    {
      config: { permission: "ROLES_CREATE", stepUp: true },
      schema: {
        tags,
        summary: "Create a role from a name and permission codes",
        description:
          "422 messages.name when another role has the name (case-insensitive), messages.permissions for unknown codes " +
          "or, unless the caller is a super-admin, codes the caller does not hold.",
        body: roleInput,
        response: { 201: role, ...errors },
      },
    },
    async (request, reply) => {
      const { name, permissions: codes, requiresMfa } = request.body;
      const id = await db()
        .transaction(async (tx) => {
          await checkRole(tx, request.sessionUser!, { name, codes });
          const [created] = await tx
            .insert(roles)
            .values({ name, requiresMfa: requiresMfa ?? false })
            .returning({ id: roles.id });
          await setPermissions(tx, created!.id, codes);
          const entity = await getRole(tx, created!.id, languageOf(request));
          await recordCreate(tx, request, { resource: "roles", recordId: created!.id, created: entity });
          return created!.id;
        })
        .catch(mapWriteError);
      return reply.code(201).send(await getRole(db(), id, languageOf(request)));
    },
  );

  r.put(
    "/api/roles/:id",
    {
      config: { permission: "ROLES_EDIT", stepUp: true },
      schema: {
        tags,
        summary: "Update a role: its name and its whole set of permission codes",
        description:
          "Holders of the role see the new permissions on their very next request. Turning requiresMfa on ends the " +
          "holders' sessions that did not pass a second factor (their next sign-in leads to enrolment).",
        params: idParams,
        body: roleInput,
        response: { 200: role, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, permissions: codes } = request.body;
      await app.sessions
        .change(async (tx, sessions) => {
          const [locked] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for("update");
          if (!locked) throw notFound();
          const before = await getRole(tx, id, languageOf(request));
          await assertCurrentVersion(tx, request, { resource: "roles", recordId: id, current: before });
          await guardTargetRole(tx, id, request.sessionUser!);
          await checkRole(tx, request.sessionUser!, { name, codes }, id);
          const requiresMfa = request.body.requiresMfa ?? before.requiresMfa;
          await tx.update(roles).set({ name, requiresMfa, updatedAt: new Date() }).where(eq(roles.id, id));
          await setPermissions(tx, id, codes);
          // Role edits are rare: dropping every cached session is simpler than finding the holders, and as exact.
          sessions.accessChanged("everyone");
          // A role that now requires a second factor ends its holders' sessions that passed none: their tokens and
          // open sockets stop at once, and signing in again leads them to set a factor up.
          if (requiresMfa && !before.requiresMfa) {
            for (const held of await sessionsWithoutFactor(tx, id)) {
              await sessions.end({ sessionId: held.id });
              await auditEnd(tx, request, { userId: held.userId, sessionId: held.id }, "role-requires-mfa");
            }
          }
          const after = await getRole(tx, id, languageOf(request));
          await recordChange(tx, request, { action: "update", resource: "roles", recordId: id, before, after });
        })
        .catch(mapWriteError);
      return getRole(db(), id, languageOf(request));
    },
  );

  r.delete(
    "/api/roles/:id",
    {
      // Spec 01 §6: USERS_DELETE also gates role delete (there is no ROLES_DELETE).
      config: { permission: "USERS_DELETE", stepUp: true },
      schema: {
        tags,
        summary: "Delete a role (refused while users have it)",
        params: idParams,
        response: { 204: z.undefined().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await app.sessions
        .change(async (tx, sessions) => {
          const [locked] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for("update");
          if (!locked) throw notFound();
          const before = await getRole(tx, id, languageOf(request));
          await assertCurrentVersion(tx, request, { resource: "roles", recordId: id, current: before });
          await guardTargetRole(tx, id, request.sessionUser!);
          if (await rowExists(tx, userRoles, eq(userRoles.roleId, id))) throw conflict("ROLES.IN_USE");
          await tx.delete(roles).where(eq(roles.id, id));
          await recordChange(tx, request, { action: "delete", resource: "roles", recordId: id, before, after: null });
          // Nobody holds it (checked above under the lock), but cached sessions must not keep listing it.
          sessions.accessChanged("everyone");
        })
        .catch((error: unknown) => {
          // A user given the role between the check and the delete: same answer as the check.
          if (pgErrorOf(error)?.code === PG_FOREIGN_KEY_VIOLATION) throw conflict("ROLES.IN_USE");
          throw error;
        });
      return reply.code(204).send();
    },
  );

  // Each id runs DELETE /api/roles/:id (refused while users hold it; step-up asked once for the batch).
  registerBulkRoutes(app, {
    base: "/api/roles",
    tags,
    plural: "roles",
    actions: { delete: "USERS_DELETE" },
    ids: {
      permission: "ROLES_INDEX",
      querystring: roleListQuery,
      find(request) {
        const { condition, sort } = nameSearch((request.query as { search?: string }).search, roles.name);
        return listIds(db(), roleListSource, condition, sort);
      },
    },
  });
}
