import type { Language } from "../constants.ts";
import { apiOnlyEn } from "./api-only.ts";
import { apiOnlyEs } from "./api-only-es.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { exportsEn } from "./exports.ts";
import { exportsEs } from "./exports-es.ts";

/**
 * The texts of exported files (column headers, enum values, export errors), of bulk validation and of search
 * results are the API's alone: they join here, not in en.ts/es.ts, which the SPA loads before every page.
 */
export const sharedMessages = {
  en: { ...en, ...apiOnlyEn, EXPORTS: exportsEn },
  es: { ...es, ...apiOnlyEs, EXPORTS: exportsEs },
} as const;

/** Resolves a dotted key ("CITIES.VALIDATION.CODE_FORMAT"); unknown keys come back unchanged. */
export function translate(language: Language, key: string): string {
  let node: unknown = sharedMessages[language];
  for (const part of key.split(".")) {
    if (node && typeof node === "object" && part in node) node = (node as Record<string, unknown>)[part];
    else return key;
  }
  return typeof node === "string" ? node : key;
}
