// Deep imports keep zod (the schemas) out of the entry chunk.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@palco/shared/constants";
import dayjs from "dayjs";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { deepMerge, type Tree } from "./deep-merge.ts";

export const LANGUAGE_STORAGE_KEY = "palco.language";

/** The language the member chose (kept in this browser), else the default. */
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

/**
 * Each language's texts (the shared validation and server texts under the SPA's own) in a chunk of their own,
 * so a page downloads one language, not all of them; the texts grow with every resource.
 */
const loaders: Record<Language, () => Promise<object>> = {
  en: async () => {
    const [shared, app] = await Promise.all([import("@palco/shared/i18n/en"), import("../i18n/en.ts")]);
    return deepMerge(shared.en, app.en);
  },
  es: async () => {
    const [shared, app] = await Promise.all([
      import("@palco/shared/i18n/es"),
      import("../i18n/es.ts"),
      import("dayjs/locale/es"),
    ]);
    return deepMerge(shared.es, app.es);
  },
};

/**
 * Feature texts: the texts of a group of screens, in a chunk that loads with those screens (their resource's
 * `load`), both languages at once (a few KiB), so the texts every page loads stay small as the product grows.
 */
const FEATURE_TEXTS = {
  supply: () => import("../i18n/supply.ts"),
  bookings: () => import("../i18n/bookings.ts"),
  notifications: () => import("../i18n/notifications.ts"),
  reports: () => import("../i18n/reports.ts"),
  audit: () => import("../i18n/audit.ts"),
  secondFactor: () => import("../i18n/second-factor.ts"),
  security: () => import("../i18n/security.ts"),
  search: () => import("../i18n/search.ts"),
  views: () => import("../i18n/views.ts"),
  bulk: () => import("../i18n/bulk-parts.ts"),
  exports: () => import("../i18n/exports-parts.ts"),
} satisfies Record<string, () => Promise<{ texts: Record<Language, object> }>>;
export type FeatureTexts = keyof typeof FEATURE_TEXTS;

const loadedFeatures = new Map<FeatureTexts, Record<Language, object>>();

/**
 * Adds a feature's texts to every language i18next holds, and to those it loads later (loadMessages reads the
 * loaded features).
 */
export async function loadFeatureTexts(feature: FeatureTexts): Promise<void> {
  if (loadedFeatures.has(feature)) return;
  const { texts } = await FEATURE_TEXTS[feature]();
  loadedFeatures.set(feature, texts);
  // The router loads the first page's screens while i18next is still starting (main.tsx): wait for it.
  if (!i18next.isInitialized) await new Promise<void>((resolve) => i18next.on("initialized", () => resolve()));
  for (const language of LANGUAGES) {
    if (i18next.hasResourceBundle(language, "translation")) {
      i18next.addResourceBundle(language, "translation", texts[language], true, true);
    }
  }
}

/**
 * The texts audit entries are read with wherever they show (the trail, a record's history, a stale-version
 * notice): the field names, and the labels of the values the supply and booking screens show (review states,
 * booking statuses…).
 */
export async function loadAuditTexts(): Promise<true> {
  await Promise.all([
    loadFeatureTexts("audit"),
    loadFeatureTexts("supply"),
    loadFeatureTexts("bookings"),
    // Saved views' entries name their list (VIEWS.LISTS).
    loadFeatureTexts("views"),
  ]);
  return true;
}

/**
 * The texts of one language, as i18next holds them; `withFeatures`: with every feature's texts too (what the
 * translation tests read).
 */
export async function loadMessages(language: Language, { withFeatures = false } = {}): Promise<object> {
  const base = await loaders[language]();
  const features = withFeatures
    ? await Promise.all(Object.values(FEATURE_TEXTS).map(async (load) => (await load()).texts[language]))
    : [...loadedFeatures.values()].map((texts) => texts[language]);
  return features.reduce<object>((merged, texts) => deepMerge(merged as Tree, texts as Tree), base);
}

async function ensureLoaded(language: Language) {
  if (!i18next.hasResourceBundle(language, "translation")) {
    i18next.addResourceBundle(language, "translation", await loadMessages(language));
  }
}

/** Starts i18next in the stored language; the app renders once its texts are here (main.tsx). */
export async function initI18n() {
  const initial = storedLanguage();
  // Only the language shown: the translation tests keep every language's keys the same, so nothing falls back.
  await i18next.use(initReactI18next).init({
    resources: { [initial]: { translation: await loadMessages(initial) } },
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnEmptyString: false,
  });
  await followStoredLanguage();
  applyLanguage(currentLanguage());
  i18next.on("languageChanged", (language) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // ignore: the choice simply will not persist
    }
    applyLanguage(language);
  });
}

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language) {
  await ensureLoaded(language);
  return i18next.changeLanguage(language);
}

/**
 * The language kept in this browser, when the app is not in it yet: the prerendered sign-in page's switch works
 * before the app does (public/boot.js keeps the choice where storedLanguage reads it), so the member may have
 * switched while the texts loaded or while React took the page over.
 */
export async function followStoredLanguage() {
  const chosen = storedLanguage();
  if (chosen !== currentLanguage()) await changeLanguage(chosen);
}

export { i18next };
