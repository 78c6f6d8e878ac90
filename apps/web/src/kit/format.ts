import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@palco/shared/constants";
import dayjs from "dayjs";

/**
 * Calendar days per language, day first in both (spec 02 §9's D/M/YYYY): what lists, details, the date filters and
 * the dashboard's range picker show, so every date on screen reads day/month/year (docs/decisions.md, Screens).
 */
export const DATE_FORMATS = {
  en: "D/M/YYYY",
  es: "D/M/YYYY",
} as const satisfies Record<Language, string>;

/**
 * Timestamps per language: the day as above and the time, English as spec 01 shows it (12-hour clock), Spanish
 * with the 24-hour clock its readers expect.
 */
export const DATE_TIME_FORMATS = {
  en: `${DATE_FORMATS.en} h:mm:ss A`,
  es: `${DATE_FORMATS.es} H:mm:ss`,
} as const satisfies Record<Language, string>;

const known = (language: string): Language =>
  (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;

const formatFor = (language: string): string => DATE_TIME_FORMATS[known(language)];

/** The day format of a language (a date picker's `valueFormat`). */
export const dateFormatFor = (language: string): string => DATE_FORMATS[known(language)];

/**
 * Formats an ISO timestamp in the browser's time zone in the language's format; empty for missing values.
 * `language` defaults to dayjs' current locale, which follows the UI language (lib/i18n.ts).
 */
export function formatDateTime(value: string | Date | null | undefined, language: string = dayjs.locale()): string {
  if (!value) return "";
  const date = dayjs(value);
  return date.isValid() ? date.format(formatFor(language)) : "";
}

/**
 * A calendar day ("YYYY-MM-DD": a birth date, a report's bounds) in the day part of the timestamps' format,
 * "28/10/2026", read as written: a day has no time zone to convert.
 */
export function formatDay(day: string | null | undefined, language: string = dayjs.locale()): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return "";
  const date = dayjs(day);
  return date.isValid() ? date.format(dateFormatFor(language)) : "";
}

/** Ends a message with a full stop unless it already ends a sentence, so another sentence can follow it. */
export function asSentence(text: string): string {
  const trimmed = text.trimEnd();
  return trimmed === "" || /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * An exact amount as the API sends it ("18500.50", never a float) with the $ prefix the spec shows, in the
 * language's grouping: "$18,500.50". The marketplace's amounts are Mexican pesos, whose symbol is $ too.
 */
export function formatMoney(amount: string | null | undefined, language: string = dayjs.locale()): string {
  if (amount === null || amount === undefined || amount === "") return "";
  const locale = language === "es" ? "es-MX" : "en-US";
  // A string keeps every digit: Intl formats decimal strings exactly (no detour through a binary float).
  return numberFormat(locale, { style: "currency", currency: "MXN", currencyDisplay: "narrowSymbol" }).format(
    amount as unknown as number,
  );
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per locale and options, made the first time it is needed: making one loads the locale's
 * data (tens of milliseconds on a slow phone), far more than formatting with it, and every list page imports this
 * module whether or not it shows an amount.
 */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * The dashboard's amounts (spec 02 §2): en-US dollars with the $ prefix, "$18,500.50", in either language. A
 * decimal string keeps every digit (Intl formats it exactly); a number is for a chart's own scale.
 */
export function formatUsd(amount: string | number): string {
  return numberFormat("en-US", { style: "currency", currency: "USD" }).format(amount as number);
}

/** A chart axis' short amounts: "$12K", "$1.5M". */
export function formatUsdCompact(amount: number): string {
  return numberFormat("en-US", { style: "currency", currency: "USD", notation: "compact" }).format(amount);
}
