import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.js";

describe("CSV cells, the same in the browser's and the server's exports", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvLine(["Okafor, Chidi", 'the "site" office', "two\nlines", 42])).toBe(
      '"Okafor, Chidi","the ""site"" office","two\nlines",42\r\n',
    );
  });

  it("makes text that a spreadsheet would run as a formula inert, but keeps negative numbers", () => {
    expect(["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "\tx"].map(csvCell)).toEqual(["'=HYPERLINK(1)", "'+1", "'-2", "'@SUM(A1)", "'\tx"]);
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvCell(-5)).toBe("-5");
  });
});
