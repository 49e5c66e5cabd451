import sharp from "sharp";
import { ApiError } from "../../shared/api.js";

export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;
export const unsupportedImage = "Please upload a JPEG, PNG or WebP image.";

/**
 * Checks what an upload really is from its bytes (never its name or declared type), and
 * re-encodes it: the output carries no EXIF or GPS data and no script an SVG could hide.
 */
export async function reencodeImage(input: Buffer, size: { width: number; height: number; fit: "cover" | "inside" }): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format)) {
    throw new ApiError(400, unsupportedImage, "unsupported_image", { image: unsupportedImage });
  }
  // rotate() applies the EXIF orientation before the metadata is dropped.
  return sharp(input)
    .rotate()
    .resize({ ...size, withoutEnlargement: size.fit === "inside" })
    .webp({ quality: 82 })
    .toBuffer();
}
