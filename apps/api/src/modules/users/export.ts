import { type ListSort, userListQuery } from "@palco/shared";
import { sql } from "drizzle-orm";
import type { PgSelect, SelectedFields } from "drizzle-orm/pg-core";
import { chosenOrder, type ListSource } from "../../platform/list-query.ts";
import { roles, userRoles, users } from "../../platform/schema.ts";
import { type ExportDeclaration, text, whole } from "../exports/declaration.ts";
import { userListCondition, userListSource, userSorts } from "./service.ts";

const exportFields = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  isActive: users.isActive,
  isSuperAdmin: users.isSuperAdmin,
  createdAt: users.createdAt,
  roles: sql<string | null>`(select string_agg(${roles.name}, ', ' order by ${roles.name})
    from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id})`,
};

type ExportRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  isActive: boolean;
  isSuperAdmin: boolean;
  createdAt: Date;
  roles: string | null;
};

const exportSource: ListSource<SelectedFields> = {
  ...(userListSource as unknown as ListSource<SelectedFields>),
  fields: exportFields,
  from: (db, fields) => db.select(fields).from(users).$dynamic() as unknown as PgSelect,
};

/** Staff accounts: the list's order and search, with each member's roles. */
export const userExport: ExportDeclaration<ExportRow> = {
  resource: "users",
  permission: "USERS_INDEX",
  personal: true,
  listQuery: userListQuery,
  rows: (db, query) => ({
    source: exportSource,
    condition: userListCondition(db, query as never),
    order: chosenOrder(query.sort as ListSort | undefined, userSorts, userListSource.sort),
    map: (row) => row as unknown as ExportRow,
  }),
  columns: [
    { header: "id", value: (row) => whole(row.id), width: 8 },
    { header: "firstName", value: (row) => text(row.firstName) },
    { header: "lastName", value: (row) => text(row.lastName) },
    { header: "email", value: (row) => text(row.email), width: 30 },
    { header: "phone", value: (row) => text(row.phone) },
    { header: "roles", value: (row) => text(row.roles), width: 30 },
    { header: "superAdmin", value: (row, c) => c.yesNo(row.isSuperAdmin) },
    { header: "active", value: (row, c) => c.yesNo(row.isActive) },
    { header: "createdAtMarket", value: (row, c) => c.instant(row.createdAt), width: 20 },
  ],
};
