/** Business constants from the specification (spec 01 §9, spec 02 §9). */
export const PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 300;
export const ERROR_ALERT_HIDE_MS = 5000;
export const PAGINATION_LINKS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 24;
/** Upper bound for free-text fields so oversized input is a 422, never a database error. */
export const TEXT_MAX_LENGTH = 255;
export const SEARCH_MAX_LENGTH = 100;

/** `code` of the 403 a session that must enrol a factor gets on every route but enrolment. */
export const MFA_ENROLLMENT_REQUIRED_CODE = "MFA_ENROLLMENT_REQUIRED";
/** `code` of the 403 a sensitive route answers when the session has not proved a factor (or password) lately. */
export const STEP_UP_REQUIRED_CODE = "STEP_UP_REQUIRED";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  // "es-MX,es;q=0.9,en;q=0.8" → first tag whose primary subtag we support
  for (const part of acceptLanguage.split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().split("-")[0];
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}
