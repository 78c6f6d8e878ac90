import { FEE_CODES, type FeeCode, type FeeSetting } from "@palco/shared";
import type { Db } from "../../platform/db.ts";
import { feeSettings } from "../../platform/schema.ts";

/** The rates a new booking is charged (percent with two decimals, as bookingAmounts takes them). */
export interface FeeRates {
  guest: string;
  host: string;
  iva: string;
}

/**
 * The rates of the migration that created the settings (7.5 %, 5 % and 16 %): what was charged before staff could
 * change them, and what a code missing from the table (which the migration and every save prevent) falls back to.
 */
export const DEFAULT_FEE_RATES: FeeRates = { guest: "7.50", host: "5.00", iva: "16.00" };

const RATE_OF: Record<FeeCode, keyof FeeRates> = { guest: "guest", host: "host", IVA: "iva" };

async function storedValues(db: Db, lock: boolean): Promise<Map<FeeCode, string>> {
  const query = db.select({ code: feeSettings.code, value: feeSettings.value }).from(feeSettings);
  const rows = lock ? await query.for("update") : await query;
  return new Map(rows.map((row) => [row.code as FeeCode, row.value]));
}

/** The rates in force, read in the caller's transaction: what a booking made now is charged. */
export async function feeRatesInForce(db: Db): Promise<FeeRates> {
  const stored = await storedValues(db, false);
  const rates = { ...DEFAULT_FEE_RATES };
  for (const code of FEE_CODES) {
    const value = stored.get(code);
    if (value !== undefined) rates[RATE_OF[code]] = value;
  }
  return rates;
}

/**
 * The settings as GET /settings/fees answers them: guest, host, IVA, values as numbers (7.5). With `lock`, the rows
 * stay locked until the caller's transaction ends (a save: two saves take turns, each trail entry's "before" true).
 */
export async function readFeeSettings(db: Db, options: { lock?: boolean } = {}): Promise<FeeSetting[]> {
  const stored = await storedValues(db, options.lock ?? false);
  return FEE_CODES.map((code) => ({ code, value: Number(stored.get(code) ?? DEFAULT_FEE_RATES[RATE_OF[code]]) }));
}

/** `{guest: 7.5, host: 5, IVA: 16}`: the settings as one record (what the audit trail compares). */
export const asRecord = (settings: FeeSetting[]) =>
  Object.fromEntries(settings.map((setting) => [setting.code, setting.value])) as Record<FeeCode, number>;
