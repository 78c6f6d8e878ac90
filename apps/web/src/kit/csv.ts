import { saveBlob } from "@/lib/api.ts";

/** A column of a CSV download: its header (already translated) and how a row gives its cell. */
export type CsvColumn<T> = {
  header: string;
  value: (row: T) => string | number | null | undefined;
  /** How the screen shows the cell when not as in the file (a day in the screens' format; the file keeps ISO). */
  display?: (row: T) => string;
};

/**
 * A cell as RFC 4180 wants it (quoted when it holds a comma, a quote or a line break). A text a spreadsheet would
 * run as a formula (=, +, -, @ first) is prefixed with an apostrophe; numbers pass as they are, negative ones too.
 */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The rows as CSV text, header first, lines ended with CRLF. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => cell(column.header))];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))));
  return `${lines.map((line) => line.join(",")).join("\r\n")}\r\n`;
}

/**
 * Hands the CSV to the browser as a download. The byte-order mark makes spreadsheet programs read it as UTF-8, so
 * "Fútbol" and "1er semestre" open as written.
 */
export function downloadCsv(fileName: string, text: string): void {
  saveBlob(new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" }), fileName);
}
