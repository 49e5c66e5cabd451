import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, async: false });

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "del",
    "blockquote",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title", "rel"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // Links written by staff or users must not pass page rank or open in this tab's context.
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener" }) },
};

/** Markdown written by people -> HTML safe to put in a page. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, allowed);
}
