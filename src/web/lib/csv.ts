import { csvCell } from "../../shared/csv";
import { saveFile } from "./save-file";

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n");
}

/** Hands a table to the user as a CSV file. */
export function downloadCsv(fileName: string, header: string[], rows: (string | number)[][]) {
  saveFile(new Blob([toCsv(header, rows)], { type: "text/csv;charset=utf-8" }), fileName);
}
