import type { SessionUser } from "@palco/shared";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "./db.ts";
import { rolePermissions, userRoles } from "./schema.ts";

/**
 * No escalation through the access screens: a staff member who is not a super-admin can only hand out, or touch
 * holders of, permissions they hold themselves. Super-admins are exempt (they hold everything anyway).
 */
export function exceedsActor(actor: Pick<SessionUser, "isSuperAdmin" | "permissions">, codes: Iterable<string>) {
  if (actor.isSuperAdmin) return false;
  const own = new Set(actor.permissions);
  for (const code of codes) if (!own.has(code)) return true;
  return false;
}

/** Every permission code the given roles grant together. */
export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ code: rolePermissions.permissionCode })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((row) => row.code);
}

/** Every permission code a user holds through their roles (the super-admin flag is checked by the caller). */
export async function permissionsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: rolePermissions.permissionCode })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.code);
}

/** Every permission code one role grants. */
export async function permissionsOfRole(db: Db, roleId: number): Promise<string[]> {
  return permissionsOfRoles(db, [roleId]);
}
