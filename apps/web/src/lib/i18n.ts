// Deep imports keep zod (the schemas) out of the entry chunk.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@palco/shared/constants";
import { sharedMessages } from "@palco/shared/i18n/index";
import dayjs from "dayjs";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import "dayjs/locale/es";
import { en } from "../i18n/en.ts";
import { es } from "../i18n/es.ts";
import { deepMerge } from "./deep-merge.ts";

export const LANGUAGE_STORAGE_KEY = "palco.language";

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (value && (LANGUAGES as readonly string[]).includes(value)) return value as Language;
  } catch {
    // storage unavailable (private mode): fall back to the default
  }
  return DEFAULT_LANGUAGE;
}

function applyLanguage(language: string) {
  if (typeof document !== "undefined") document.documentElement.lang = language;
  dayjs.locale(language);
}

export const resources = {
  en: { translation: deepMerge(sharedMessages.en, en) },
  es: { translation: deepMerge(sharedMessages.es, es) },
};

const initial = storedLanguage();
void i18next.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnEmptyString: false,
});
applyLanguage(initial);

i18next.on("languageChanged", (language) => {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // ignore: the choice simply will not persist
  }
  applyLanguage(language);
});

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

export function changeLanguage(language: Language) {
  return i18next.changeLanguage(language);
}

export { i18next };
