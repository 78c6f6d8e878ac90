import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { PERMISSION_CODES, type SessionUser } from "@palco/shared";
import { eq, sql } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Db } from "./db.ts";
import { authSessions, permissions, refreshTokens, rolePermissions, roles, userRoles, users } from "./schema.ts";

// argon2id is the library default; the cost parameters are pinned so a library upgrade cannot change them.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the user's hash, or against a throw-away hash when there is no user, so an unknown
 * e-mail costs the same time as a wrong password and response times do not reveal which accounts exist.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && passwordHash !== undefined;
  } catch {
    return false;
  }
}

/** 32 random bytes, base64url: what e-mailed links and refresh tokens carry. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored as SHA-256 hex: a database leak does not hand out working links or sessions. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export interface AccessTokens {
  /** `sessionId` is the refresh-token family the access token was issued with (its `sid` claim). */
  sign(userId: number, sessionId: string): Promise<{ token: string; expiresAt: Date }>;
  /**
   * The user id and session, or an error when the token is malformed, forged, expired or names no session (a
   * token that cannot be tied to a sign-in could never be ended by logout, so it is not accepted at all).
   */
  verify(token: string): Promise<{ userId: number; sessionId: string } | { error: "expired" | "invalid" }>;
}

/** How many verified tokens `verify` remembers (a few per signed-in client). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const issuer = "palco-admin";
  // The same string always verifies the same way until it expires, and checking the signature (WebCrypto, off the
  // main thread) costs more than the rest of a cached request: remember tokens that verified, until their expiry.
  // Only tokens this server signed get in, so the map cannot be filled with garbage; the oldest go first.
  const verified = new Map<string, { userId: number; sessionId: string; expiresAt: number }>();
  return {
    async sign(userId, sessionId) {
      if (!sessionId) throw new Error("An access token must name its session");
      const expiresAt = new Date((Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS) * 1000);
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(userId))
        .setIssuer(issuer)
        .setIssuedAt()
        // Without a unique id two tokens issued within the same second would be byte-identical, and a refresh
        // would hand back the very token it replaces.
        .setJti(randomUUID())
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // jose's rule without clock tolerance: expired once the clock reaches `exp`.
        if (Date.now() < known.expiresAt) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return { error: "expired" };
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], issuer });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) return { error: "invalid" };
        if (typeof payload.sid !== "string" || payload.sid === "") return { error: "invalid" };
        if (typeof payload.exp === "number") {
          if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
          verified.set(token, { userId, sessionId: payload.sid, expiresAt: payload.exp * 1000 });
        }
        return { userId, sessionId: payload.sid };
      } catch (error) {
        return { error: error instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
      }
    },
  };
}

export interface LoadedUser {
  user: SessionUser;
  emailVerified: boolean;
  language: string;
  /**
   * Whether the session (refresh-token family) named by the access token still has a live refresh token; always
   * true when the caller holds the refresh token itself (sign-in and refresh).
   */
  sessionAlive: boolean;
  /** The member's roles (or super-admin status) require a second factor. */
  mfaRequired: boolean;
  /** The session passed a second factor. */
  sessionMfa: boolean;
  /** When the session last proved a factor or the password (step-up); null without a session row. */
  verifiedAt: Date | null;
}

/** Who must use a second factor beyond the roles that say so. */
export interface MfaPolicy {
  mfaRequiredForSuperAdmin: boolean;
}

export interface SessionLookup {
  userId: number;
  /** The session's refresh-token family: its MFA state is read, and its liveness unless `holdsRefreshToken`. */
  sessionId?: string | undefined;
  /** Sign-in and refresh hold the refresh token: the session is alive by definition. */
  holdsRefreshToken?: boolean;
  policy: MfaPolicy;
}

/**
 * The session user as the API and the SPA see it, read fresh from the database in one statement (the guard runs
 * it for every request whose session is not cached). A super-admin is given every catalogue code so the SPA's
 * `can()` works the same for everyone.
 */
export async function loadSessionUser(db: Db, lookup: SessionLookup): Promise<LoadedUser | undefined> {
  const { userId, sessionId, policy } = lookup;
  // Drizzle writes columns unqualified inside select fields, so the subqueries use aliases and compare with the id
  // as a value. refresh_tokens_family_idx, user_roles' primary key and role_permissions' primary key serve them.
  const sessionAlive =
    sessionId === undefined || lookup.holdsRefreshToken
      ? sql<boolean>`true`
      : sql<boolean>`exists (select 1 from ${refreshTokens} rt where rt.family = ${sessionId} and rt.user_id = ${userId} and rt.revoked_at is null and rt.expires_at > now())`;
  const sessionState =
    sessionId === undefined
      ? sql<{ mfa: boolean; verifiedAt: string } | null>`null::json`
      : sql<{
          mfa: boolean;
          verifiedAt: string;
        } | null>`(select json_build_object('mfa', s.mfa, 'verifiedAt', s.verified_at)
          from ${authSessions} s where s.id = ${sessionId} and s.user_id = ${userId})`;
  const roleList = sql<{ id: number; name: string; requiresMfa: boolean }[]>`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name, 'requiresMfa', r.requires_mfa) order by r.name, r.id)
    from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${userId}), '[]'::json)`;
  const codes = sql<string[] | null>`case when ${users.isSuperAdmin} then null else coalesce((
    select json_agg(p.code order by p.position, p.code) from ${permissions} p
    where exists (
      select 1 from ${rolePermissions} rp join ${userRoles} ur on ur.role_id = rp.role_id
      where ur.user_id = ${userId} and rp.permission_code = p.code)), '[]'::json) end`;
  const [row] = await db
    .select({
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
      language: users.language,
      sessionAlive,
      sessionState,
      roles: roleList,
      codes,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const mfaRequired =
    (row.isSuperAdmin && policy.mfaRequiredForSuperAdmin) || row.roles.some((role) => role.requiresMfa);
  const sessionMfa = row.sessionState?.mfa === true;
  return {
    user: {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      pictureUrl: row.pictureUrl,
      pictureSmallUrl: row.pictureSmallUrl,
      roles: row.roles.map(({ id, name }) => ({ id, name })),
      isActive: row.isActive,
      isSuperAdmin: row.isSuperAdmin,
      permissions: row.isSuperAdmin ? [...PERMISSION_CODES] : (row.codes ?? []),
      mfaEnrollmentRequired: mfaRequired && !sessionMfa,
    },
    emailVerified: row.emailVerifiedAt !== null,
    language: row.language,
    sessionAlive: row.sessionAlive === true,
    mfaRequired,
    sessionMfa,
    verifiedAt: row.sessionState ? new Date(row.sessionState.verifiedAt) : null,
  };
}
