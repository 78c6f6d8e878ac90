import type { ListSort, Paged, SessionUser, User } from "@palco/shared";
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { rowExists } from "../../platform/crud.ts";
import type { Db } from "../../platform/db.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import type { ImageVariants } from "../../platform/images.ts";
import { listIds } from "../../platform/list-ids.ts";
import {
  allOf,
  chosenOrder,
  filterCondition,
  type ListSource,
  listPage,
  type PageRequest,
  searchCondition,
} from "../../platform/list-query.ts";
import { exceedsActor, permissionsOfRoles, permissionsOfUser } from "../../platform/privileges.ts";
import { roles, userRoles, users } from "../../platform/schema.ts";

/** Avatars: a square WebP of at most 512 × 512, cropped to fill (spec: one image in the drop zone). */
/** Avatars: a 512 px square and a 96 px one for lists and the top bar, cropped to the middle. */
export const AVATAR_FOLDER = "users";
export const AVATAR_VARIANTS: ImageVariants = {
  large: { maxWidth: 512, maxHeight: 512, fit: "cover", formats: ["jpeg", "png", "webp"] },
  small: { maxWidth: 96, maxHeight: 96, fit: "cover" },
};

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  pictureUrl: users.pictureUrl,
  pictureSmallUrl: users.pictureSmallUrl,
  isActive: users.isActive,
  isSuperAdmin: users.isSuperAdmin,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type UserRow = SelectResultFields<typeof columns>;

/** Role names of several users at once, each list ordered by name. */
async function rolesByUser(db: Db, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const result = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.name), asc(roles.id));
  for (const row of rows) {
    const list = result.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name });
    result.set(row.userId, list);
  }
  return result;
}

function toUser(row: UserRow, userRolesList: { id: number; name: string }[] | undefined): User {
  return {
    ...row,
    roles: userRolesList ?? [],
    emailVerifiedAt: row.emailVerifiedAt ? row.emailVerifiedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findUser(db: Db, id: number): Promise<User | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) return undefined;
  return toUser(row, (await rolesByUser(db, [id])).get(id));
}

export async function getUser(db: Db, id: number): Promise<User> {
  const found = await findUser(db, id);
  if (!found) throw notFound();
  return found;
}

export interface UserListOptions extends PageRequest {
  search?: string | undefined;
  role?: number | undefined;
  sort?: ListSort | undefined;
}

/** The fields the list sorts by on request (SORT_FIELDS.users), each to the keys of its (keys…, id) index. */
export const userSorts = { firstName: [users.firstName, users.lastName], createdAt: [users.createdAt] };

/** The text a search of three characters or more looks in (a trigram index covers the same expression). */
const userSearchText = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

export const userListSource: ListSource<typeof columns> = {
  table: users,
  sort: [users.firstName, users.lastName],
  fields: columns,
  from: (db, fields) => db.select(fields).from(users).$dynamic(),
};

/**
 * Ordered by first name, last name, id; search matches first name, last name, both together or the e-mail
 * (a one- or two-letter term: the start of the first name, last name or e-mail).
 */
export async function listUsers(db: Db, options: UserListOptions): Promise<Paged<User>> {
  const condition = userListCondition(db, options);
  const order = chosenOrder(options.sort, userSorts, userListSource.sort);
  const { rows, ...result } = await listPage(db, userListSource, condition, options, order);
  const byUser = await rolesByUser(
    db,
    rows.map((row) => row.id),
  );
  return { ...result, items: rows.map((row) => toUser(row, byUser.get(row.id))) };
}

/** The ids of every user the list's query matches (bulk actions' "select all"), in the list's order. */
export function matchingUserIds(db: Db, options: Omit<UserListOptions, keyof PageRequest>) {
  // In the order the member chose (`sort`) when one was, like the list: "the first 10,000" are the first shown.
  return listIds(
    db,
    userListSource,
    userListCondition(db, options),
    chosenOrder(options.sort, userSorts, userListSource.sort),
  );
}

export function userListCondition(db: Db, options: Omit<UserListOptions, keyof PageRequest>) {
  return allOf(
    searchCondition(options.search, {
      contains: [userSearchText],
      prefix: [users.firstName, users.lastName, users.email],
    }),
    filterCondition("role", options.role, (role) =>
      inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, role))),
    ),
  );
}

type Actor = Pick<SessionUser, "isSuperAdmin" | "permissions">;

/**
 * E-mail free (case-insensitively, ignoring `excludeId`), every role id existing and, unless the actor is a
 * super-admin, every role granting only permissions the actor holds; else one 422 with every problem.
 */
export async function checkUserRules(
  db: Db,
  actor: Actor,
  values: { email: string; roles: number[] },
  excludeId?: number,
) {
  const messages: Record<string, string> = {};
  const sameEmail = eq(sql`lower(${users.email})`, values.email.toLowerCase());
  if (await rowExists(db, users, excludeId === undefined ? sameEmail : and(sameEmail, ne(users.id, excludeId))!)) {
    messages.email = "USERS.VALIDATION.EMAIL_TAKEN";
  }
  if (values.roles.length > 0) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, values.roles));
    if (found.length !== values.roles.length) messages.roles = "USERS.VALIDATION.ROLE_UNKNOWN";
    else if (!actor.isSuperAdmin && exceedsActor(actor, await permissionsOfRoles(db, values.roles))) {
      messages.roles = "USERS.VALIDATION.ROLE_BEYOND_OWN";
    }
  }
  if (Object.keys(messages).length > 0) throw unprocessable(messages);
}

export interface LockedUser {
  id: number;
  isActive: boolean;
  isSuperAdmin: boolean;
  pictureUrl: string | null;
  pictureSmallUrl: string | null;
}

/**
 * Locks the target row together with every active super-admin (in id order, so two requests never deadlock):
 * "is this the last active super-admin?" then stays true until the transaction ends.
 */
export async function lockUser(tx: Db, id: number): Promise<{ target: LockedUser; otherActiveSuperAdmins: number }> {
  const rows = await tx
    .select({
      id: users.id,
      isActive: users.isActive,
      isSuperAdmin: users.isSuperAdmin,
      pictureUrl: users.pictureUrl,
      pictureSmallUrl: users.pictureSmallUrl,
    })
    .from(users)
    .where(or(eq(users.id, id), and(eq(users.isSuperAdmin, true), eq(users.isActive, true))))
    .orderBy(asc(users.id))
    .for("update");
  const target = rows.find((row) => row.id === id);
  if (!target) throw notFound();
  const otherActiveSuperAdmins = rows.filter((row) => row.id !== id && row.isSuperAdmin && row.isActive).length;
  return { target, otherActiveSuperAdmins };
}

/**
 * Super-admin accounts: the last active one can be neither blocked nor deleted, and only a super-admin may change
 * one at all (otherwise USERS_EDIT would be enough to take over the account that bypasses every check).
 */
export function guardSuperAdmin(
  locked: { target: LockedUser; otherActiveSuperAdmins: number },
  actor: { isSuperAdmin: boolean },
  action: "edit" | "activate" | "deactivate" | "delete",
) {
  const { target } = locked;
  if (!target.isSuperAdmin) return;
  const removes = action === "deactivate" || action === "delete";
  if (removes && target.isActive && locked.otherActiveSuperAdmins === 0) throw conflict("USERS.LAST_SUPER_ADMIN");
  if (!actor.isSuperAdmin) throw conflict("USERS.SUPER_ADMIN_PROTECTED");
}

/** A staff member may not change someone who holds permissions they lack (super-admins are exempt). */
export async function guardTargetPermissions(tx: Db, targetId: number, actor: Actor) {
  if (actor.isSuperAdmin) return;
  if (exceedsActor(actor, await permissionsOfUser(tx, targetId))) throw conflict("USERS.TARGET_BEYOND_OWN");
}
