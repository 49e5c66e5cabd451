import { saveFile } from "./save-file";

/** A cell as a spreadsheet reads it: quoted when needed, and never a formula (a visitor's page path may start with "="). */
function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n");
}

/** Hands a table to the user as a CSV file. */
export function downloadCsv(fileName: string, header: string[], rows: (string | number)[][]) {
  saveFile(new Blob([toCsv(header, rows)], { type: "text/csv;charset=utf-8" }), fileName);
}
