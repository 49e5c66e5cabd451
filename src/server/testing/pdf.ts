import path from "node:path";
import { projectRoot } from "../paths.js";

/** The text of a PDF, page after page, as pdf.js reads it (its items joined by spaces, pages by new lines). */
export async function pdfTextOf(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.join(projectRoot, "node_modules/pdfjs-dist/standard_fonts")}/`,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await document.destroy();
  return { pages: document.numPages, text: pages.join("\n").replace(/\s+/g, " ") };
}
