import { type Db, PG_UNIQUE_VIOLATION, pgErrorOf } from "../../platform/db.ts";
import { members } from "../../platform/schema.ts";

/**
 * What the marketplace does to its members, as domain services. Members sign up in the marketplace app, not here;
 * the activity simulator goes through the same function.
 */

export interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The calling code without "+". */
  phoneCountry: string;
  birthAt?: string | null;
  placeOfBirth?: string | null;
  language?: "en" | "es";
  at?: Date;
}

export class MemberEmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`a member already signed up with ${email}`);
  }
}

/** A person signs up: one member per e-mail address, whatever its case. Returns the new member's id. */
export async function signUpMember(tx: Db, input: NewMember): Promise<number> {
  const at = input.at ?? new Date();
  try {
    const [row] = await tx
      .insert(members)
      .values({
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email.trim(),
        phone: input.phone,
        phoneCountry: input.phoneCountry,
        birthAt: input.birthAt ?? null,
        placeOfBirth: input.placeOfBirth ?? null,
        language: input.language ?? "es",
        createdAt: at,
        lastActiveAt: at,
        updatedAt: at,
      })
      .returning({ id: members.id });
    return row!.id;
  } catch (error) {
    if (pgErrorOf(error)?.code === PG_UNIQUE_VIOLATION) throw new MemberEmailTakenError(input.email);
    throw error;
  }
}
