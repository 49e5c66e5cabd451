import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { ApiError } from "../../../shared/api.js";
import type { ChatAttachment } from "../../../shared/conversations.js";
import { reencodeImage, unsupportedImage } from "../../platform/images.js";
import type { FileStorage } from "../../platform/storage.js";

/** A photo attached to a message, as it arrived. */
export type IncomingImage = { name: string; bytes: Buffer };

const THUMB_SIZE = 400;
const LARGE_SIZE = 1600;

/** Attachments written to storage; remove() takes them back when the message cannot be saved. */
export type StoredAttachments = { attachments: ChatAttachment[]; remove(): Promise<void> };

/** What is shown as the photo's name: the file name without its folders, control characters or excess length. */
const displayName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 120) || "photo";

/**
 * Checks every photo from its bytes and re-encodes it (no EXIF, no GPS) into a thumbnail and a larger
 * size before anything is written, then stores them under generated names. A failure leaves no file behind.
 */
export async function storeAttachments(
  storage: FileStorage,
  conversationId: number,
  images: readonly IncomingImage[],
): Promise<StoredAttachments> {
  const encoded = [];
  for (const image of images) {
    try {
      const thumb = await reencodeImage(image.bytes, { width: THUMB_SIZE, height: THUMB_SIZE, fit: "inside" });
      const large = await reencodeImage(image.bytes, { width: LARGE_SIZE, height: LARGE_SIZE, fit: "inside" });
      const { width = 0, height = 0 } = await sharp(large).metadata();
      encoded.push({ name: displayName(image.name), thumb, large, width, height });
    } catch (error) {
      if (error instanceof ApiError && error.code === "unsupported_image") {
        throw new ApiError(400, unsupportedImage, "unsupported_image", { attachments: unsupportedImage });
      }
      throw error;
    }
  }

  const keys: string[] = [];
  const remove = async () => {
    await Promise.all(keys.map((key) => storage.remove(key)));
  };
  try {
    const attachments: ChatAttachment[] = [];
    for (const image of encoded) {
      const base = `messages/${conversationId}/${randomUUID()}`;
      keys.push(`${base}-thumb.webp`);
      const thumbUrl = await storage.save(`${base}-thumb.webp`, image.thumb);
      keys.push(`${base}.webp`);
      const url = await storage.save(`${base}.webp`, image.large);
      attachments.push({ kind: "image", url, thumbUrl, width: image.width, height: image.height, name: image.name });
    }
    return { attachments, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
