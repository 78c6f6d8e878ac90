import { randomInt } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "@palco/shared";
import { and, count, eq, isNull } from "drizzle-orm";
import { sha256 } from "../../platform/auth.ts";
import type { Db } from "../../platform/db.ts";
import { userRecoveryCodes } from "../../platform/schema.ts";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Ten characters (about 51 bits), shown as `xxxxx-xxxxx`. */
function newCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The stored form: SHA-256 of the ten characters, lower-case, without the dash (the shared schema normalises input). */
export const recoveryCodeHash = (normalised: string) => sha256(normalised.replace(/[\s-]+/g, "").toLowerCase());

/** A fresh set replaces the member's codes (used or not): the old set dies with it. Answers the codes, once. */
export async function issueRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/** Spends an unused code in one statement, so two requests with the same code cannot both use it. */
export async function spendRecoveryCode(tx: Db, userId: number, normalised: string): Promise<boolean> {
  const spent = await tx
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, recoveryCodeHash(normalised)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return spent.length > 0;
}

export async function recoveryCodesLeft(executor: Db, userId: number): Promise<number> {
  const [row] = await executor
    .select({ left: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(row?.left ?? 0);
}
