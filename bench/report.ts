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

/**
 * The CPU time a process has used so far, in ms (Linux, at the kernel's 10 ms tick; null elsewhere): a server's CPU
 * per request moves less with the machine's load than the time to an answer does.
 */
export function processCpuMs(pid: number): number | null {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name's closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
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

/** The nearest-rank percentile (0 < share ≤ 1) of these figures: the smallest value at least that share is at or under. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length))) - 1] ?? 0;
}

/** A goal's verdict for the table; a missed goal makes the benchmark's process end with a failure. */
export function verdict(met: boolean): string {
  if (!met) process.exitCode = 1;
  return met ? "met" : "NOT met";
}
