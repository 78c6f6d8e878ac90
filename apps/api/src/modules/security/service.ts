import {
  LANGUAGES,
  type Language,
  type MfaChallenge,
  type MfaMethod,
  type MfaStatus,
  type Passkey,
  type Session,
  type SessionUser,
  type StepUpMethod,
  type WebAuthnResponse,
} from "@palco/shared";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { type AuditContext, recordAudit } from "../../platform/audit.ts";
import { loadSessionUser, verifyPassword } from "../../platform/auth.ts";
import type { Db } from "../../platform/db.ts";
import { conflict, notFound, tooManyAttempts, unauthorized, unprocessable } from "../../platform/errors.ts";
import type { BackgroundTasks, Mailer } from "../../platform/mail.ts";
import { type SecurityNotice, securityNoticeMail } from "../../platform/mail-templates.ts";
import {
  authSessions,
  mfaChallenges,
  userPasskeys,
  userRecoveryCodes,
  users,
  userTotp,
} from "../../platform/schema.ts";
import type { SessionChanges, Sessions } from "../../platform/sessions.ts";
import type { LoginThrottle } from "../../platform/throttle.ts";
import { guardSuperAdmin, guardTargetPermissions, lockUser } from "../users/service.ts";
import {
  claimChallenge,
  countWrongAnswer,
  createCeremony,
  createSignInChallenge,
  findCeremony,
  findSignInChallenge,
  pruneChallenges,
} from "./challenges.ts";
import {
  authenticationOptions,
  challengeOf,
  type RelyingParty,
  registrationOptions,
  relyingPartyOf,
  verifyAuthentication,
  verifyRegistration,
} from "./passkeys.ts";
import { issueRecoveryCodes, recoveryCodesLeft, spendRecoveryCode } from "./recovery-codes.ts";
import type { SecretBox } from "./secret-box.ts";
import { auditEnd, liveSessions } from "./session-records.ts";
import { claimTotpStep, matchTotpStep, newTotpSecret } from "./totp.ts";

export interface SecurityServiceDeps {
  db: Db;
  sessions: Sessions;
  throttle: LoginThrottle;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  secretBox: SecretBox;
  stepUpSeconds: number;
  /** AuthService.startSession: the sign-in's session row and tokens (bound late: AuthService needs this service). */
  startSession(tx: Db, userId: number, how: { audit: AuditContext; mfa: boolean }): Promise<Session>;
}

/** A proof of a factor, as the second step of a sign-in and a step-up send it (already normalised by the schemas). */
export type FactorProof =
  | { method: "totp"; code: string }
  | { method: "recovery"; code: string }
  | { method: "passkey"; response: WebAuthnResponse };

export type StepUpProof = FactorProof | { method: "password"; password: string };

type StoredPasskey = typeof userPasskeys.$inferSelect;

interface Factors {
  /**
   * The sealed secret of a confirmed authenticator app, opened only to check a code: a secret that no longer opens
   * (the key was rotated) must not stop sign-in with another factor, the status page or a staff reset.
   */
  totpSealed: string | null;
  passkeys: StoredPasskey[];
  recoveryCodesLeft: number;
}

const hasFactor = (factors: Factors) => factors.totpSealed !== null || factors.passkeys.length > 0;

/** Passkey first: it cannot be phished, so the SPA offers it first. Recovery codes only beside a real factor. */
function methodsOf(factors: Factors): MfaMethod[] {
  const methods: MfaMethod[] = [];
  if (factors.passkeys.length > 0) methods.push("passkey");
  if (factors.totpSealed !== null) methods.push("totp");
  if (hasFactor(factors) && factors.recoveryCodesLeft > 0) methods.push("recovery");
  return methods;
}

const asLanguage = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : "en";

const toPasskey = (row: StoredPasskey): Passkey => ({
  id: String(row.id),
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const wrongAnswer = (proof: { method: StepUpMethod }): Record<string, string> => {
  switch (proof.method) {
    case "passkey":
      return { response: "MFA.PASSKEY_INVALID" };
    case "password":
      return { password: "MFA.PASSWORD_INVALID" };
    default:
      return { code: "MFA.CODE_INVALID" };
  }
};

const unavailable = { method: "MFA.METHOD_UNAVAILABLE" };

type Member = Pick<SessionUser, "id" | "email" | "firstName" | "lastName">;

const actorOf = (member: Member) => ({
  id: member.id,
  name: `${member.firstName} ${member.lastName}`.trim(),
  email: member.email,
});

/** What the proof did, for the audit trail and the notices (never the code itself). */
type ProofOutcome =
  | { ok: true; recoveryCodeUsed: boolean }
  | { ok: false; messages: Record<string, string>; judged: boolean };

/**
 * Changes of one member's factors take turns on the member's row: two removals in parallel would each still see the
 * other's factor and together leave a member who must use one with none.
 */
async function lockFactors(tx: Db, userId: number) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw notFound();
}

/**
 * Second factors (TOTP, passkeys, recovery codes), the second step of a sign-in, step-up and the staff reset. Every
 * code, secret and challenge is checked and spent here, atomically, so none is good twice.
 */
export class SecurityService {
  readonly rp: RelyingParty;

  constructor(private readonly deps: SecurityServiceDeps) {
    this.rp = relyingPartyOf(deps.publicUrl);
  }

  private async factorsOf(executor: Db, userId: number): Promise<Factors> {
    const [totp] = await executor
      .select({ secret: userTotp.secretEncrypted })
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
      .limit(1);
    const passkeys = await executor
      .select()
      .from(userPasskeys)
      .where(eq(userPasskeys.userId, userId))
      .orderBy(asc(userPasskeys.createdAt), asc(userPasskeys.id));
    return {
      totpSealed: totp?.secret ?? null,
      passkeys,
      recoveryCodesLeft: await recoveryCodesLeft(executor, userId),
    };
  }

  /** The secret, or null when it cannot be opened with the current key (then no code matches it). */
  private openSecret(sealed: string): string | null {
    try {
      return this.deps.secretBox.open(sealed);
    } catch {
      return null;
    }
  }

  private async mfaRequired(userId: number, sessionId: string): Promise<boolean> {
    return (await this.deps.sessions.reload(userId, sessionId))?.mfaRequired ?? false;
  }

  async status(member: Member, sessionId: string): Promise<MfaStatus> {
    return this.statusOf(member.id, await this.mfaRequired(member.id, sessionId));
  }

  /** Another member's factors, for staff deciding on a reset (404 for an unknown member). */
  async memberStatus(userId: number): Promise<MfaStatus> {
    const loaded = await loadSessionUser(this.deps.db, { userId, policy: this.deps.sessions.policy });
    if (!loaded) throw notFound();
    return this.statusOf(userId, loaded.mfaRequired);
  }

  private async statusOf(userId: number, required: boolean): Promise<MfaStatus> {
    const factors = await this.factorsOf(this.deps.db, userId);
    return {
      totp: factors.totpSealed !== null,
      passkeys: factors.passkeys.map(toPasskey),
      recoveryCodesLeft: hasFactor(factors) ? factors.recoveryCodesLeft : 0,
      required,
    };
  }

  // --- TOTP ---------------------------------------------------------------------------------------------------

  /** A new pending secret (replacing an earlier pending one); the authenticator app is active only once confirmed. */
  async startTotp(member: Member): Promise<{ secret: string; otpauthUrl: string }> {
    const setup = newTotpSecret(member.email);
    const sealed = this.deps.secretBox.seal(setup.secret);
    const written = await this.deps.db
      .insert(userTotp)
      .values({ userId: member.id, secretEncrypted: sealed })
      .onConflictDoUpdate({
        target: userTotp.userId,
        set: { secretEncrypted: sealed, lastUsedStep: null, createdAt: new Date() },
        setWhere: sql`${userTotp.confirmedAt} is null`,
      })
      .returning({ userId: userTotp.userId });
    if (written.length === 0) throw conflict("MFA.TOTP_ALREADY_ACTIVE");
    return setup;
  }

  async confirmTotp(member: Member, sessionId: string, code: string, audit: AuditContext): Promise<string[]> {
    const [row] = await this.deps.db.select().from(userTotp).where(eq(userTotp.userId, member.id)).limit(1);
    if (!row) throw conflict("MFA.TOTP_NOT_STARTED");
    if (row.confirmedAt) throw conflict("MFA.TOTP_ALREADY_ACTIVE");
    const secret = this.openSecret(row.secretEncrypted);
    const step = secret === null ? null : matchTotpStep(secret, code);
    if (step === null) throw unprocessable({ code: "MFA.CODE_INVALID" });
    const codes = await this.deps.sessions.change(async (tx, changes) => {
      await lockFactors(tx, member.id);
      if (!(await claimTotpStep(tx, member.id, step, false))) return null;
      const confirmed = await tx
        .update(userTotp)
        .set({ confirmedAt: new Date() })
        .where(and(eq(userTotp.userId, member.id), sql`${userTotp.confirmedAt} is null`))
        .returning({ userId: userTotp.userId });
      if (confirmed.length === 0) return null;
      const issued = await issueRecoveryCodes(tx, member.id);
      await this.markProved(tx, changes, member.id, sessionId, "enrolled");
      await recordAudit(tx, audit, {
        action: "mfa-enrol",
        resource: "users",
        recordId: member.id,
        // One entry per request: the codes issued with the app are part of its enrolment (never the codes).
        changes: { factor: [null, "totp"], recoveryCodes: [null, issued.length] },
      });
      return issued;
    });
    if (!codes) throw unprocessable({ code: "MFA.CODE_INVALID" });
    this.notify(member.id, { kind: "factor-added", factor: "totp" });
    return codes;
  }

  async removeTotp(member: Member, sessionId: string, audit: AuditContext): Promise<void> {
    const required = await this.mfaRequired(member.id, sessionId);
    await this.deps.db.transaction(async (tx) => {
      await lockFactors(tx, member.id);
      const factors = await this.factorsOf(tx, member.id);
      const [row] = await tx
        .delete(userTotp)
        .where(eq(userTotp.userId, member.id))
        .returning({ confirmedAt: userTotp.confirmedAt });
      if (!row) throw notFound();
      // A pending set-up was never a factor: dropping it changes nothing of the account's protection.
      if (!row.confirmedAt) return;
      const left = { ...factors, totpSealed: null };
      await this.afterRemoval(tx, member, left, required);
      await recordAudit(tx, audit, {
        action: "mfa-remove",
        resource: "users",
        recordId: member.id,
        changes: { factor: ["totp", null] },
      });
    });
  }

  /**
   * A member whose role requires a second factor may not remove the last one (they would be confined to enrolment
   * at their next sign-in); recovery codes die with the last factor, as they stand in for one.
   */
  private async afterRemoval(tx: Db, member: Member, left: Factors, required: boolean) {
    if (hasFactor(left)) return;
    if (required) throw conflict("MFA.LAST_FACTOR_REQUIRED");
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, member.id));
  }

  async newRecoveryCodes(member: Member, audit: AuditContext): Promise<string[]> {
    return this.deps.db.transaction(async (tx) => {
      await lockFactors(tx, member.id);
      if (!hasFactor(await this.factorsOf(tx, member.id))) throw conflict("MFA.NO_FACTOR");
      const codes = await issueRecoveryCodes(tx, member.id);
      await recordAudit(tx, audit, { action: "recovery-codes-issued", resource: "users", recordId: member.id });
      return codes;
    });
  }

  // --- Passkeys -----------------------------------------------------------------------------------------------

  async passkeyRegistrationOptions(member: Member, sessionId: string) {
    const passkeys = await this.deps.db.select().from(userPasskeys).where(eq(userPasskeys.userId, member.id));
    const options = await registrationOptions(
      this.rp,
      { id: member.id, email: member.email, name: `${member.firstName} ${member.lastName}`.trim() },
      passkeys,
    );
    await createCeremony(this.deps.db, {
      userId: member.id,
      sessionId,
      purpose: "passkey-registration",
      webauthnChallenge: options.challenge,
    });
    return options;
  }

  async registerPasskey(
    member: Member,
    sessionId: string,
    body: { name: string; response: WebAuthnResponse },
    audit: AuditContext,
  ): Promise<Passkey> {
    const challenge = challengeOf(body.response);
    const ceremony = challenge
      ? await findCeremony(this.deps.db, {
          userId: member.id,
          sessionId,
          purpose: "passkey-registration",
          webauthnChallenge: challenge,
        })
      : undefined;
    const credential = ceremony ? await verifyRegistration(this.rp, body.response, ceremony.webauthnChallenge!) : null;
    if (!ceremony || !credential) throw unprocessable({ response: "MFA.PASSKEY_INVALID" });
    const created = await this.deps.sessions.change(async (tx, changes) => {
      await lockFactors(tx, member.id);
      if (!(await claimChallenge(tx, ceremony.id))) return null;
      const [known] = await tx
        .select({ id: userPasskeys.id })
        .from(userPasskeys)
        .where(eq(userPasskeys.credentialId, credential.credentialId))
        .limit(1);
      if (known) throw conflict("MFA.PASSKEY_EXISTS");
      const [row] = await tx
        .insert(userPasskeys)
        .values({ userId: member.id, name: body.name, ...credential })
        .returning();
      await this.markProved(tx, changes, member.id, sessionId, "enrolled");
      await recordAudit(tx, audit, {
        action: "mfa-enrol",
        resource: "users",
        recordId: member.id,
        changes: { factor: [null, "passkey"], passkey: [null, body.name] },
      });
      return row!;
    });
    if (!created) throw unprocessable({ response: "MFA.PASSKEY_INVALID" });
    this.notify(member.id, { kind: "factor-added", factor: "passkey", name: created.name });
    return toPasskey(created);
  }

  async renamePasskey(member: Member, id: number, name: string, audit: AuditContext): Promise<Passkey> {
    return this.deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ name: userPasskeys.name })
        .from(userPasskeys)
        .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, member.id)))
        .for("update")
        .limit(1);
      if (!before) throw notFound();
      const [row] = await tx.update(userPasskeys).set({ name }).where(eq(userPasskeys.id, id)).returning();
      if (before.name !== name) {
        await recordAudit(tx, audit, {
          action: "update",
          resource: "users",
          recordId: member.id,
          changes: { passkey: [before.name, name] },
        });
      }
      return toPasskey(row!);
    });
  }

  async removePasskey(member: Member, sessionId: string, id: number, audit: AuditContext): Promise<void> {
    const required = await this.mfaRequired(member.id, sessionId);
    await this.deps.db.transaction(async (tx) => {
      await lockFactors(tx, member.id);
      const [row] = await tx
        .delete(userPasskeys)
        .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, member.id)))
        .returning({ name: userPasskeys.name });
      if (!row) throw notFound();
      await this.afterRemoval(tx, member, await this.factorsOf(tx, member.id), required);
      await recordAudit(tx, audit, {
        action: "mfa-remove",
        resource: "users",
        recordId: member.id,
        changes: { factor: ["passkey", null], passkey: [row.name, null] },
      });
    });
  }

  // --- Proofs -------------------------------------------------------------------------------------------------

  /**
   * Checks a factor and spends what it used (the TOTP step, the recovery code, the passkey's counter) in the
   * caller's transaction. `judged` false: the method is not one the member has, so nothing was guessed.
   */
  private async prove(
    tx: Db,
    userId: number,
    factors: Factors,
    proof: FactorProof,
    webauthnChallenge: string | null,
  ): Promise<ProofOutcome> {
    const wrong = { ok: false as const, messages: wrongAnswer(proof), judged: true };
    if (!methodsOf(factors).includes(proof.method)) return { ok: false, messages: unavailable, judged: false };
    switch (proof.method) {
      case "totp": {
        const secret = this.openSecret(factors.totpSealed!);
        const step = secret === null ? null : matchTotpStep(secret, proof.code);
        if (step === null || !(await claimTotpStep(tx, userId, step))) return wrong;
        return { ok: true, recoveryCodeUsed: false };
      }
      case "recovery":
        return (await spendRecoveryCode(tx, userId, proof.code)) ? { ok: true, recoveryCodeUsed: true } : wrong;
      case "passkey": {
        if (!webauthnChallenge) return wrong;
        const used = await verifyAuthentication(this.rp, proof.response, webauthnChallenge, factors.passkeys);
        if (!used) return wrong;
        await tx
          .update(userPasskeys)
          .set({ counter: used.counter, lastUsedAt: new Date() })
          .where(eq(userPasskeys.id, used.passkeyId));
        return { ok: true, recoveryCodeUsed: false };
      }
    }
  }

  /**
   * What the session proved now. A step-up with a factor renews the step-up window and counts as the second step
   * (it lifts an enrolment-only session); the password (a member without a factor) only renews the window. A new
   * factor counts as the second step but renews nothing: whoever holds a session could add a factor of their own,
   * so adding one must never stand in for proving the member's (the enrolment routes ask for a fresh step-up).
   */
  private async markProved(
    tx: Db,
    changes: SessionChanges,
    userId: number,
    sessionId: string,
    proof: "factor" | "password" | "enrolled",
  ) {
    const now = new Date();
    const set =
      proof === "factor"
        ? { mfa: true, verifiedAt: now, lastSeenAt: now }
        : proof === "password"
          ? { verifiedAt: now, lastSeenAt: now }
          : { mfa: true, lastSeenAt: now };
    await tx
      .update(authSessions)
      .set(set)
      .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)));
    changes.accessChanged({ userId });
  }

  // --- Sign-in, second step -----------------------------------------------------------------------------------

  /** For AuthService.login once the password is right: the second step, or null for a member without a factor. */
  async signInChallenge(userId: number, language: Language | undefined): Promise<MfaChallenge | null> {
    const factors = await this.factorsOf(this.deps.db, userId);
    if (!hasFactor(factors)) return null;
    const passkeyOptions =
      factors.passkeys.length > 0 ? await authenticationOptions(this.rp, factors.passkeys) : undefined;
    // Now and then, so answered or abandoned challenges do not pile up (sign-ins are what creates most of them).
    if (Math.random() < 0.05) await pruneChallenges(this.deps.db);
    const challenge = await createSignInChallenge(this.deps.db, {
      userId,
      webauthnChallenge: passkeyOptions?.challenge ?? null,
      language: language ?? null,
    });
    return {
      mfaRequired: true,
      challenge,
      methods: methodsOf(factors),
      ...(passkeyOptions ? { passkeyOptions: passkeyOptions as unknown as Record<string, unknown> } : {}),
    };
  }

  /**
   * The second step: the challenge must be open, the account throttle must admit the attempt (wrong answers count
   * on it like wrong passwords, and on the challenge, which dies after a few), and the factor must be right.
   */
  async completeSignIn(token: string, proof: FactorProof, ip: string, audit: AuditContext): Promise<Session> {
    const { db, throttle } = this.deps;
    const challenge = await findSignInChallenge(db, token);
    if (!challenge) throw unauthorized("MFA.CHALLENGE_EXPIRED");
    const [account] = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        isActive: users.isActive,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, challenge.userId))
      .limit(1);
    if (!account?.isActive) throw unauthorized("MFA.CHALLENGE_EXPIRED");
    const email = account.email.toLowerCase();
    if (!(await throttle.attempt(email, ip))) throw tooManyAttempts();
    let outcome:
      | Extract<ProofOutcome, { ok: false }>
      | { expired: true }
      | { ok: true; session: Session; recoveryCodeUsed: boolean };
    try {
      outcome = await db.transaction(async (tx) => {
        if (!(await claimChallenge(tx, challenge.id))) return { expired: true as const };
        const proved = await this.prove(
          tx,
          account.id,
          await this.factorsOf(tx, account.id),
          proof,
          challenge.webauthnChallenge,
        );
        if (!proved.ok) {
          if (proved.judged) await countWrongAnswer(tx, challenge.id);
          else await tx.update(mfaChallenges).set({ usedAt: null }).where(eq(mfaChallenges.id, challenge.id));
          return proved;
        }
        if (challenge.language)
          await tx.update(users).set({ language: challenge.language }).where(eq(users.id, account.id));
        const session = await this.deps.startSession(tx, account.id, { audit, mfa: true });
        const actor = actorOf(account);
        await recordAudit(tx, audit, { action: "sign-in", resource: "users", recordId: account.id, actor });
        await recordAudit(tx, audit, {
          action: "mfa-passed",
          resource: "users",
          recordId: account.id,
          actor,
          changes: { method: [null, proof.method] },
        });
        if (proved.recoveryCodeUsed) {
          await recordAudit(tx, audit, {
            action: "recovery-code-used",
            resource: "users",
            recordId: account.id,
            actor,
          });
        }
        return { ok: true as const, session, recoveryCodeUsed: proved.recoveryCodeUsed };
      });
    } catch (error) {
      await throttle.notJudged(email, ip);
      throw error;
    }
    if ("expired" in outcome) {
      await throttle.notJudged(email, ip);
      throw unauthorized("MFA.CHALLENGE_EXPIRED");
    }
    if (!outcome.ok) {
      if (!outcome.judged) {
        await throttle.notJudged(email, ip);
        throw unprocessable(outcome.messages);
      }
      await recordAudit(db, audit, {
        action: "mfa-failed",
        resource: "users",
        recordId: account.id,
        actor: null,
        changes: { method: [null, proof.method] },
      });
      throw unprocessable(outcome.messages);
    }
    await throttle.succeeded(email, ip);
    if (outcome.recoveryCodeUsed) this.notifyRecoveryCodeUsed(account.id);
    return outcome.session;
  }

  // --- Step-up ------------------------------------------------------------------------------------------------

  async stepUpOptions(
    member: Member,
    sessionId: string,
  ): Promise<{ methods: StepUpMethod[]; passkeyOptions?: Record<string, unknown> }> {
    const factors = await this.factorsOf(this.deps.db, member.id);
    if (!hasFactor(factors)) return { methods: ["password"] };
    if (factors.passkeys.length === 0) return { methods: methodsOf(factors) };
    const options = await authenticationOptions(this.rp, factors.passkeys);
    await createCeremony(this.deps.db, {
      userId: member.id,
      sessionId,
      purpose: "step-up",
      webauthnChallenge: options.challenge,
    });
    return { methods: methodsOf(factors), passkeyOptions: options as unknown as Record<string, unknown> };
  }

  /**
   * Renews the session's proof. Wrong answers count on the account's sign-in throttle (a stolen session cannot
   * guess codes or the password any faster than a sign-in could). The password is a proof only for a member
   * without a factor.
   */
  async stepUp(member: Member, sessionId: string, proof: StepUpProof, ip: string, audit: AuditContext) {
    const { db, throttle } = this.deps;
    const email = member.email.toLowerCase();
    if (!(await throttle.attempt(email, ip))) throw tooManyAttempts();
    const factors = await this.factorsOf(db, member.id);
    let outcome: ProofOutcome;
    try {
      outcome = await this.deps.sessions.change(async (tx, changes) => {
        const proved = await this.proveStepUp(tx, member, sessionId, factors, proof);
        if (proved.ok) {
          await this.markProved(tx, changes, member.id, sessionId, proof.method === "password" ? "password" : "factor");
          await recordAudit(tx, audit, {
            action: "step-up",
            resource: "users",
            recordId: member.id,
            changes: { method: [null, proof.method] },
          });
          if (proved.recoveryCodeUsed) {
            await recordAudit(tx, audit, { action: "recovery-code-used", resource: "users", recordId: member.id });
          }
        }
        return proved;
      });
    } catch (error) {
      await throttle.notJudged(email, ip);
      throw error;
    }
    if (!outcome.ok) {
      if (!outcome.judged) {
        await throttle.notJudged(email, ip);
        throw unprocessable(outcome.messages);
      }
      await recordAudit(db, audit, {
        action: "step-up-failed",
        resource: "users",
        recordId: member.id,
        changes: { method: [null, proof.method] },
      });
      throw unprocessable(outcome.messages);
    }
    await throttle.succeeded(email, ip);
    if (outcome.recoveryCodeUsed) this.notifyRecoveryCodeUsed(member.id);
    return { verifiedUntil: new Date(Date.now() + this.deps.stepUpSeconds * 1000).toISOString() };
  }

  private async proveStepUp(
    tx: Db,
    member: Member,
    sessionId: string,
    factors: Factors,
    proof: StepUpProof,
  ): Promise<ProofOutcome> {
    if (proof.method === "password") {
      if (hasFactor(factors)) return { ok: false, messages: unavailable, judged: false };
      const [row] = await tx
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, member.id))
        .limit(1);
      return (await verifyPassword(row?.passwordHash ?? undefined, proof.password))
        ? { ok: true, recoveryCodeUsed: false }
        : { ok: false, messages: wrongAnswer(proof), judged: true };
    }
    if (proof.method !== "passkey") return this.prove(tx, member.id, factors, proof, null);
    const challenge = challengeOf(proof.response);
    const ceremony = challenge
      ? await findCeremony(tx, { userId: member.id, sessionId, purpose: "step-up", webauthnChallenge: challenge })
      : undefined;
    if (!ceremony || !(await claimChallenge(tx, ceremony.id))) {
      return { ok: false, messages: wrongAnswer(proof), judged: true };
    }
    return this.prove(tx, member.id, factors, proof, ceremony.webauthnChallenge);
  }

  // --- Staff reset --------------------------------------------------------------------------------------------

  /**
   * Staff remove every factor of a member who lost theirs: the member's sessions end (whoever holds one may be the
   * one who took the phone), the member is told by e-mail and enrols again at the next sign-in if their role asks.
   */
  async resetMember(actor: SessionUser, userId: number, audit: AuditContext): Promise<void> {
    const target = await this.deps.sessions.change(async (tx, changes) => {
      const locked = await lockUser(tx, userId);
      // As for every other change of an account: a super-admin only by a super-admin, nobody above one's own rights.
      guardSuperAdmin(locked, actor, "edit");
      await guardTargetPermissions(tx, userId, actor);
      const removed = await this.factorsOf(tx, userId);
      await tx.delete(userTotp).where(eq(userTotp.userId, userId));
      await tx.delete(userPasskeys).where(eq(userPasskeys.userId, userId));
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
      for (const ended of await liveSessions(tx, userId)) {
        await auditEnd(tx, audit, { userId, sessionId: ended.id }, "factors-reset");
      }
      await changes.end({ userId });
      changes.accessChanged({ userId });
      await recordAudit(tx, audit, {
        action: "mfa-reset",
        resource: "users",
        recordId: userId,
        changes: {
          totp: [removed.totpSealed !== null, false],
          passkeys: [removed.passkeys.length, 0],
        },
      });
      return locked.target;
    });
    this.notify(target.id, { kind: "mfa-reset" });
  }

  // --- Notices ------------------------------------------------------------------------------------------------

  private notifyRecoveryCodeUsed(userId: number) {
    this.deps.background.run("recovery code notice", async () => {
      const codesLeft = await recoveryCodesLeft(this.deps.db, userId);
      await this.sendNotice(userId, { kind: "recovery-code-used", codesLeft });
    });
  }

  /** After the commit, off the response: the notice reports what happened, it does not decide it. */
  private notify(userId: number, notice: SecurityNotice) {
    this.deps.background.run("security notice", () => this.sendNotice(userId, notice));
  }

  private async sendNotice(userId: number, notice: SecurityNotice) {
    const [member] = await this.deps.db
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!member) return;
    await this.deps.mailer.send(
      securityNoticeMail(asLanguage(member.language), member.email, member.firstName, notice),
    );
  }
}
