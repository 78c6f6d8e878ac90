import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { PERMISSION_CODES, type SessionUser } from "@palco/shared";
import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Db } from "./db.ts";
import { permissions, refreshTokens, rolePermissions, roles, userRoles, users } from "./schema.ts";

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
  sign(userId: number, sessionId?: string): Promise<{ token: string; expiresAt: Date }>;
  /** The user id (and session), or an error when the token is malformed, forged or expired. */
  verify(token: string): Promise<{ userId: number; sessionId?: string } | { error: "expired" | "invalid" }>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const issuer = "palco-admin";
  return {
    async sign(userId, sessionId) {
      const expiresAt = new Date((Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS) * 1000);
      const token = await new SignJWT(sessionId ? { sid: sessionId } : {})
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], issuer });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) return { error: "invalid" };
        return typeof payload.sid === "string" ? { userId, sessionId: payload.sid } : { userId };
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
   * true when no session was asked about (tokens without a `sid`).
   */
  sessionAlive: boolean;
}

/**
 * The session user as the API and the SPA see it, read fresh from the database. A super-admin is given every
 * catalogue code so the SPA's `can()` works the same for everyone.
 */
export async function loadSessionUser(db: Db, userId: number, sessionId?: string): Promise<LoadedUser | undefined> {
  // The session check rides on the user query (refresh_tokens_family_idx), so the guard stays at the same cost.
  const sessionAlive =
    sessionId === undefined
      ? sql<boolean>`true`
      : // Drizzle writes columns unqualified inside select fields: compare with the id as a value, not users.id.
        sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.family} = ${sessionId} and ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`;
  const [row] = await db
    .select({ ...getTableColumns(users), sessionAlive })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name));
  let codes: string[];
  if (row.isSuperAdmin) {
    codes = [...PERMISSION_CODES];
  } else if (roleRows.length === 0) {
    codes = [];
  } else {
    const granted = await db
      .selectDistinct({ code: rolePermissions.permissionCode, position: permissions.position })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.code, rolePermissions.permissionCode))
      .where(
        inArray(
          rolePermissions.roleId,
          roleRows.map((role) => role.id),
        ),
      )
      .orderBy(asc(permissions.position));
    codes = granted.map((grant) => grant.code);
  }
  return {
    user: {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      pictureUrl: row.pictureUrl,
      roles: roleRows,
      isActive: row.isActive,
      isSuperAdmin: row.isSuperAdmin,
      permissions: codes,
    },
    emailVerified: row.emailVerifiedAt !== null,
    language: row.language,
    sessionAlive: row.sessionAlive === true,
  };
}

/**
 * Ends a user's sessions: their refresh tokens stop working, so the SPA signs them out at the next refresh (and at
 * once when they are blocked, since the guard also reloads the user). `keepSession` spares the family of the
 * request that made the change, so a user changing their own password stays signed in on that tab only.
 */
export async function revokeRefreshTokens(db: Db, userId: number, keepSession?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepSession ? ne(refreshTokens.family, keepSession) : undefined,
      ),
    );
}
