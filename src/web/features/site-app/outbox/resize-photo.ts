import { withExifOf } from "./keep-exif";

/** The longest side of a photo sent under Save data. */
export const SAVE_DATA_PHOTO_MAX_PX = 1600;
const JPEG_QUALITY = 0.85;

/**
 * A photo at most SAVE_DATA_PHOTO_MAX_PX on its longest side, drawn on an OffscreenCanvas (or a canvas) and encoded
 * as JPEG on the phone, before it is kept to send, with the original's EXIF time and place (keep-exif.ts). One already
 * small enough, or one the browser cannot decode, is kept as it is. The server hashes what it receives into the
 * evidence record: the smaller photo is the evidence.
 */
export async function resizePhoto(photo: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo);
  } catch {
    return photo;
  }
  try {
    const scale = SAVE_DATA_PHOTO_MAX_PX / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) return photo;
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const blob = await drawn(bitmap, width, height);
    if (!blob) return photo;
    const name = photo.name.replace(/\.[^.]*$/, "") || "photo";
    const bytes = withExifOf(new Uint8Array(await photo.arrayBuffer()), new Uint8Array(await blob.arrayBuffer()));
    return new File([bytes], `${name}.jpg`, { type: "image/jpeg", lastModified: photo.lastModified });
  } finally {
    bitmap.close();
  }
}

async function drawn(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}
