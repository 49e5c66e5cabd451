import { Marked, type Token, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { ApiError } from "../../shared/api.js";
import { markdownNestingMessage, withinMarkdownNesting } from "../../shared/markdown-nesting.js";
import { productWording } from "../../shared/wording.js";
import { escapeHtml } from "./mail.js";

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

// Chat messages: inline emphasis, code, quotes, lists and links only. Headings read as paragraphs and images
// as links; HTML typed in a message keeps only what the list below allows (scripts go with their content).
const chatMarked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    heading({ tokens }) {
      return `<p>${this.parser.parseInline(tokens)}</p>\n`;
    },
    image: ({ href, text }) => `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`,
  },
});

const chatAllowed: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "del", "blockquote", "code", "pre", "ul", "ol", "li", "a"],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener noreferrer", target: "_blank" }) },
};

/** A chat message (plain text or Markdown) -> HTML safe to put in a page, with the restrictive chat profile. */
export function renderChatMarkdown(markdown: string): string {
  return sanitizeHtml(chatMarked.parse(markdown) as string, chatAllowed);
}

type Render = (markdown: string) => string;

/**
 * Renders Markdown as it is written, to be stored beside it (reads then never parse). A text the parser cannot take
 * (nested too deep for its stack, however the schema's check was passed) is refused with 400 on `field`.
 */
export function renderForStorage(render: Render, markdown: string, field: string): string {
  const refused = () => new ApiError(400, productWording.validationFailed, "validation_failed", { [field]: markdownNestingMessage });
  if (!withinMarkdownNesting(markdown)) throw refused();
  try {
    return render(markdown);
  } catch {
    throw refused();
  }
}

/**
 * The HTML of a text stored before it was rendered when written: rendered if it can be, else shown as escaped text,
 * so that one such text never makes its page fail for everyone.
 */
export function renderOrEscape(render: Render, markdown: string): string {
  if (withinMarkdownNesting(markdown)) {
    try {
      return render(markdown);
    } catch {
      // Shown as text below.
    }
  }
  return `<p>${escapeHtml(markdown).replace(/\n/g, "<br>")}</p>`;
}

// Plain text keeps the chat profile's reading of a text: a single line break is a break.
const plainMarked = new Marked({ gfm: true, breaks: true, async: false });

function inlineText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case "br":
          return "\n";
        case "html":
          return "";
        case "image":
        case "codespan":
        case "escape":
          return (token as Tokens.Image | Tokens.Codespan | Tokens.Escape).text;
        default:
          if ("tokens" in token && token.tokens) return inlineText(token.tokens);
          return "text" in token && typeof token.text === "string" ? token.text : "";
      }
    })
    .join("");
}

function blockTexts(tokens: readonly Token[]): string[] {
  const blocks: string[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "space":
      case "hr":
        break;
      case "blockquote":
        blocks.push(...blockTexts((token as Tokens.Blockquote).tokens));
        break;
      case "list": {
        const list = token as Tokens.List;
        const first = typeof list.start === "number" ? list.start : 1;
        blocks.push(
          list.items.map((item, index) => `${list.ordered ? `${first + index}.` : "-"} ${blockTexts(item.tokens).join("\n")}`).join("\n"),
        );
        break;
      }
      case "code":
        blocks.push((token as Tokens.Code).text);
        break;
      case "html":
        blocks.push((token as Tokens.HTML).text.replace(/<[^>]*>/g, "").trim());
        break;
      case "table": {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inlineText(cell.tokens)).join(" | ");
        blocks.push([row(table.header), ...table.rows.map(row)].join("\n"));
        break;
      }
      default:
        blocks.push("tokens" in token && token.tokens ? inlineText(token.tokens) : "text" in token ? String(token.text) : "");
    }
  }
  return blocks.filter((block) => block.trim() !== "");
}

/**
 * Markdown written by people -> the words a reader sees, without its marks (`**Note:**` reads 'Note:'), for what is
 * shown as text: previews and the plain-text part of emails. Blocks are separated by a blank line, list items keep a
 * '-' or their number. A text the parser cannot take (nested too deep) is answered as written.
 */
export function markdownToText(markdown: string): string {
  if (!withinMarkdownNesting(markdown)) return markdown.trim();
  try {
    return blockTexts(plainMarked.lexer(markdown)).join("\n\n").trim();
  } catch {
    return markdown.trim();
  }
}

/** A one-line preview of Markdown (a list's excerpt, a notification's text): its plain text, cut at `length` with '…'. */
export function markdownExcerpt(markdown: string, length: number): string {
  const text = markdownToText(markdown).replace(/\s+/g, " ").trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}
