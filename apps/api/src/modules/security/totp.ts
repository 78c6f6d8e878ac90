import { TOTP_ALGORITHM, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW } from "@palco/shared";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Db } from "../../platform/db.ts";
import { userTotp } from "../../platform/schema.ts";

export const TOTP_ISSUER = "Palco Admin";

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh secret (20 random bytes, RFC 4226's recommended length) and the otpauth:// URL of its QR code. */
export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, label).toString() };
}

/** The code of a time step (tests and the demo data act as an authenticator app with it). */
export function totpCodeAt(secretBase32: string, timestamp: number): string {
  return totpOf(secretBase32, "code").generate({ timestamp });
}

/**
 * The time step the code belongs to when it matches the current step or one step either side (clock drift), else
 * null. Accepting it is a separate, atomic claim (`claimTotpStep`), so a code is good once.
 */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secretBase32, "code");
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * Records the step as used if no code of it or of a later step was accepted before, in one statement: of two
 * requests carrying the same code only one gets through, and a code older than the last one accepted is a replay.
 */
export async function claimTotpStep(
  executor: Db,
  userId: number,
  step: number,
  confirmedOnly = true,
): Promise<boolean> {
  const claimed = await executor
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        confirmedOnly ? isNotNull(userTotp.confirmedAt) : undefined,
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return claimed.length > 0;
}
