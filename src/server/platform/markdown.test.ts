import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.js";

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
