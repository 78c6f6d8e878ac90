import { randomUUID } from "node:crypto";
import {
  LANGUAGES,
  type Language,
  type LoginResult,
  type MfaChallenge,
  type Session,
  type SignInFailure,
} from "@palco/shared";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { type AuditContext, recordAudit, SECRET_CHANGED } from "../../platform/audit.ts";
import {
  ACTIVATION_TOKEN_TTL_MS,
  type AccessTokens,
  hashPassword,
  loadSessionUser,
  REFRESH_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  randomToken,
  sha256,
  verifyPassword,
} from "../../platform/auth.ts";
import type { Db } from "../../platform/db.ts";
import { ApiError, tooManyAttempts, unauthorized, unprocessable } from "../../platform/errors.ts";
import type { BackgroundTasks, Mailer } from "../../platform/mail.ts";
import { activationMail, resetPasswordMail } from "../../platform/mail-templates.ts";
import { authSessions, mfaChallenges, refreshTokens, users, userTokens } from "../../platform/schema.ts";
import type { Sessions } from "../../platform/sessions.ts";
import type { LoginThrottle, RateLimiter } from "../../platform/throttle.ts";

type TokenPurpose = "reset" | "activation";

export interface AuthServiceDeps {
  db: Db;
  tokens: AccessTokens;
  sessions: Sessions;
  throttle: LoginThrottle;
  /** Limits reset e-mails per account, so "forgot password" cannot be used to flood someone's inbox. */
  resetMailLimiter: RateLimiter;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  /**
   * Members with a second factor sign in in two steps: this makes the second step (modules/security). Required, so
   * no wiring can hand such a member a session for the password alone.
   */
  secondStep: { signInChallenge(userId: number, language: Language | undefined): Promise<MfaChallenge | null> };
}

const asLanguage = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : "en";

type AccountNames = { id: number; firstName: string; lastName: string; email: string };

const actorOf = (account: AccountNames) => ({
  id: account.id,
  name: `${account.firstName} ${account.lastName}`.trim(),
  email: account.email,
});

async function accountActor(executor: Db, userId: number) {
  const [account] = await executor
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return account ? actorOf(account) : null;
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Throttle first (no hashing for a throttled caller), then one argon2 verification whether or not the account
   * exists. Only a correct password learns that an account is blocked or not yet activated. A member with a
   * second factor gets the second step instead of a session; the right password then gives its attempt back
   * without clearing the throttle, so only the second step's outcome counts.
   */
  async login(
    email: string,
    secret: string,
    ip: string,
    language: Language | undefined,
    audit: AuditContext,
  ): Promise<LoginResult> {
    const normalized = email.trim().toLowerCase();
    if (!(await this.deps.throttle.attempt(normalized, ip))) throw tooManyAttempts();
    const [account] = await this.findAccount(normalized).catch(async (error: unknown) => {
      // No password was judged (the account could not be read; in practice the database failing, a 503), so the
      // attempt must not count toward a lockout.
      await this.deps.throttle.notJudged(normalized, ip);
      throw error;
    });
    // Failures are recorded on their own (nothing else is written): who was tried, from where. Never the password.
    const failed = (reason: SignInFailure) =>
      recordAudit(this.deps.db, audit, {
        action: "sign-in-failed",
        resource: account ? "users" : "auth",
        recordId: account?.id ?? null,
        actor: null,
        changes: { email: [null, normalized], reason: [null, reason] },
      });
    if (!(await verifyPassword(account?.passwordHash, secret)) || !account) {
      await failed(account ? "wrong-password" : "unknown-account");
      throw new ApiError(401, { general: "AUTH.INVALID_CREDENTIALS" }, "AUTH.INVALID_CREDENTIALS");
    }
    if (!account.isActive || account.emailVerifiedAt === null) {
      await this.deps.throttle.succeeded(normalized, ip);
      await failed(account.isActive ? "not-activated" : "blocked");
      throw new ApiError(403, { general: "AUTH.ACCOUNT_INACTIVE" }, "AUTH.ACCOUNT_INACTIVE");
    }
    const secondStep = await this.deps.secondStep
      .signInChallenge(account.id, language)
      .catch(async (error: unknown) => {
        await this.deps.throttle.notJudged(normalized, ip);
        throw error;
      });
    if (secondStep) {
      await this.deps.throttle.notJudged(normalized, ip);
      return secondStep;
    }
    await this.deps.throttle.succeeded(normalized, ip);
    return this.deps.db.transaction(async (tx) => {
      if (language) await tx.update(users).set({ language }).where(eq(users.id, account.id));
      const session = await this.startSession(tx, account.id, { audit, mfa: false });
      await recordAudit(tx, audit, {
        action: "sign-in",
        resource: "users",
        recordId: account.id,
        actor: actorOf(account),
      });
      return session;
    });
  }

  /**
   * A new sign-in: its session row (where from, whether a second factor was passed; the proof that just happened
   * counts for step-up) and its first tokens. Runs in the caller's transaction with the sign-in's audit entry.
   */
  async startSession(tx: Db, userId: number, how: { audit: AuditContext; mfa: boolean }): Promise<Session> {
    const family = randomUUID();
    await tx.insert(authSessions).values({
      id: family,
      userId,
      ip: how.audit.ip,
      userAgent: how.audit.userAgent,
      mfa: how.mfa,
    });
    return this.issueSession(userId, family, tx);
  }

  private findAccount(normalized: string) {
    return this.deps.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        passwordHash: users.passwordHash,
        isActive: users.isActive,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(eq(sql`lower(${users.email})`, normalized))
      .limit(1);
  }

  private async issueSession(userId: number, family: string, executor: Db = this.deps.db): Promise<Session> {
    const loaded = await loadSessionUser(executor, {
      userId,
      sessionId: family,
      holdsRefreshToken: true,
      policy: this.deps.sessions.policy,
    });
    if (!loaded) throw unauthorized("AUTH.SESSION_EXPIRED");
    const refreshToken = randomToken();
    await executor.insert(refreshTokens).values({
      userId,
      family,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    const { token, expiresAt } = await this.deps.tokens.sign(userId, family);
    return { token, refreshToken, expiresAt: expiresAt.toISOString(), user: loaded.user };
  }

  /**
   * Single use: the token is claimed atomically. Presenting a token that was already rotated means it leaked
   * (or two tabs raced): the whole family is revoked and every holder must sign in again.
   */
  async refresh(raw: string, audit: AuditContext): Promise<Session> {
    const tokenHash = sha256(raw);
    const now = new Date();
    const outcome = await this.deps.sessions.change(async (tx, sessions) => {
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .returning({ userId: refreshTokens.userId, family: refreshTokens.family });
      if (!claimed) {
        const [known] = await tx
          .select({ family: refreshTokens.family, usedAt: refreshTokens.usedAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .limit(1);
        if (known?.usedAt) {
          await sessions.end({ sessionId: known.family });
          const [holder] = await tx
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
            .from(refreshTokens)
            .innerJoin(users, eq(users.id, refreshTokens.userId))
            .where(eq(refreshTokens.tokenHash, tokenHash))
            .limit(1);
          // A rotated token presented again: it leaked or two tabs raced. Worth knowing either way.
          await recordAudit(tx, audit, {
            action: "session-end",
            resource: "users",
            recordId: holder?.id ?? null,
            actor: holder ? actorOf(holder) : null,
            changes: { reason: [null, "refresh-token-reused"] },
          });
        }
        // Returned, not thrown: throwing would roll back the family revocation.
        return { ok: false as const };
      }
      const loaded = await loadSessionUser(tx, {
        userId: claimed.userId,
        sessionId: claimed.family,
        holdsRefreshToken: true,
        policy: this.deps.sessions.policy,
      });
      if (!loaded?.user.isActive || !loaded.emailVerified) {
        await sessions.end({ sessionId: claimed.family });
        return { ok: false as const };
      }
      // The row keeps the session's MFA state as it is: a refresh only says the session is still in use.
      await tx
        .update(authSessions)
        .set({ lastSeenAt: now, ip: audit.ip, userAgent: audit.userAgent })
        .where(eq(authSessions.id, claimed.family));
      return { ok: true as const, session: await this.issueSession(claimed.userId, claimed.family, tx) };
    });
    if (!outcome.ok) throw unauthorized("AUTH.SESSION_EXPIRED");
    return outcome.session;
  }

  /**
   * Ends the session the access token belongs to (its `sid`) and the one the refresh token belongs to (its whole
   * family); usually both name the same. Unknown tokens are ignored: logout always succeeds.
   */
  async logout(
    tokens: { refreshToken?: string | undefined; accessToken?: string | undefined },
    audit: AuditContext,
  ): Promise<void> {
    const families = new Set<string>();
    // The route is public, so the bearer token is checked here; an invalid or expired one is simply not used.
    if (tokens.accessToken) {
      const verified = await this.deps.tokens.verify(tokens.accessToken);
      if ("sessionId" in verified) families.add(verified.sessionId);
    }
    const raw = tokens.refreshToken;
    if (raw) {
      const [known] = await this.deps.db
        .select({ family: refreshTokens.family })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(raw)))
        .limit(1);
      if (known) families.add(known.family);
    }
    if (families.size === 0) return;
    await this.deps.sessions.change(async (tx, sessions) => {
      const holders = await tx
        .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(and(inArray(refreshTokens.family, [...families]), isNull(refreshTokens.revokedAt)));
      for (const family of families) await sessions.end({ sessionId: family });
      // One entry per account signed out (a session already ended is not signed out again).
      for (const holder of holders) {
        await recordAudit(tx, audit, {
          action: "sign-out",
          resource: "users",
          recordId: holder.id,
          actor: actorOf(holder),
        });
      }
    });
  }

  /**
   * Answers nothing about the account: the lookup and the e-mail run after the response, so neither the answer
   * nor its timing depends on whether the address is known.
   */
  forgot(email: string, requestLanguage: Language | undefined, audit: AuditContext): void {
    const normalized = email.trim().toLowerCase();
    this.deps.background.run("password reset e-mail", async () => {
      const [account] = await this.deps.db
        .select({ id: users.id, firstName: users.firstName, email: users.email, language: users.language })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, normalized), eq(users.isActive, true)))
        .limit(1);
      if (!account) return;
      if (!(await this.deps.resetMailLimiter.take(normalized))) return;
      const raw = await this.deps.db.transaction(async (tx) => {
        await recordAudit(tx, audit, {
          action: "password-reset-request",
          resource: "users",
          recordId: account.id,
          actor: null,
        });
        return this.createUserToken(tx, account.id, "reset");
      });
      const language = requestLanguage ?? asLanguage(account.language);
      const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(raw)}`;
      await this.deps.mailer.send(resetPasswordMail(language, account.email, account.firstName, link));
    });
  }

  async resetPassword(raw: string, password: string, audit: AuditContext): Promise<void> {
    const tokenHash = sha256(raw);
    // Checked before hashing, so random tokens cannot make the server burn argon2 time.
    if (!(await this.findUsableToken(tokenHash, "reset"))) throw unprocessable({ token: "AUTH.TOKEN_INVALID" });
    const passwordHash = await hashPassword(password);
    const done = await this.deps.sessions.change(async (tx, sessions) => {
      const now = new Date();
      const userId = await this.claimToken(tx, tokenHash, "reset", now);
      if (userId === undefined) return false;
      // Following the e-mailed link proves the address, so a pending account becomes verified too.
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, userId));
      await tx
        .update(userTokens)
        .set({ usedAt: now })
        .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, "reset"), isNull(userTokens.usedAt)));
      // Whoever knew the old password may hold a session, or be half-way through a second step: end them all.
      await sessions.end({ userId });
      await tx.delete(mfaChallenges).where(and(eq(mfaChallenges.userId, userId), eq(mfaChallenges.purpose, "sign-in")));
      // Following the e-mailed link is acting as the account's owner.
      await recordAudit(tx, audit, {
        action: "password-reset",
        resource: "users",
        recordId: userId,
        actor: await accountActor(tx, userId),
        changes: { password: SECRET_CHANGED },
      });
      return true;
    });
    if (!done) throw unprocessable({ token: "AUTH.TOKEN_INVALID" });
  }

  async verifyEmail(raw: string, audit: AuditContext): Promise<void> {
    const tokenHash = sha256(raw);
    const done = await this.deps.db.transaction(async (tx) => {
      const now = new Date();
      const userId = await this.claimToken(tx, tokenHash, "activation", now);
      if (userId === undefined) return false;
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: now })
        .where(eq(users.id, userId));
      await recordAudit(tx, audit, {
        action: "account-activation",
        resource: "users",
        recordId: userId,
        actor: await accountActor(tx, userId),
      });
      return true;
    });
    if (!done) throw unprocessable({ token: "AUTH.TOKEN_INVALID" });
  }

  /** Creates an activation link and e-mails it in the user's language (seed now, user creation later). */
  async sendActivationMail(userId: number): Promise<void> {
    const [account] = await this.deps.db
      .select({ id: users.id, firstName: users.firstName, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!account) return;
    const raw = await this.createUserToken(this.deps.db, account.id, "activation");
    const link = `${this.deps.publicUrl}/activate-account?token=${encodeURIComponent(raw)}`;
    await this.deps.mailer.send(activationMail(asLanguage(account.language), account.email, account.firstName, link));
  }

  private async createUserToken(executor: Db, userId: number, purpose: TokenPurpose): Promise<string> {
    const raw = randomToken();
    const ttl = purpose === "reset" ? RESET_TOKEN_TTL_MS : ACTIVATION_TOKEN_TTL_MS;
    await executor.insert(userTokens).values({
      userId,
      purpose,
      tokenHash: sha256(raw),
      expiresAt: new Date(Date.now() + ttl),
    });
    return raw;
  }

  private async findUsableToken(tokenHash: string, purpose: TokenPurpose): Promise<boolean> {
    const rows = await this.deps.db
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Marks the token used if it is still usable, in one statement so two requests cannot both use it. */
  private async claimToken(executor: Db, tokenHash: string, purpose: TokenPurpose, now: Date) {
    const [claimed] = await executor
      .update(userTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .returning({ userId: userTokens.userId });
    return claimed?.userId;
  }
}
