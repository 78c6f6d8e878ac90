// Exact money as plain functions, no schema: the dashboard sums amounts without loading zod.

/**
 * Exact money: amounts as centavos (bigint), never floats. A rate is a percentage with up to two decimals
 * ("7.5"); an amount times a rate rounds half up to the centavo.
 */
export const toCents = (amount: string): bigint => {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
};
export const fromCents = (cents: bigint): string => {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};
