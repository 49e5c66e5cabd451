import { randomUUID } from "node:crypto";
import { ApiError } from "../../../shared/api.js";
import { reencodeImageSizes, unsupportedImage } from "../../platform/images.js";
import type { UploadedFile } from "../../platform/multipart.js";
import type { FileStorage } from "../../platform/storage.js";

/** A ~400 px thumbnail for grids and a ~1600 px picture for the gallery, both WebP without EXIF or GPS. */
const PHOTO_BOXES = { thumb: 400, gallery: 1600 };

export type StoredPhoto = { thumbUrl: string; galleryUrl: string; width: number; height: number };

/**
 * Checks and re-encodes every photo before anything is written (one refused photo refuses them all),
 * then writes them all under generated names. The answer's discard() removes what was written, for a
 * caller whose database step then fails: an upload leaves everything or nothing. `thumbnails` are the thumbnails'
 * bytes, in order (for an email about the photos).
 */
export async function storePhotos(
  storage: FileStorage,
  projectId: number,
  uploads: readonly UploadedFile[],
): Promise<{ photos: StoredPhoto[]; thumbnails: Buffer[]; discard: () => Promise<void> }> {
  const renditions = [];
  for (const upload of uploads) {
    try {
      renditions.push(await reencodeImageSizes(upload.data, PHOTO_BOXES));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      throw new ApiError(400, unsupportedImage, "unsupported_image", {
        images: `${upload.filename || "A file"} is not a JPEG, PNG or WebP image.`,
      });
    }
  }
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.splice(0).map((key) => storage.remove(key)));
  };
  const save = async (key: string, data: Buffer) => {
    written.push(key);
    return storage.save(key, data);
  };
  try {
    const photos: StoredPhoto[] = [];
    for (const { thumb, gallery } of renditions) {
      const name = `projects/${projectId}/${randomUUID()}`;
      photos.push({
        thumbUrl: await save(`${name}-thumb.webp`, thumb.data),
        galleryUrl: await save(`${name}-gallery.webp`, gallery.data),
        width: gallery.width,
        height: gallery.height,
      });
    }
    return { photos, thumbnails: renditions.map((rendition) => rendition.thumb.data), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** Removes a photo's stored sizes (URLs that are not ours, e.g. the starting content's images, are left alone). */
export async function removePhotoFiles(storage: FileStorage, urls: readonly string[]) {
  await Promise.all(urls.map((url) => storage.keyOf(url)).flatMap((key) => (key ? [storage.remove(key)] : [])));
}
