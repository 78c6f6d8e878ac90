import { describe, expect, it } from "vitest";
import { type CsvColumn, toCsv } from "./csv.ts";

type Row = { name: string; amount: string; count: number };
const columns: CsvColumn<Row>[] = [
  { header: "Period", value: (row) => row.name },
  { header: "Income", value: (row) => row.amount },
  { header: "Count", value: (row) => row.count },
];

describe("CSV downloads", () => {
  it("writes a header and one line per row, amounts exactly as the API sent them", () => {
    expect(toCsv(columns, [{ name: "ene 2026", amount: "18500.50", count: 3 }])).toBe(
      "Period,Income,Count\r\nene 2026,18500.50,3\r\n",
    );
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(toCsv(columns, [{ name: 'Palco "A", Norte\nVIP', amount: "0.00", count: 0 }])).toBe(
      'Period,Income,Count\r\n"Palco ""A"", Norte\nVIP",0.00,0\r\n',
    );
  });

  it("keeps a spreadsheet from running a text as a formula, but not a negative amount", () => {
    expect(toCsv(columns, [{ name: "=HYPERLINK(1)", amount: "-12.50", count: -1 }])).toBe(
      "Period,Income,Count\r\n'=HYPERLINK(1),-12.50,-1\r\n",
    );
  });
});
