import { describe, expect, it } from "vitest";
import { markdownExcerpt, markdownToText, renderChatMarkdown, renderMarkdown } from "./markdown.js";

describe("Markdown written by people", () => {
  it("becomes HTML with headings, lists and emphasis", () => {
    const html = renderMarkdown("## Curing\n\n- water twice a day\n- cover with hessian\n\n**Always** test cubes.");
    expect(html).toContain("<h2>Curing</h2>");
    expect(html).toContain("<li>water twice a day</li>");
    expect(html).toContain("<strong>Always</strong>");
  });

  it("loses scripts, event handlers, iframes and javascript: links", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>\n\n[click](javascript:alert(3))',
    );
    expect(html).not.toMatch(/<script|onerror|<iframe|javascript:/i);
  });

  it("marks links nofollow noopener", () => {
    expect(renderMarkdown("[FCDA](https://fcda.gov.ng)")).toContain('<a href="https://fcda.gov.ng" rel="nofollow noopener">FCDA</a>');
  });
});

describe("chat messages (the restrictive profile)", () => {
  it("keeps emphasis, code, lists and line breaks", () => {
    const html = renderChatMarkdown("**Pour** on `Monday`\nthen cure\n\n- cement\n- sand");
    expect(html).toContain("<strong>Pour</strong> on <code>Monday</code><br />then cure");
    expect(html).toContain("<li>cement</li>");
  });

  it("drops typed HTML: no script, no event handler, no iframe; text around it and code in backticks stay", () => {
    const html = renderChatMarkdown(
      '<script>alert(1)</script>\n\nLook <img src=x onerror="alert(2)"> here <iframe src="https://evil.example"></iframe>\n\nuse `<br>`',
    );
    expect(html).not.toMatch(/<script|alert|<img|onerror|<iframe/i);
    expect(html).toContain("Look");
    expect(html).toContain("<code>&lt;br&gt;</code>");
  });

  it("turns headings into paragraphs and images into links", () => {
    const html = renderChatMarkdown("# Site visit\n\n![slab](https://example.com/slab.jpg)");
    expect(html).not.toMatch(/<h1|<img/);
    expect(html).toContain("<p>Site visit</p>");
    expect(html).toContain('<a href="https://example.com/slab.jpg" rel="nofollow noopener noreferrer" target="_blank">slab</a>');
  });

  it("opens links in a new tab without passing rank or the opener, and drops javascript: links", () => {
    expect(renderChatMarkdown("see https://fcda.gov.ng")).toContain(
      '<a href="https://fcda.gov.ng" rel="nofollow noopener noreferrer" target="_blank">https://fcda.gov.ng</a>',
    );
    expect(renderChatMarkdown("[click](javascript:alert(3))")).not.toContain("javascript:");
  });
});

describe("Markdown as plain text (previews and the text of emails)", () => {
  it("keeps the words without the marks, a block to a paragraph and list items with their bullet", () => {
    expect(markdownToText("**Note:** pour `C25` [today](https://x.ng)\n> _cure_ it\n\n- cement\n- sand\n\n1. one\n2. two")).toBe(
      "Note: pour C25 today\n\ncure it\n\n- cement\n- sand\n\n1. one\n2. two",
    );
    expect(markdownToText("<b>bold</b> \\*not emphasis\\*")).toBe("bold *not emphasis*");
  });

  it("cuts a preview to one line with an ellipsis, and answers a text nested too deep as written", () => {
    expect(markdownExcerpt("**Note:**\n\nthe   slab\nwas poured", 14)).toBe("Note: the sla…");
    expect(markdownExcerpt("## Heading\n\nText", 100)).toBe("Heading Text");
    const deep = `${">".repeat(3000)} deep`;
    expect(markdownToText(deep)).toBe(deep);
  });
});
