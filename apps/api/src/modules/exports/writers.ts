import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import ExcelJS from "exceljs";
import type { Cell } from "./declaration.ts";

/**
 * The two file formats, both written row by row to disk so memory stays flat however many rows: CSV (UTF-8 with a
 * BOM so Excel reads the accents, RFC 4180 quoting, CRLF) and Excel through exceljs' streaming WorkbookWriter (each
 * row committed as it is written). In both, a text that a spreadsheet would run as a formula (starting with =, +,
 * -, @, a tab or a carriage return) is written with a leading apostrophe (OWASP's CSV injection advice).
 */
export interface FileWriter {
  header(titles: string[], widths: (number | undefined)[]): Promise<void>;
  row(cells: Cell[]): Promise<void>;
  /** Resolves once the file's stream has taken most of what was written: the job's backpressure. */
  drained(): Promise<void>;
  close(): Promise<void>;
  /** Stops writing (a failed or abandoned job); the caller deletes the file. */
  abort(): Promise<void>;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would not run as a formula. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const cellText = (cell: Cell): string => {
  if (cell === null) return "";
  if ("text" in cell) return neutralise(cell.text);
  if ("money" in cell) return cell.money;
  return String(cell.number);
};

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

async function write(stream: WriteStream, chunk: string) {
  if (stream.errored) throw stream.errored;
  if (!stream.write(chunk)) await once(stream, "drain");
}

export function csvWriter(file: string): FileWriter {
  const stream = createWriteStream(file, { flags: "wx" });
  // A failed write (a full disk, a stream destroyed by abort while a write was under way) fails the job, never the
  // process: the error stays on the stream (`errored`), and the next write or the close throws it.
  stream.on("error", () => {});
  const opened = once(stream, "open");
  // Lines are gathered a few hundred at a time: one write per line costs more than the line.
  let pending: string[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    await write(stream, chunk);
  };
  return {
    async header(titles) {
      await opened;
      pending.push(`\uFEFF${titles.map((title) => csvField(neutralise(title))).join(",")}\r\n`);
    },
    async row(cells) {
      pending.push(`${cells.map((cell) => csvField(cellText(cell))).join(",")}\r\n`);
      if (pending.length >= 500) await flush();
    },
    async drained() {
      await flush();
    },
    async close() {
      await flush();
      if (stream.errored) throw stream.errored;
      const finished = once(stream, "finish");
      stream.end();
      await finished;
    },
    async abort() {
      stream.destroy();
    },
  };
}

/** Amounts keep their exact decimals: written as numbers only when the shortest double text is the same decimal. */
function moneyValue(amount: string): number | string {
  const value = Number(amount);
  return Number.isFinite(value) && value.toFixed(2) === amount ? value : amount;
}

/**
 * exceljs hands a sheet's XML to the zip in 64 kB chunks without waiting (its StreamBuf ignores `write`'s answer).
 * The zip deflates on libuv's threads and writes to disk a chunk per turn of the event loop, far slower than rows
 * are made, so without a brake the whole sheet piles up uncompressed in the zip entry's input stream (archiver's
 * PassThrough): 200 MB for 200,000 bookings. Its writable state still tells how much waits there; past
 * SHEET_BACKLOG the job waits for its `drain`, which is the backpressure exceljs lacks. Read through exceljs 4's
 * internals (archiver's readable-stream); without them it waits for nothing.
 */
const SHEET_BACKLOG = 256 * 1024;

interface SheetInput {
  _writableState?: { length: number };
  once(event: "drain", listener: () => void): unknown;
}

function sheetInput(sheet: ExcelJS.Worksheet): SheetInput | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: SheetInput[] } }).stream;
  return stream?.pipes?.[0];
}

export function xlsxWriter(file: string, sheetName: string): FileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  return {
    async header(titles, widths) {
      sheet.columns = titles.map((title, index) => ({ header: neutralise(title), width: widths[index] ?? 18 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
    },
    async row(cells) {
      const row = sheet.addRow(
        cells.map((cell) => {
          if (cell === null) return null;
          if ("text" in cell) return neutralise(cell.text);
          if ("money" in cell) return moneyValue(cell.money);
          return cell.number;
        }),
      );
      cells.forEach((cell, index) => {
        if (cell && "money" in cell) row.getCell(index + 1).numFmt = "#,##0.00";
      });
      row.commit();
    },
    async drained() {
      const input = sheetInput(sheet);
      if ((input?._writableState?.length ?? 0) > SHEET_BACKLOG)
        await new Promise<void>((resolve) => input!.once("drain", resolve));
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
    async abort() {
      try {
        sheet.commit();
        await workbook.commit();
      } catch {
        // The file is deleted anyway.
      }
    },
  };
}
