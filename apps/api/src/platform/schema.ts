import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
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
    /** Members with this role must sign in with a second factor. */
    requiresMfa: boolean("requires_mfa").notNull().default(false),
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
    /** The 96 px variant of the avatar, for lists and the top bar. */
    pictureSmallUrl: text("picture_small_url"),
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
    // Sortable lists (sort=createdAt): each sortable column walks its own (column, id) index, either way.
    index("users_created_at_idx").on(t.createdAt, t.id),
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
    index("countries_code_id_idx").on(t.code, t.id),
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
    index("states_code_id_idx").on(t.code, t.id),
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
    // sort=code: the unique index on code alone cannot end the order with id.
    index("cities_code_id_idx").on(t.code, t.id),
    // A state's cities sorted by code: walking the code index for that state's rows read ~1,000 entries per page.
    index("cities_state_code_idx").on(t.stateId, t.code, t.id),
    ...listIndexes("cities", t),
  ],
);

/** The name lower-cased, for tables searched by name alone (categories, services); see searchText. */
const nameSearchText = () => text("search_text").notNull().generatedAlwaysAs(sql`lower(name)`);

/**
 * Stadiums and arenas. The picture's width and height are the upload's own, measured by the server (the spec's
 * client sends them too; they are ignored). Coordinates are degrees (WGS 84), as the map's pin gives them.
 */
export const venues = pgTable(
  "venues",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    searchText: nameSearchText(),
    address: text("address").notNull(),
    contact: text("contact").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    pictureUrl: text("picture_url"),
    pictureSmallUrl: text("picture_small_url"),
    pictureWidth: integer("picture_width"),
    pictureHeight: integer("picture_height"),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "restrict" }),
    isActive: boolean("is_active").notNull().default(true),
    /** Set by DELETE: the venue and its events leave every list and detail; the rows stay for their history. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list filtered by city, in list order; also serves the foreign key.
    index("venues_city_name_idx").on(t.cityId, t.name, t.id),
    index("venues_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    check("venues_latitude_range", sql`${t.latitude} between -90 and 90`),
    check("venues_longitude_range", sql`${t.longitude} between -180 and 180`),
    ...listIndexes("venues", t),
  ],
);

/**
 * Event categories, shown to buyers in `order`: a gapless 1..n that the API keeps (moving one category moves the
 * ones between its old and new place, in one transaction).
 */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    searchText: nameSearchText(),
    order: integer("order").notNull(),
    iconUrl: text("icon_url"),
    iconSmallUrl: text("icon_small_url"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("categories_order_id_idx").on(t.order, t.id),
    index("categories_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    check("categories_order_positive", sql`${t.order} >= 1`),
    ...listIndexes("categories", t),
  ],
);

/**
 * Events at a venue. `startsAt` is an instant; the API reads and shows it on the venue city's wall clocks. A
 * deleted venue hides its events (they keep their rows).
 */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    searchText: nameSearchText(),
    duration: integer("duration").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    venueId: integer("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "restrict" }),
    pictureUrl: text("picture_url"),
    pictureSmallUrl: text("picture_small_url"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("events_venue_name_idx").on(t.venueId, t.name, t.id),
    // The list's order (upcoming first, then past: both walk it) and the start-date filter.
    index("events_starts_at_idx").on(t.startsAt, t.id),
    index("events_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    check("events_duration_positive", sql`${t.duration} >= 1`),
    ...listIndexes("events", t),
  ],
);

/** An event's categories; deleting a category takes it off its events (an event never points at nothing). */
export const eventCategories = pgTable(
  "event_categories",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.categoryId] }), index("event_categories_category_idx").on(t.categoryId)],
);

/** Services a box can offer (valet parking, waiter…): a free display order, no active flag (spec 02 §2). */
export const services = pgTable(
  "services",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    searchText: nameSearchText(),
    order: integer("order").notNull(),
    iconUrl: text("icon_url"),
    iconSmallUrl: text("icon_small_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("services_order_id_idx").on(t.order, t.id),
    index("services_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    check("services_order_positive", sql`${t.order} >= 1`),
    ...listIndexes("services", t),
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

/**
 * The audit trail (platform/audit.ts): append-only, a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0005).
 * The actor is a snapshot (no foreign key): an entry outlives the account that wrote it, and keeps the name and
 * e-mail it had then. `version` is the ETag of the record after the change, so a stale If-Match finds "since when".
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    recordId: text("record_id"),
    changes: jsonb("changes").notNull().default({}),
    version: text("version"),
    requestId: text("request_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    // Each ends in (at, id), the list's order (newest first, a backward scan): a record's history, one person's
    // changes (within dates too), and the whole trail by date.
    index("audit_log_record_idx").on(t.resource, t.recordId, t.at, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.at, t.id),
    index("audit_log_at_idx").on(t.at, t.id),
  ],
);

/**
 * The marketplace's own people (guests who book, owners who rent out boxes), apart from staff accounts: they sign
 * up in the marketplace app, not here. `language` is the one their e-mails are written in.
 */
export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The calling code without "+", e.g. "52". */
    phoneCountry: text("phone_country").notNull(),
    birthAt: date("birth_at"),
    placeOfBirth: text("place_of_birth"),
    language: text("language").notNull().default("es"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    updatedAt: updatedAt(),
    /** The full name lower-cased: what the command palette matches a member's name against (GET /api/search). */
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    /**
     * Shown by a back-office list: true once the member booked (the bookings list shows guests) or became an owner
     * (the owners list). Set by triggers on bookings and owners (migration 0019) and never cleared: a hint that
     * keeps the members no list shows (sign-ups) out of the palette's name indexes; the search still checks.
     */
    listed: boolean("listed").notNull().default(false),
  },
  (t) => [
    uniqueIndex("members_email_lower_unique").on(sql`lower(${t.email})`),
    // The command palette finds a guest by the phone number as typed (GET /api/search).
    index("members_phone_idx").on(t.phone),
    // ... and by name: whole or its start in name order (byte order, as LIKE 'x%' needs), or anywhere (trigrams);
    // only the members a list shows: sign-ups who never booked would be most of a walk and filtered out.
    index("members_name_prefix").on(sql`${t.searchText} collate "C"`, t.id).where(sql`${t.listed}`),
    index("members_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")).where(sql`${t.listed}`),
    // The activity report counts exactly the members of the one hour its 30-day window starts in.
    index("members_last_active_idx").on(t.lastActiveAt).where(sql`${t.isActive}`),
    check("members_language", sql`${t.language} in ('en', 'es')`),
  ],
);

/** Review state of an owner or a box (spec 02 §4): pending until staff accept it or return it with a review. */
const reviewColumns = () => ({
  status: text("status").notNull().default("pending"),
  /** The member asked for a review of what they sent; staff decide only then. */
  readyForReview: boolean("ready_for_review").notNull().default(false),
  /** When it last became ready: how long it has waited. */
  readyAt: timestamp("ready_at", { withTimezone: true }),
  review: text("review"),
  isActive: boolean("is_active").notNull().default(true),
});

/**
 * A member's owner profile: who they are on their ID (the legal name staff check against the documents, kept
 * here as sent, so it is searched and listed without a join) and where the money goes. Documents are private
 * files (platform/documents.ts): the columns hold their storage keys, never a public URL.
 */
export const owners = pgTable(
  "owners",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    /**
     * The name and the member's e-mail, lower-cased: what the owners' search matches. Kept by triggers (migration
     * 0011), since the e-mail lives on the member: written on every insert or update of the owner and when the
     * member's e-mail changes.
     */
    searchText: text("search_text").notNull().default(""),
    address: text("address").notNull(),
    rfc: text("rfc").notNull(),
    documentType: text("document_type").notNull(),
    idFrontKey: text("id_front_key"),
    idBackKey: text("id_back_key"),
    proofOfResidencyKey: text("proof_of_residency_key"),
    ...reviewColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("owners_member_unique").on(t.memberId),
    // The command palette finds an owner by the exact RFC (GET /api/search); RFCs are stored upper-case.
    index("owners_rfc_idx").on(t.rfc),
    index("owners_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    // The review inbox: what waits, oldest first.
    index("owners_waiting_idx").on(t.readyAt, t.id).where(sql`${t.readyForReview} and ${t.status} = 'pending'`),
    index("owners_status_name_idx").on(t.status, t.name, t.id),
    index("owners_created_at_idx").on(t.createdAt, t.id),
    check("owners_status", sql`${t.status} in ('pending', 'accepted', 'returned')`),
    check("owners_document_type", sql`${t.documentType} in ('passport', 'id')`),
    ...listIndexes("owners", t),
  ],
);

/** Where an owner is paid; the first (lowest position) is the one shown and paid into. */
export const ownerBankAccounts = pgTable(
  "owner_bank_accounts",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(1),
    bankName: text("bank_name").notNull(),
    accountNumber: text("account_number").notNull(),
    clabe: text("clabe").notNull(),
    holderName: text("holder_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("owner_bank_accounts_position").on(t.ownerId, t.position),
    check("owner_bank_accounts_clabe", sql`${t.clabe} ~ '^[0-9]{18}$'`),
  ],
);

/**
 * A box (palco) an owner rents out at a venue. `name` is "zone number", what lists sort and search by. Money is
 * numeric (exact pesos and centavos), never floating point. `position` is where the box is on the venue's
 * picture, in percent of its width and height.
 */
export const boxes = pgTable(
  "boxes",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "restrict" }),
    venueId: integer("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "restrict" }),
    number: text("number").notNull(),
    zone: text("zone").notNull(),
    name: text("name").notNull().generatedAlwaysAs(sql`zone || ' ' || number`),
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`lower(zone || ' ' || number)`),
    detail: text("detail"),
    type: text("type").notNull(),
    availableSeats: integer("available_seats").notNull(),
    price: numeric("price", { precision: 12, scale: 2 }),
    deposit: numeric("deposit", { precision: 12, scale: 2 }),
    positionX: numeric("position_x", { precision: 5, scale: 2 }).notNull(),
    positionY: numeric("position_y", { precision: 5, scale: 2 }).notNull(),
    cancellationPolicy: text("cancellation_policy"),
    accessIndications: text("access_indications"),
    isShared: boolean("is_shared").notNull().default(false),
    propertyTitleKey: text("property_title_key"),
    proofOfResidencyKey: text("proof_of_residency_key"),
    ...reviewColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("boxes_owner_idx").on(t.ownerId),
    index("boxes_venue_name_idx").on(t.venueId, t.name, t.id),
    index("boxes_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    index("boxes_waiting_idx").on(t.readyAt, t.id).where(sql`${t.readyForReview} and ${t.status} = 'pending'`),
    index("boxes_created_at_idx").on(t.createdAt, t.id),
    check("boxes_status", sql`${t.status} in ('pending', 'accepted', 'returned')`),
    check("boxes_type", sql`${t.type} in ('onetime', 'season', 'both')`),
    check("boxes_seats_positive", sql`${t.availableSeats} >= 1`),
    check("boxes_money_not_negative", sql`coalesce(${t.price}, 0) >= 0 and coalesce(${t.deposit}, 0) >= 0`),
    check("boxes_position_percent", sql`${t.positionX} between 0 and 100 and ${t.positionY} between 0 and 100`),
    ...listIndexes("boxes", t),
  ],
);

/** A season a box is rented for as a whole (calendar days on the venue's clocks, both included). */
export const boxSeasons = pgTable(
  "box_seasons",
  {
    id: serial("id").primaryKey(),
    boxId: integer("box_id")
      .notNull()
      .references(() => boxes.id, { onDelete: "cascade" }),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    deposit: numeric("deposit", { precision: 12, scale: 2 }).notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
  },
  (t) => [
    index("box_seasons_box_idx").on(t.boxId, t.startsOn),
    check("box_seasons_range", sql`${t.endsOn} >= ${t.startsOn}`),
    check("box_seasons_money_not_negative", sql`${t.price} >= 0 and ${t.deposit} >= 0`),
  ],
);

/** A box's public photos (the marketplace shows them), in display order. */
export const boxImages = pgTable(
  "box_images",
  {
    id: serial("id").primaryKey(),
    boxId: integer("box_id")
      .notNull()
      .references(() => boxes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    smallUrl: text("small_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
  },
  (t) => [uniqueIndex("box_images_position").on(t.boxId, t.position)],
);

/** Folios are consecutive, as invoices are numbered (keys are random, so they cannot be guessed). */
export const bookingFolios = pgSequence("booking_folio_seq", { startWith: 1001 });

/**
 * A guest's booking of a box, for one event (`box_type` onetime, `event_id`) or a whole season (season,
 * `season_id`). Money is numeric: the box's price and the fee rates in force when it was made (a later change of
 * fees never rewrites it). What lists filter, sort and search by lives on this row, so a page of a million
 * bookings is chosen without joins: the venue, the first payment's status (kept by the code that writes payments)
 * and `search_text` (key, folio, guest's name and e-mail, owner's name, box zone and number, written with the
 * booking as it was made, like an invoice).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    folio: text("folio").notNull().default(sql`'F' || lpad(nextval('booking_folio_seq')::text, 7, '0')`),
    boxId: integer("box_id")
      .notNull()
      .references(() => boxes.id, { onDelete: "restrict" }),
    venueId: integer("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "restrict" }),
    buyerId: integer("buyer_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    boxType: text("box_type").notNull(),
    eventId: integer("event_id").references(() => events.id, { onDelete: "restrict" }),
    seasonId: integer("season_id").references(() => boxSeasons.id, { onDelete: "restrict" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status").notNull().default("pending"),
    paymentStatus: text("payment_status"),
    seats: integer("seats").notNull(),
    address: text("address"),
    subtotal: numeric("subtotal", { precision: 12, scale: 2 }).notNull(),
    guestFeeRate: numeric("guest_fee_rate", { precision: 5, scale: 2 }).notNull(),
    hostFeeRate: numeric("host_fee_rate", { precision: 5, scale: 2 }).notNull(),
    ivaRate: numeric("iva_rate", { precision: 5, scale: 2 }).notNull(),
    guestFee: numeric("guest_fee", { precision: 12, scale: 2 }).notNull(),
    hostFee: numeric("host_fee", { precision: 12, scale: 2 }).notNull(),
    iva: numeric("iva", { precision: 12, scale: 2 }).notNull(),
    total: numeric("total", { precision: 12, scale: 2 }).notNull(),
    ownerTotal: numeric("owner_total", { precision: 12, scale: 2 }).notNull(),
    ticketsSentAt: timestamp("tickets_sent_at", { withTimezone: true }),
    ticketsDeliveredAt: timestamp("tickets_delivered_at", { withTimezone: true }),
    ownerPaymentReference: text("owner_payment_reference"),
    ownerPaidAt: timestamp("owner_paid_at", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    searchText: text("search_text").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bookings_key_unique").on(t.key),
    uniqueIndex("bookings_folio_unique").on(t.folio),
    // A box is booked once per event and once per season: a canceled (or rejected) booking frees it.
    uniqueIndex("bookings_box_event_unique")
      .on(t.boxId, t.eventId)
      .where(sql`${t.eventId} is not null and ${t.status} not in ('canceled', 'rejected')`),
    uniqueIndex("bookings_box_season_unique")
      .on(t.boxId, t.seasonId)
      .where(sql`${t.seasonId} is not null and ${t.status} not in ('canceled', 'rejected')`),
    // The list is newest first; each filter walks its own index in that order. The venue's also carries the other
    // filters, the searched text and the sorted columns (INCLUDE, migrations 0010, 0020 and 0021: drizzle cannot
    // declare it), so a page and its count within a venue, with any other filter and search, read that index alone.
    index("bookings_venue_idx").on(t.venueId, t.id),
    // The three filters' indexes carry the searched text and folio too (INCLUDE, migration 0026), so a search within
    // one filter is counted and paged from that filter's range of the index alone.
    index("bookings_status_idx").on(t.status, t.id),
    index("bookings_payment_status_idx").on(t.paymentStatus, t.id),
    index("bookings_box_type_idx").on(t.boxType, t.id),
    // Bookings whose owner is not paid yet (ownerPaymentStatus=pending), by status and payment status in list order:
    // "accepted, captured, owner not paid" (the shipped view) is one range of it, however few and old they are.
    index("bookings_owner_payment_pending_idx")
      .on(t.status, t.paymentStatus, t.id)
      .where(sql`${t.ownerPaymentReference} is null`),
    // The paid ones (ownerPaymentStatus=payed) in list order: the newest bookings are the unpaid ones, which a walk
    // of the primary key would read first.
    index("bookings_owner_paid_idx").on(t.id).where(sql`${t.ownerPaymentReference} is not null`),
    index("bookings_box_idx").on(t.boxId),
    index("bookings_buyer_idx").on(t.buyerId),
    index("bookings_event_idx").on(t.eventId),
    // The dashboard's upcoming bookings: the next ones by start, among those still on (reports/bookings/future).
    index("bookings_upcoming_idx").on(t.startsAt, t.id).where(sql`${t.status} in ('pending', 'accepted', 'partial')`),
    index("bookings_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
    // The orders staff choose (sort=createdAt, startsAt, total; status has bookings_status_idx): one walk each.
    index("bookings_created_at_idx").on(t.createdAt, t.id),
    index("bookings_starts_at_idx").on(t.startsAt, t.id),
    index("bookings_total_idx").on(t.total, t.id),
    // The same orders within a venue (the commonest filter): walked from the venue's first row in that order, where
    // the walks above, filtering by venue, read the whole table for a venue with few bookings (a new venue sorted by
    // date took 270 ms among a million). The venue's own index carries the sorted columns too (INCLUDE, migration
    // 0021), so a search or other filters within a venue, in any order, read that index alone and sort its matches.
    index("bookings_venue_created_at_idx").on(t.venueId, t.createdAt, t.id),
    index("bookings_venue_starts_at_idx").on(t.venueId, t.startsAt, t.id),
    index("bookings_venue_total_idx").on(t.venueId, t.total, t.id),
    index("bookings_venue_status_idx").on(t.venueId, t.status, t.id),
    // A venue's bookings by the three other filters: a counted search within a venue (list-query.ts, countedItems)
    // finds its candidates as a range of these keys and tests the searched text (INCLUDE, migration 0025) on those
    // alone. Through bookings_venue_idx the planner tests the text first, on every booking of the venue, since it puts
    // equalities with a value after every other test of a row.
    index("bookings_venue_filters_idx").on(t.venueId, t.status, t.paymentStatus, t.boxType, t.id),
    // A search that could be part of a folio also looks there: with this index the two are one BitmapOr.
    index("bookings_folio_trgm").using("gin", t.folio.op("gin_trgm_ops")),
    check("bookings_box_type", sql`${t.boxType} in ('onetime', 'season')`),
    check("bookings_status", sql`${t.status} in ('pending', 'accepted', 'rejected', 'partial', 'missed', 'canceled')`),
    check(
      "bookings_payment_status",
      sql`${t.paymentStatus} is null or ${t.paymentStatus} in ('pending', 'authorization', 'capture', 'refund')`,
    ),
    check(
      "bookings_what",
      sql`(${t.boxType} = 'onetime' and ${t.eventId} is not null and ${t.seasonId} is null)
        or (${t.boxType} = 'season' and ${t.seasonId} is not null and ${t.eventId} is null)`,
    ),
    check("bookings_range", sql`${t.endsAt} >= ${t.startsAt}`),
    check("bookings_seats_positive", sql`${t.seats} >= 1`),
    check(
      "bookings_money_not_negative",
      sql`${t.subtotal} >= 0 and ${t.total} >= 0 and ${t.ownerTotal} >= 0 and ${t.guestFee} >= 0 and ${t.hostFee} >= 0 and ${t.iva} >= 0`,
    ),
    check("bookings_delivered_after_sent", sql`${t.ticketsDeliveredAt} is null or ${t.ticketsSentAt} is not null`),
    check("bookings_canceled_at", sql`(${t.status} = 'canceled') = (${t.canceledAt} is not null)`),
  ],
);

/**
 * A booking's payments in order (`position` 1 is "the" payment: its status is the booking's payment status). A
 * cancellation of a paid booking adds a refund entry: what must go back to the guest.
 */
export const bookingPayments = pgTable(
  "booking_payments",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    status: text("status").notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("booking_payments_position").on(t.bookingId, t.position),
    check("booking_payments_status", sql`${t.status} in ('pending', 'authorization', 'capture', 'refund')`),
    check("booking_payments_amount", sql`${t.amount} >= 0`),
  ],
);

/**
 * The two chat threads of a booking: one with the guest, one with the owner, each named by that member
 * (`thread_member_id`). A message is written by that member, or by a staff member answering them (`staff_id`).
 */
export const bookingMessages = pgTable(
  "booking_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    threadMemberId: integer("thread_member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept with the message: a reply still says who wrote it after that account is deleted. */
    staffName: text("staff_name"),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A thread's pages, newest first.
    index("booking_messages_thread_idx").on(t.bookingId, t.threadMemberId, t.id),
  ],
);

/**
 * What staff are told (spec 02 §2, Notifications): written by the server when something happens in the marketplace
 * (an owner or a box sent for review, a booking made, paid or canceled, a guest or owner writing). `kind` and
 * `payload` make the title and body in each reader's language; `notification_type` and `notification_type_id` name
 * the record it is about (an owner, a box, a booking, a booking's messages). `member_name` is who it is about.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    notificationType: text("notification_type").notNull(),
    notificationTypeId: integer("notification_type_id").notNull(),
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    memberName: text("member_name"),
    payload: jsonb("payload").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "notifications_type",
      sql`${t.notificationType} in ('owner', 'box', 'booking', 'booking-messages', 'export')`,
    ),
  ],
);

/**
 * One row per staff member a notification was for (those who held the permissions to see it when it was made), with
 * their own read time: read state is per person, and "how many unread" is an index range of one person's rows.
 */
export const notificationRecipients = pgTable(
  "notification_recipients",
  {
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.notificationId] }),
    index("notification_recipients_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notification_recipients_notification_idx").on(t.notificationId),
  ],
);

/**
 * The fee rates in force (spec 02 §2 Settings): `guest`, `host` and `IVA`, percentages with two decimals. One row per
 * code, created by the migration (7.5, 5 and 16); PUT /settings/fees changes them, and every booking copies the
 * rates in force when it is made. Changes are read back from the audit trail (resource "settings", record "fees").
 */
export const feeSettings = pgTable(
  "fee_settings",
  {
    code: text("code").primaryKey(),
    value: numeric("value", { precision: 5, scale: 2 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("fee_settings_code", sql`${t.code} in ('guest', 'host', 'IVA')`),
    check("fee_settings_value", sql`${t.value} between 0 and 100`),
  ],
);

/**
 * The dashboard's income, one row per day of the marketplace's calendar (America/Mexico_City) on which bookings
 * were made: the bookings whose payment was captured and that are not canceled, what their guests paid (total), the
 * platform's fees (guest + host fee), and their owners' part, paid (a payment reference recorded) or still owed.
 * Kept by statement-level triggers on `bookings` (migration 0009), in the transaction of the change, so a report of
 * any range reads at most one row per day however many bookings there are.
 */
export const reportDailyBookings = pgTable("report_daily_bookings", {
  day: date("day").primaryKey(),
  bookings: integer("bookings").notNull().default(0),
  income: numeric("income", { precision: 16, scale: 2 }).notNull().default("0"),
  fee: numeric("fee", { precision: 16, scale: 2 }).notNull().default("0"),
  paidToOwners: numeric("paid_to_owners", { precision: 16, scale: 2 }).notNull().default("0"),
  pendingPaymentsOwner: numeric("pending_payments_owner", { precision: 16, scale: 2 }).notNull().default("0"),
});

/**
 * Sign-ups per day of the marketplace's calendar: members (guests and owners) and boxes created that day. Kept by
 * statement-level triggers on `members` and `boxes` (migration 0009), like report_daily_bookings.
 */
export const reportDailySignUps = pgTable("report_daily_sign_ups", {
  day: date("day").primaryKey(),
  members: integer("members").notNull().default(0),
  boxes: integer("boxes").notNull().default(0),
});

// How many cities hold each trigram, for the search (#23): beside its module.
export * from "../modules/cities/schema.ts";
export * from "../modules/exports/schema.ts";
// The age and activity rollups of the dashboard's pies (#23): beside their module.
export * from "../modules/reports/schema.ts";
// Staff account security (second factors, sessions, step-up): the tables live beside their module.
export * from "../modules/security/schema.ts";
// Saved list views and export jobs (#22): beside their modules.
export * from "../modules/views/schema.ts";
