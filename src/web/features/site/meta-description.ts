/** Shortest whole-sentence text worth keeping when a description has to be cut. */
const MIN_SENTENCE_CUT = 80;

/** Text fitted to a meta description: whole sentences when they are long enough, else cut at a word with an ellipsis. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const sentenceEnd = clean.lastIndexOf(". ", max - 1);
  if (sentenceEnd + 1 >= MIN_SENTENCE_CUT) return clean.slice(0, sentenceEnd + 1);
  const cut = clean.slice(0, max);
  const wordEnd = cut.lastIndexOf(" ");
  return `${(wordEnd > 0 ? cut.slice(0, wordEnd) : cut.slice(0, max - 1)).replace(/[\s,;:–-]+$/, "")}…`;
}
