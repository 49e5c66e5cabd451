/**
 * One CSV cell as a spreadsheet reads it: quoted when it holds a comma, quote or line break, and text starting with
 * = + - @ (or a tab, a return) made inert with a quote mark, so that an email, a user agent or a page path someone
 * chose cannot become a formula. Numbers are written as they are (-5 stays a number).
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  const inert = typeof value === "string" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** One CSV record, ended by CRLF as RFC 4180 says. */
export const csvLine = (cells: readonly (string | number)[]): string => `${cells.map(csvCell).join(",")}\r\n`;
