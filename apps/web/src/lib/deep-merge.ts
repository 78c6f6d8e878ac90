export type Tree = { [key: string]: unknown };

const isTree = (value: unknown): value is Tree => typeof value === "object" && value !== null && !Array.isArray(value);

/** Merges `override` into a copy of `base`, recursing into nested objects (used for translation resources). */
export function deepMerge<A extends Tree, B extends Tree>(base: A, override: B): A & B {
  const result: Tree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] = isTree(current) && isTree(value) ? deepMerge(current, value) : value;
  }
  return result as A & B;
}
