import { describe, expect, it } from "vitest";
import { MARKDOWN_MAX_NESTING, markdownNestingDepth, withinMarkdownNesting } from "./markdown-nesting.js";

describe("the nesting of quotes and lists, counted without parsing", () => {
  it.each([
    ["plain text", "Slab poured at 7.", 0],
    ["quotes without spaces", `${">".repeat(3500)} hi`, 3500],
    ["quotes with spaces", "> > > hi", 3],
    ["lists on one line", "- 1. * + x", 4],
    ["quotes and lists", "> - > - x", 4],
    ["a list indented level by level", "- a\n  - b\n    - c", 3],
    ["emphasis, rules and numbers are not lists", "***bold***\n-- dash\n3.14 is pi", 0],
  ])("%s", (_, text, depth) => {
    expect(markdownNestingDepth(text)).toBe(depth);
  });

  it("takes twenty levels and refuses twenty-one", () => {
    expect(withinMarkdownNesting(`${"> ".repeat(MARKDOWN_MAX_NESTING)}x`)).toBe(true);
    expect(withinMarkdownNesting(`${"> ".repeat(MARKDOWN_MAX_NESTING + 1)}x`)).toBe(false);
  });
});
