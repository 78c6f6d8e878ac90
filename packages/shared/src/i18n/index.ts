import type { Language } from "../constants.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";

export const sharedMessages = { en, es } as const;

/** Resolves a dotted key ("CITIES.VALIDATION.CODE_FORMAT"); unknown keys come back unchanged. */
export function translate(language: Language, key: string): string {
  let node: unknown = sharedMessages[language];
  for (const part of key.split(".")) {
    if (node && typeof node === "object" && part in node) node = (node as Record<string, unknown>)[part];
    else return key;
  }
  return typeof node === "string" ? node : key;
}
