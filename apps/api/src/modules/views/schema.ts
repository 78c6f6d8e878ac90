import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
// platform/schema.ts re-exports this file; the cycle is harmless because `references` reads the tables lazily.
import { roles, users } from "../../platform/schema.ts";

// Kept free of @palco/shared imports: drizzle-kit loads this file on its own to generate migrations.

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A named list view: the filters, search and sort of one resource's list (its query string as key/value pairs),
 * private to its owner or shared with the roles in `saved_view_roles`. `user_id` null: a view the system ships
 * (demo and first start), owned by nobody and shared with roles like any other.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    name: text("name").notNull(),
    query: jsonb("query").$type<Record<string, string>>().notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [index("saved_views_user_idx").on(t.userId, t.resource)],
);

export const savedViewRoles = pgTable(
  "saved_view_roles",
  {
    viewId: integer("view_id")
      .notNull()
      .references(() => savedViews.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.viewId, t.roleId] }), index("saved_view_roles_role_idx").on(t.roleId)],
);
