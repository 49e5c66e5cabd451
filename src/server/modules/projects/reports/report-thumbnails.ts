import sharp from "sharp";
import type { FileStorage } from "../../../platform/storage.js";
import type { ReportPhoto } from "./report-data.js";

/** A report's thumbnail: 320 px wide at most, JPEG at quality 70 (~15 KB; pdfkit embeds JPEG as it is). */
const reportThumbnail = (webp: Buffer) =>
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
 * The photos' thumbnails as JPEGs, by photo id, made from their stored 400 px sizes one at a time (a report is not
 * worth more of the two cores). A photo whose file is missing or unreadable is left out: the report says it without it.
 */
export async function reportThumbnails(storage: FileStorage, photos: readonly ReportPhoto[]): Promise<Map<number, Buffer>> {
  const thumbnails = new Map<number, Buffer>();
  for (const photo of photos) {
    try {
      const bytes = await bytesOf(storage, photo.thumbUrl);
      if (bytes) thumbnails.set(photo.id, await reportThumbnail(bytes));
    } catch {
      // An unreadable picture: shown as an empty frame with its verdict and date.
    }
  }
  return thumbnails;
}
