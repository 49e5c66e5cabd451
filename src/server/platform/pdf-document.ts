import PDFDocument from "pdfkit";
import { formatKobo, NAIRA_CODE } from "../../shared/naira.js";
import { pdfText } from "./pdf-text.js";

/** The margin of every document the site draws (A4). */
export const PDF_MARGIN = 50;
/** The brand's navy, bronze and muted grey (docs/product.md#brand), with the rules and empty frames between them. */
export const PDF_COLOURS = { navy: "#051822", accent: "#aa7452", muted: "#5f676c", rule: "#d9dcde", track: "#e8eaeb" } as const;

/**
 * An A4 document in the standard Helvetica (the site's Inter ships as WOFF2 only, which pdfkit cannot embed), and its
 * bytes once `doc.end()` is called.
 */
export function startPdf(title: string): { doc: PDFKit.PDFDocument; finished: Promise<Buffer> } {
  const doc = new PDFDocument({ size: "A4", margin: PDF_MARGIN, info: { Title: pdfText(title), Author: "Crestbuild" } });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, finished };
}

/** Starts a new page when `height` more points would run into the bottom margin. */
export function ensureRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - PDF_MARGIN) doc.addPage();
}

/** Kobo as the documents write naira: "NGN 5,926,000.00" (the standard font has no ₦). */
export const pdfNaira = (kobo: number) => formatKobo(kobo, NAIRA_CODE);
