import { MFA_CHALLENGE_MAX_ATTEMPTS, MFA_CHALLENGE_TTL_SECONDS } from "@palco/shared";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { randomToken, sha256 } from "../../platform/auth.ts";
import type { Db } from "../../platform/db.ts";
import { mfaChallenges } from "../../platform/schema.ts";

export type ChallengePurpose = (typeof mfaChallenges.$inferSelect)["purpose"];
export type Challenge = typeof mfaChallenges.$inferSelect;

/** Still answerable: not used, not expired, not killed by wrong answers. */
const usable = (now: Date) =>
  and(
    isNull(mfaChallenges.usedAt),
    gt(mfaChallenges.expiresAt, now),
    lt(mfaChallenges.attempts, MFA_CHALLENGE_MAX_ATTEMPTS),
  );

/**
 * The second step of a sign-in: a random token the client sends back (stored hashed), with the WebAuthn challenge
 * when the member has passkeys. Older open sign-in challenges of the member stay valid until they expire: two tabs
 * signing in at once both finish.
 */
export async function createSignInChallenge(
  executor: Db,
  values: { userId: number; webauthnChallenge: string | null; language: string | null },
): Promise<string> {
  const token = randomToken();
  await executor.insert(mfaChallenges).values({
    userId: values.userId,
    purpose: "sign-in",
    tokenHash: sha256(token),
    webauthnChallenge: values.webauthnChallenge,
    language: values.language,
    expiresAt: new Date(Date.now() + MFA_CHALLENGE_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * A WebAuthn ceremony of a signed-in session (registration or step-up): the options the browser gets carry the
 * challenge, so the row is keyed by the challenge itself.
 */
export async function createCeremony(
  executor: Db,
  values: {
    userId: number;
    sessionId: string;
    purpose: Exclude<ChallengePurpose, "sign-in">;
    webauthnChallenge: string;
  },
): Promise<void> {
  await executor.insert(mfaChallenges).values({
    userId: values.userId,
    purpose: values.purpose,
    sessionId: values.sessionId,
    tokenHash: sha256(values.webauthnChallenge),
    webauthnChallenge: values.webauthnChallenge,
    expiresAt: new Date(Date.now() + MFA_CHALLENGE_TTL_SECONDS * 1000),
  });
}

export async function findSignInChallenge(executor: Db, token: string): Promise<Challenge | undefined> {
  const [row] = await executor
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tokenHash, sha256(token)), eq(mfaChallenges.purpose, "sign-in"), usable(new Date())))
    .limit(1);
  return row;
}

/** The open ceremony of this session that issued this WebAuthn challenge. */
export async function findCeremony(
  executor: Db,
  where: {
    userId: number;
    sessionId: string;
    purpose: Exclude<ChallengePurpose, "sign-in">;
    webauthnChallenge: string;
  },
): Promise<Challenge | undefined> {
  const [row] = await executor
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, sha256(where.webauthnChallenge)),
        eq(mfaChallenges.purpose, where.purpose),
        eq(mfaChallenges.userId, where.userId),
        eq(mfaChallenges.sessionId, where.sessionId),
        usable(new Date()),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Marks the challenge used if it still is usable, in one statement: of two answers only one gets through. Run in
 * the transaction that acts on the answer; a wrong answer hands it back with `countWrongAnswer`.
 */
export async function claimChallenge(executor: Db, id: number): Promise<boolean> {
  const claimed = await executor
    .update(mfaChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaChallenges.id, id), usable(new Date())))
    .returning({ id: mfaChallenges.id });
  return claimed.length > 0;
}

/** A wrong answer: the challenge is open again (unless claimed by nobody) with one more attempt spent. */
export async function countWrongAnswer(executor: Db, id: number): Promise<void> {
  await executor
    .update(mfaChallenges)
    .set({ usedAt: null, attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(eq(mfaChallenges.id, id));
}

/** Drops challenges that can no longer be answered (called now and then, so the table stays small). */
export async function pruneChallenges(executor: Db): Promise<void> {
  await executor.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}
