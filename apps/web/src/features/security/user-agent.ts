/**
 * A session's browser and system, read from its User-Agent header for a short "Chrome on Linux". A hand parser is
 * enough: the text only helps a member recognise their own devices, and the order of the checks is what matters
 * (Edge and Opera also say "Chrome", Chrome also says "Safari", Android also says "Linux").
 */
export type Device = { browser: string | null; system: string | null };

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bHeadlessChrome\//, "Chrome"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (text: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function parseUserAgent(userAgent: string | null | undefined): Device {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(userAgent, BROWSERS), system: first(userAgent, SYSTEMS) };
}
