import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
// platform/schema.ts re-exports this file; the cycle is harmless because `references` reads `users` lazily.
import { users } from "../../platform/schema.ts";

// Kept free of @palco/shared imports: drizzle-kit loads this file on its own to generate migrations.

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One sign-in: a refresh-token family (its `id` is the family, the access token's `sid`). Holds what the member and
 * staff see in the sessions list and what the second factor and step-up proved; refresh keeps the row, so the MFA
 * state survives rotation and a refresh never upgrades it.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The session passed a second factor (at sign-in, at enrolment or at a step-up). */
    mfa: boolean("mfa").notNull().default(false),
    /** When the session last proved a factor, or the password for a member without one (step-up). */
    verifiedAt: instant("verified_at").notNull().defaultNow(),
    createdAt: instant("created_at").notNull().defaultNow(),
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId, t.lastSeenAt)],
);

/** The member's authenticator app: at most one, pending until a first code confirms it. Secret encrypted. */
export const userTotp = pgTable("user_totp", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** AES-256-GCM of the base32 secret (platform/secret-box.ts). */
  secretEncrypted: text("secret_encrypted").notNull(),
  confirmedAt: instant("confirmed_at"),
  /** The time step of the last accepted code: a code of that step or an earlier one is a replay. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: instant("created_at").notNull().defaultNow(),
});

export const userPasskeys = pgTable(
  "user_passkeys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    lastUsedAt: instant("last_used_at"),
  },
  (t) => [
    uniqueIndex("user_passkeys_credential_unique").on(t.credentialId),
    index("user_passkeys_user_idx").on(t.userId),
  ],
);

/** One-time recovery codes, SHA-256 hashed (they are random, so a fast hash is enough). */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("user_recovery_codes_user_idx").on(t.userId)],
);

/**
 * A pending proof: the second step of a sign-in, a passkey registration, or a passkey step-up. Single use (claimed
 * atomically), short-lived; a sign-in challenge admits a few wrong answers. The token is stored hashed.
 */
export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["sign-in", "passkey-registration", "step-up"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The WebAuthn challenge the browser must sign (base64url), when the proof may be a passkey. */
    webauthnChallenge: text("webauthn_challenge"),
    /** The session a registration or step-up belongs to. */
    sessionId: text("session_id"),
    /** Language of the sign-in request (the e-mails and the user's language follow it). */
    language: text("language"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mfa_challenges_token_unique").on(t.tokenHash), index("mfa_challenges_user_idx").on(t.userId)],
);
