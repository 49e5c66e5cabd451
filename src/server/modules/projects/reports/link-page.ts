import { escapeHtml } from "../../../platform/email-layout.js";

/**
 * The small page a link from a report email answers with, in a browser, when it does not open a PDF (a broken or
 * expired link, the unsubscribe question and its answer). `form` adds a button that posts back to the same address.
 */
export function linkPage(title: string, paragraphs: readonly string[], options: { form?: string; portal: string }): string {
  const form = options.form ? `<form method="post"><button type="submit">${escapeHtml(options.form)}</button></form>` : "";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | Crestbuild</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
${form}
<p><a href="${escapeHtml(options.portal)}">Open the Crestbuild portal</a></p>
</main>
</body>
</html>
`;
}
