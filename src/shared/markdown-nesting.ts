/**
 * How deep quotes and lists may nest in anything written in Markdown (messages, blog posts, site diary entries).
 * The Markdown parser recurses once per level: a text nested thousands deep overflows its stack, so it is refused
 * before it reaches the parser (docs/decisions/115-markdown-rendered-when-written.md).
 */
export const MARKDOWN_MAX_NESTING = 20;

export const markdownNestingMessage = `Quotes and lists can be nested at most ${MARKDOWN_MAX_NESTING} levels deep.`;

// One container marker at the start of a line (after what came before on it): a quote '>', or a list item's
// bullet or number followed by a space (or the line's end).
const containerMarker = /^[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$))/;

/** A line's nesting: its leading indentation (two columns a level, a tab four) and the quote and list markers after it. */
function lineNesting(line: string): number {
  const indent = /^[ \t]*/.exec(line)?.[0] ?? "";
  let depth = Math.floor(indent.replace(/\t/g, "    ").length / 2);
  let rest = line;
  for (let match = containerMarker.exec(rest); match; match = containerMarker.exec(rest)) {
    depth++;
    rest = rest.slice(match[0].length);
  }
  return depth;
}

/** The deepest nesting of quotes and lists on any line of a Markdown text. */
export function markdownNestingDepth(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split("\n")) deepest = Math.max(deepest, lineNesting(line));
  return deepest;
}

export const withinMarkdownNesting = (markdown: string) => markdownNestingDepth(markdown) <= MARKDOWN_MAX_NESTING;
