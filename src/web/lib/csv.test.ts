import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes what needs quoting and keeps a visitor's text from becoming a formula", () => {
    expect(
      toCsv(
        ["page", "views"],
        [
          ["/blog, news", 3],
          ['say "hi"', 2],
          ["=HYPERLINK(1)", 1],
          ["-", -4],
        ],
      ),
    ).toBe('page,views\r\n"/blog, news",3\r\n"say ""hi""",2\r\n\'=HYPERLINK(1),1\r\n\'-,-4');
  });
});
