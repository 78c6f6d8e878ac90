import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// Kept free of @palco/shared imports: drizzle-kit loads this file on its own to generate migrations.

/**
 * What a list ordered by name needs (platform/list-query.ts): the order (name, id), so a page and a seek past a
 * cursor read a few index entries (migration 0004 adds INCLUDE (search_text) where the table has one, which
 * drizzle cannot declare: a search then walks that order without reading the table); (lower(name) collate "C", id) finds, orders and counts searches of one or two
 * letters (they match the start of the name); trigram indexes serve longer terms.
 */
const listIndexes = (table: string, t: { id: AnyPgColumn; name: AnyPgColumn }) => [
  index(`${table}_name_id_idx`).on(t.name, t.id),
  // name as well, so the count of a short search is an index-only scan.
  index(`${table}_name_prefix`).on(sql`lower(${t.name}) collate "C"`, t.id, t.name),
];

/**
 * Name and code lower-cased in one stored column (chr(31) between them, which nobody types), so a search is one
 * case-sensitive LIKE on one trigram index: ILIKE lower-cases every row it reads, an order of magnitude slower.
 */
const searchText = () => text("search_text").notNull().generatedAlwaysAs(sql`lower(name || chr(31) || code)`);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Mirror of the catalogue in packages/shared, synchronised after every migration run. */
export const permissions = pgTable("permissions", {
  code: text("code").primaryKey(),
  group: text("group").notNull(),
  descriptionEn: text("description_en").notNull(),
  descriptionEs: text("description_es").notNull(),
  // Catalogue order, so the role form lists permissions the way the catalogue groups them.
  position: integer("position").notNull().default(0),
});

export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // "Soporte" and "soporte" would be the same role to anyone reading the list.
  (t) => [
    uniqueIndex("roles_name_lower_unique").on(sql`lower(${t.name})`),
    ...listIndexes("roles", t),
    index("roles_name_trgm").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionCode: text("permission_code")
      .notNull()
      .references(() => permissions.code, { onDelete: "cascade", onUpdate: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionCode] })],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    pictureUrl: text("picture_url"),
    passwordHash: text("password_hash").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    isSuperAdmin: boolean("is_super_admin").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    // Language of the e-mails sent to the user; refreshed from Accept-Language at each sign-in.
    language: text("language").notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    // The list order, and the search: three letters or more anywhere in "first last email", fewer at the start.
    index("users_name_id_idx").on(t.firstName, t.lastName, t.id),
    index("users_search_trgm").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    index("users_first_name_prefix").on(sql`lower(${t.firstName}) text_pattern_ops`),
    index("users_last_name_prefix").on(sql`lower(${t.lastName}) text_pattern_ops`),
    index("users_email_prefix").on(sql`lower(${t.email}) text_pattern_ops`),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);

/** Opaque refresh tokens (hash only). A family is one sign-in and every token rotated from it. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    family: text("family").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.family), index("refresh_tokens_user_idx").on(t.userId)],
);

/** Single-use e-mailed tokens (password reset, account activation), stored as SHA-256 hashes. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["reset", "activation"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("user_tokens_user_idx").on(t.userId)],
);

export const countries = pgTable(
  "countries",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    searchText: searchText(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("countries_code_unique").on(t.code),
    index("countries_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    ...listIndexes("countries", t),
  ],
);

export const states = pgTable(
  "states",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    searchText: searchText(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "restrict" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Subdivision codes are only unique inside a country (as in ISO 3166-2): QUE is Querétaro and Quebec.
    uniqueIndex("states_country_code_unique").on(t.countryId, t.code),
    index("states_country_name_idx").on(t.countryId, t.name, t.id),
    index("states_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    ...listIndexes("states", t),
  ],
);

export const cities = pgTable(
  "cities",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    searchText: searchText(),
    timeZone: text("time_zone").notNull(),
    stateId: integer("state_id")
      .notNull()
      .references(() => states.id, { onDelete: "restrict" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cities_code_unique").on(t.code),
    // The list filtered by state, in list order; also serves the foreign key.
    index("cities_state_name_idx").on(t.stateId, t.name, t.id),
    index("cities_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    ...listIndexes("cities", t),
  ],
);

/**
 * Payment providers are integrations written in code: the seed keeps one row per integration (by `code`) and
 * the screens only read them and block or unblock them.
 */
export const paymentProviders = pgTable("payment_providers", {
  id: serial("id").primaryKey(),
  /** Stable key of the integration in code ("conekta"); the display name may change, this does not. */
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The countries a provider serves. Deleting a country only removes it from the providers that served it. */
export const paymentProviderCountries = pgTable(
  "payment_provider_countries",
  {
    providerId: integer("provider_id")
      .notNull()
      .references(() => paymentProviders.id, { onDelete: "cascade" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.countryId] }),
    index("payment_provider_countries_country_idx").on(t.countryId),
  ],
);

/** One row per kind a provider offers (bank transfer, convenience-store cash, card). */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    providerId: integer("provider_id")
      .notNull()
      .references(() => paymentProviders.id, { onDelete: "restrict" }),
    method: text("method", { enum: ["bank", "cash", "card"] }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_methods_provider_method_unique").on(t.providerId, t.method),
    check("payment_methods_method_check", sql`${t.method} in ('bank', 'cash', 'card')`),
  ],
);
