import { readSheet } from "read-excel-file/node";
import { MAX_QUANTITY_MILLI, MAX_RATE_KOBO, parseScaledDecimal, QUANTITY_DECIMALS, RATE_DECIMALS } from "../../../shared/boq.js";
import { type BoqColumn, boqColumns, boqMessages, MAX_BOQ_LINES } from "../../../shared/contracts.js";
import { parseCsv } from "../../../shared/csv.js";

/* Reading a quantity surveyor's BOQ (docs/decisions/140-boq-and-contract.md): the first sheet of an XLSX, or a CSV; a
 * header row naming the columns in any order; then one item a row, headings and subtotals between them skipped. Pure:
 * the upload route hands the bytes in. */

/** One item of the bill as read, with the sheet row it came from. */
export type BoqLine = {
  row: number;
  bill: string;
  ref: string;
  description: string;
  unit: string;
  quantityMilli: number;
  rateKobo: number;
};

/** Why a cell could not be read: its sheet row, its column letter and name. */
export type BoqProblem = { row: number; column: string; field: BoqColumn | "header"; reason: string };

type Cell = string | number | boolean | null | object;

/** How far down the header row is looked for. */
const HEADER_SEARCH_ROWS = 20;
const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const TEXT_LIMITS: Record<"bill" | "item" | "description" | "unit", number> = { bill: 120, item: 20, description: 2000, unit: 20 };

/** Excel's name of a column: A, B, …, Z, AA. */
export function columnLetter(index: number): string {
  let letters = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

const textOf = (cell: Cell | undefined) =>
  cell === null || cell === undefined
    ? ""
    : typeof cell === "object"
      ? cell instanceof Date
        ? cell.toISOString()
        : ""
      : String(cell).trim();

/** The rows of the first sheet (XLSX, judged by its bytes) or of the CSV, numbers kept as written. */
async function rowsOf(file: Buffer): Promise<Cell[][]> {
  if (file.subarray(0, 4).equals(XLSX_MAGIC)) {
    return (await readSheet<string>(file, { parseNumber: (written) => written, trim: true })) as Cell[][];
  }
  return parseCsv(file.toString("utf8").replace(/^\uFEFF/, ""));
}

/**
 * The BOQ's lines, or every problem found (nothing is half-read): a missing column, a row with a blank or unreadable
 * cell, an item reference used twice. Rows with nothing in them are skipped.
 */
export async function readBoq(file: Buffer): Promise<{ lines: BoqLine[]; problems: BoqProblem[] }> {
  let rows: Cell[][];
  try {
    rows = await rowsOf(file);
  } catch {
    return { lines: [], problems: [{ row: 1, column: "A", field: "header", reason: boqMessages.unreadable }] };
  }
  // The header is the row naming most of the columns among the first rows: a BOQ often opens with its title.
  const named = (row: Cell[]) => boqColumns.filter((name) => row.some((cell) => textOf(cell).toLowerCase() === name)).length;
  let headerIndex = rows.findIndex((row) => row.some((cell) => textOf(cell) !== ""));
  for (const [index, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    if (named(row) > named(rows[headerIndex] ?? [])) headerIndex = index;
  }
  const header = (rows[headerIndex] ?? []).map((cell) => textOf(cell).toLowerCase());
  const columns = Object.fromEntries(boqColumns.map((name) => [name, header.indexOf(name)])) as Record<BoqColumn, number>;
  const missing = boqColumns.filter((name) => columns[name] < 0);
  if (headerIndex < 0 || missing.length > 0) {
    return {
      lines: [],
      problems: [{ row: Math.max(headerIndex, 0) + 1, column: "A", field: "header", reason: boqMessages.missingColumns(missing) }],
    };
  }

  const lines: BoqLine[] = [];
  const problems: BoqProblem[] = [];
  const rowOfRef = new Map<string, number>();
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const cells = rows[index] ?? [];
    // A heading, a note or a subtotal (as the export writes them) has no item, quantity or rate: it is not an item.
    if ((["item", "quantity", "rate"] as const).every((name) => textOf(cells[columns[name]]) === "")) continue;
    const row = index + 1;
    const problem = (field: BoqColumn, reason: string) => problems.push({ row, column: columnLetter(columns[field]), field, reason });
    const text = (field: "bill" | "item" | "description" | "unit") => {
      const value = textOf(cells[columns[field]]);
      if (value === "") problem(field, boqMessages.blank(field));
      else if (value.length > TEXT_LIMITS[field]) problem(field, boqMessages.tooLong(field, TEXT_LIMITS[field]));
      return value;
    };
    const number = (field: "quantity" | "rate", decimals: number, max: number) => {
      const written = cells[columns[field]];
      const scaled = typeof written === "string" || typeof written === "number" ? parseScaledDecimal(written, decimals) : null;
      if (scaled === null || scaled < 0n || scaled > BigInt(max)) {
        problem(field, boqMessages.badNumber(field, textOf(written)));
        return 0;
      }
      return Number(scaled);
    };
    const line: BoqLine = {
      row,
      bill: text("bill"),
      ref: text("item"),
      description: text("description"),
      unit: text("unit"),
      quantityMilli: number("quantity", QUANTITY_DECIMALS, MAX_QUANTITY_MILLI),
      rateKobo: number("rate", RATE_DECIMALS, MAX_RATE_KOBO),
    };
    const earlier = rowOfRef.get(line.ref.toLowerCase());
    if (line.ref && earlier !== undefined) problem("item", boqMessages.duplicateItem(line.ref, earlier));
    else if (line.ref) rowOfRef.set(line.ref.toLowerCase(), row);
    lines.push(line);
  }
  if (lines.length === 0 && problems.length === 0)
    problems.push({ row: headerIndex + 2, column: "A", field: "header", reason: boqMessages.noLines });
  if (lines.length > MAX_BOQ_LINES)
    problems.push({ row: headerIndex + 2 + MAX_BOQ_LINES, column: "A", field: "header", reason: boqMessages.tooManyLines });
  return { lines, problems };
}
