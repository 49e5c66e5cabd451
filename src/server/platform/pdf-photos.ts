import sharp from "sharp";
import { ensureRoom, PDF_COLOURS } from "./pdf-document.js";
import { pdfText } from "./pdf-text.js";
import type { FileStorage } from "./storage.js";

// Project photos in the PDFs the site draws (weekly reports, interim certificates): thumbnails made from the stored
// 400 px sizes, laid out in rows with what the evidence says of each beneath (docs/decisions/139-weekly-reports.md).

/** A thumbnail: 320 px wide at most, JPEG at quality 70 (~15 KB; pdfkit embeds JPEG as it is). */
const thumbnailOf = (webp: Buffer) =>
  sharp(webp).resize({ width: 320, height: 320, fit: "inside", withoutEnlargement: true }).jpeg({ quality: 70 }).toBuffer();

async function bytesOf(storage: FileStorage, url: string): Promise<Buffer | null> {
  const key = storage.keyOf(url);
  const stored = key ? await storage.open(key) : null;
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The photos' thumbnails as JPEGs, by photo id, made from their stored 400 px sizes one at a time (a document is not
 * worth more of the two cores), each photo once. A photo whose file is missing or unreadable is left out: the document
 * shows an empty frame with its label.
 */
export async function pdfThumbnails(
  storage: FileStorage,
  photos: readonly { id: number; thumbUrl: string }[],
): Promise<Map<number, Buffer>> {
  const thumbnails = new Map<number, Buffer>();
  for (const photo of photos) {
    if (thumbnails.has(photo.id)) continue;
    try {
      const bytes = await bytesOf(storage, photo.thumbUrl);
      if (bytes) thumbnails.set(photo.id, await thumbnailOf(bytes));
    } catch {
      // An unreadable picture: drawn as an empty frame with its label.
    }
  }
  return thumbnails;
}

/** A photo as a grid shows it: its label (verdict and date) in bold beneath, then its caption, if any. */
export type GridPhoto = { id: number; label: string; caption?: string };
/** The grid in points: where it starts, how many columns, each frame's size, the gap, and the room under a frame. */
export type PhotoGridLayout = { left: number; columns: number; width: number; height: number; gap: number; caption: number };

/** Draws the photos in rows from the current position, a new page when a row does not fit; leaves doc.y under them. */
export function drawPhotoGrid(
  doc: PDFKit.PDFDocument,
  photos: readonly GridPhoto[],
  thumbnails: ReadonlyMap<number, Buffer>,
  layout: PhotoGridLayout,
) {
  const { left, columns, width, height, gap, caption } = layout;
  for (let index = 0; index < photos.length; index += columns) {
    ensureRoom(doc, height + caption + gap);
    const top = doc.y;
    for (const [column, photo] of photos.slice(index, index + columns).entries()) {
      const x = left + column * (width + gap);
      const jpeg = thumbnails.get(photo.id);
      doc.rect(x, top, width, height).fill(PDF_COLOURS.track);
      if (jpeg) doc.image(jpeg, x, top, { fit: [width, height], align: "center", valign: "center" });
      doc.font("Helvetica-Bold").fontSize(8).fillColor(PDF_COLOURS.navy);
      doc.text(pdfText(photo.label), x, top + height + 3, { width, lineBreak: false });
      if (photo.caption) {
        doc.font("Helvetica").fontSize(8).fillColor(PDF_COLOURS.muted);
        doc.text(pdfText(photo.caption), x, top + height + 13, { width, height: 20, ellipsis: true });
      }
    }
    doc.x = left;
    doc.y = top + height + caption + gap;
  }
  doc.fillColor(PDF_COLOURS.navy);
}
