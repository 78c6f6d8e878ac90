// The supply review's states, box types and limits as plain values, no schema: the screens import them without loading zod (supply.ts builds its schemas from
// them).

/** Spec 02 §4. "returned" is labelled Rejected on screen. */
export const REVIEW_STATUSES = ["pending", "accepted", "returned"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The decisions staff take (PUT …/status). */
export const REVIEW_DECISIONS = ["accepted", "returned"] as const;

/** Spec 02 §9: a reject review has at least this many letters. */
export const REVIEW_MIN_LETTERS = 10;
export const REVIEW_MAX_LENGTH = 2_000;

/** Box types (spec 02 §3). The seasonal-only value is not named by the spec: "season", as bookings call theirs. */
export const BOX_TYPES = ["onetime", "season", "both"] as const;
export type BoxType = (typeof BOX_TYPES)[number];
/** Types sold per event, with a price and deposit of their own (spec 02 §2). */
export const BOX_TYPES_WITH_PRICE: readonly BoxType[] = ["onetime", "both"];

export const DOCUMENT_TYPES = ["passport", "id"] as const;

/** The list filter: every state, plus "waiting" (pending and ready for review: the review inbox). */
export const REVIEW_FILTERS = ["waiting", "pending", "accepted", "returned"] as const;

/** Letters in any alphabet: "at least 10 characters (letters)" (spec 02 §5). */
export const countLetters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

/**
 * The official CLABE: 18 digits (bank 3, plaza 3, account 11, control 1); the control digit weighs the first 17
 * with 3, 7, 1, … and takes each product modulo 10.
 */
export function clabeControlDigit(first17: string): number {
  let sum = 0;
  for (let index = 0; index < 17; index++) sum += (Number(first17[index]) * [3, 7, 1][index % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}

export function isValidClabe(value: string): boolean {
  return /^\d{18}$/.test(value) && clabeControlDigit(value.slice(0, 17)) === Number(value[17]);
}

/**
 * The SAT's RFC pattern: 3 letters (companies) or 4 (people), the date YYMMDD, and a 3-character homoclave.
 * Ñ and & appear in real names.
 */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[A-Z\d]{2}[A\d]$/;
export const isValidRfc = (value: string) => RFC_PATTERN.test(value);
