import { readFileSync } from "node:fs";

export type Row = Record<string, string>;

/** The machine's load average (1, 5, 15 minutes): the figures beside it are noisy when it is high. */
export function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

/** Prints rows as a Markdown table, the form the README keeps. */
export function printTable(rows: Row[]) {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(line(columns));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(columns.map((column) => row[column] ?? "")));
}
