import sharp from "sharp";
import { ApiError } from "../../shared/api.js";

export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;
export const unsupportedImage = "Please upload a JPEG, PNG or WebP image.";

const WEBP_QUALITY = 82;

type Size = { width: number; height: number; fit: "cover" | "inside" };

/** Refuses anything whose bytes are not a JPEG, PNG or WebP (whatever its name or declared type says). */
async function assertAcceptedImage(input: Buffer): Promise<void> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format)) {
    throw new ApiError(400, unsupportedImage, "unsupported_image", { image: unsupportedImage });
  }
}

/**
 * Checks what an upload really is from its bytes (never its name or declared type), and
 * re-encodes it: the output carries no EXIF or GPS data and no script an SVG could hide.
 */
export async function reencodeImage(input: Buffer, size: Size): Promise<Buffer> {
  await assertAcceptedImage(input);
  // rotate() applies the EXIF orientation before the metadata is dropped.
  return sharp(input)
    .rotate()
    .resize({ ...size, withoutEnlargement: size.fit === "inside" })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

export type ImageRendition = { data: Buffer; width: number; height: number };

/**
 * The same checks, then several WebP sizes of one photo (each fitting inside its box, never enlarged).
 * The photo is decoded once, shrunk to the largest box, and every size is made from that copy,
 * which keeps a 12-megapixel upload fast.
 */
export async function reencodeImageSizes<Name extends string>(
  input: Buffer,
  boxes: Record<Name, number>,
): Promise<Record<Name, ImageRendition>> {
  await assertAcceptedImage(input);
  const largest = Math.max(...Object.values<number>(boxes));
  const decoded = await sharp(input)
    .rotate()
    .resize({ width: largest, height: largest, fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      // A damaged file (or one too large in pixels) can carry a valid header and still fail to decode.
      throw new ApiError(400, unsupportedImage, "unsupported_image", { image: unsupportedImage });
    });
  const { data: pixels, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const renditions = await Promise.all(
    Object.entries<number>(boxes).map(async ([name, box]) => {
      const { data, info: out } = await sharp(pixels, raw)
        .resize({ width: box, height: box, fit: "inside", withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return [name, { data, width: out.width, height: out.height }] as const;
    }),
  );
  return Object.fromEntries(renditions) as Record<Name, ImageRendition>;
}

/**
 * A photo's thumbnail for an email: a JPEG (which every mail program shows, WebP not all) at most 320 px a side,
 * made from the stored WebP thumbnail.
 */
export function emailThumbnail(webp: Buffer): Promise<Buffer> {
  return sharp(webp).resize({ width: 320, height: 320, fit: "inside", withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
}
