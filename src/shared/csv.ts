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
/**
 * The rows of a CSV file (RFC 4180: commas, double-quoted cells with "" for a quote, CRLF or LF), each cell a string.
 * A spreadsheet saved as CSV in Nigeria uses commas; a semicolon file is read as one column, and its header refused.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
