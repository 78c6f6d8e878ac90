import type { SessionUser, User } from "@palco/shared";
import type { Refusals } from "@/kit/resource.ts";

/**
 * The server's rules for changing a user (apps/api/src/modules/users), as seen from the signed-in user:
 * - nobody blocks or deletes their own account (checked first, so it is the reason given);
 * - only a super-admin changes a super-admin account at all (edit, block, unblock, delete).
 * The other rule, "the last active super-admin can be neither blocked nor deleted", needs no check of its own
 * here: the signed-in user is active, so a super-admin looking at another super-admin is never looking at the
 * last one, and anyone else is already refused by the rule above. Whether the target holds permissions the
 * signed-in user lacks is only known to the server, which says so when asked.
 */
export function userRefusals(target: Pick<User, "id" | "isActive" | "isSuperAdmin">, user: SessionUser | null) {
  const refusals: Refusals = {};
  if (!user) return refusals;
  if (target.isSuperAdmin && !user.isSuperAdmin) {
    refusals.edit = "USERS.SUPER_ADMIN_PROTECTED";
    refusals.activate = "USERS.SUPER_ADMIN_PROTECTED";
    refusals.delete = "USERS.SUPER_ADMIN_PROTECTED";
  }
  if (target.id === user.id) {
    if (target.isActive) refusals.activate = "USERS.CANNOT_BLOCK_SELF";
    refusals.delete = "USERS.CANNOT_DELETE_SELF";
  }
  return refusals;
}
