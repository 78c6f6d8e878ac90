import { z } from "zod";
import { timestamp } from "./common.ts";

/**
 * Fee settings (spec 02 §2 Settings, §3, §7): the guest fee, the host fee and IVA, each a percentage from 0 to 100
 * with at most two decimals ("7.5" is 7.5 %). GET /settings/fees answers `[{code, value}]`; PUT /settings/fees takes
 * `{guest, host, IVA}` and answers the same list. A booking keeps the rates in force when it was made.
 */

/** The codes as the spec names them (and as the form's fields are named). */
export const FEE_CODES = ["guest", "host", "IVA"] as const;
export type FeeCode = (typeof FEE_CODES)[number];

export const FEE_MIN = 0;
export const FEE_MAX = 100;

/** A fee's percentage is a JSON number (7.5), never a string: it is a rate, not an amount of money. */
export const feeSetting = z.object({ code: z.enum(FEE_CODES), value: z.number() });
export type FeeSetting = z.infer<typeof feeSetting>;
export const feeSettings = z.array(feeSetting);

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** At most two decimals, read on the number as typed (7.55 passes, 7.555 does not; binary floats aside). */
const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-7;

/**
 * One fee of the form: a number, or a numeric text as an input sends it ("7.5"); empty is missing. Anything else
 * (a word, true, a list) is "not a number"; below 0 or above 100 is out of range; more than two decimals too.
 */
const feeValue = (missingKey: string) =>
  z.preprocess(
    (value) => {
      if (value === "" || value === null) return undefined;
      if (typeof value === "string" && DECIMAL.test(value.trim())) return Number(value.trim());
      return value;
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? missingKey : "SETTINGS.VALIDATION.FEE_NUMBER"),
      })
      .min(FEE_MIN, "SETTINGS.VALIDATION.FEE_RANGE")
      .max(FEE_MAX, "SETTINGS.VALIDATION.FEE_RANGE")
      .refine(hasTwoDecimalsAtMost, "SETTINGS.VALIDATION.FEE_DECIMALS"),
  );

/** PUT /settings/fees, and the form's schema (validated on submit). */
export const feeSettingsInput = z.object(
  {
    guest: feeValue("SETTINGS.VALIDATION.GUEST_MISSING"),
    host: feeValue("SETTINGS.VALIDATION.HOST_MISSING"),
    IVA: feeValue("SETTINGS.VALIDATION.IVA_MISSING"),
  },
  { error: "SETTINGS.VALIDATION.FEES_MISSING" },
);
export type FeeSettingsInput = z.input<typeof feeSettingsInput>;
export type FeeSettingsValues = z.output<typeof feeSettingsInput>;

/** How many changes the form's history shows. */
export const FEE_HISTORY_LENGTH = 20;

/**
 * One saved change of the fees, read from the audit trail (GET /settings/fees/history): who and when, and each fee
 * that changed from what to what. Saves that changed nothing are left out.
 */
export const feeChange = z.object({
  id: z.number().int(),
  at: timestamp,
  /** The staff member as they were named then (null for a change without an actor). */
  by: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  changes: z.array(z.object({ code: z.enum(FEE_CODES), from: z.number().nullable(), to: z.number().nullable() })),
});
export type FeeChange = z.infer<typeof feeChange>;
export const feeHistory = z.array(feeChange);
