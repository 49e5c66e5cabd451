import { createHash, randomUUID } from "node:crypto";
import { ApiError } from "../../../shared/api.js";
import type { AppDb } from "../../db/client.js";
import { type ExifCapture, readExifCapture } from "../../platform/exif.js";
import { reencodeImageSizes, unsupportedImage } from "../../platform/images.js";
import type { UploadedFile } from "../../platform/multipart.js";
import type { FileStorage, ObjectStore } from "../../platform/storage.js";
import type { ProjectEvents } from "./events.js";
import type { EvidenceLog } from "./evidence/log.js";
import type { ProjectGuard } from "./guard.js";

/** A ~400 px thumbnail for grids and a ~1600 px picture for the gallery, both WebP without EXIF or GPS. */
const PHOTO_BOXES = { thumb: 400, gallery: 1600 };

/**
 * A photo as stored: its served sizes, and for the evidence log the original kept privately (`originalKey` in the
 * originals' store, never served) with its SHA-256 and its own EXIF time and place, and the SHA-256 of the gallery
 * size (what someone who saved the photo from the portal would pass on).
 */
/** What the parts that keep a project's photos (diary, gallery, snags) work with. */
export type PhotoKeepingDeps = {
  db: AppDb;
  storage: FileStorage;
  /** The originals of photos, kept privately for the evidence log. */
  originals: ObjectStore;
  log: EvidenceLog;
  guard: ProjectGuard;
  events: ProjectEvents;
};

export type StoredPhoto = {
  thumbUrl: string;
  galleryUrl: string;
  width: number;
  height: number;
  sha256: string;
  gallerySha256: string;
  originalKey: string;
  exif: ExifCapture;
};

const sha256Of = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * Checks and re-encodes every photo before anything is written (one refused photo refuses them all),
 * then writes them all under generated names. The answer's discard() removes what was written, for a
 * caller whose database step then fails: an upload leaves everything or nothing. `thumbnails` are the thumbnails'
 * bytes, in order (for an email about the photos).
 */
export async function storePhotos(
  stores: { storage: FileStorage; originals: ObjectStore },
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
  const { storage, originals } = stores;
  const written: string[] = [];
  const keptOriginals: string[] = [];
  const discard = async () => {
    await Promise.all([
      ...written.splice(0).map((key) => storage.remove(key)),
      ...keptOriginals.splice(0).map((key) => originals.remove(key)),
    ]);
  };
  const save = async (key: string, data: Buffer) => {
    written.push(key);
    return storage.save(key, data);
  };
  try {
    const photos: StoredPhoto[] = [];
    for (const [index, { thumb, gallery }] of renditions.entries()) {
      const original = uploads[index]?.data ?? Buffer.alloc(0);
      const id = randomUUID();
      const name = `projects/${projectId}/${id}`;
      const originalKey = `evidence/${projectId}/${id}`;
      keptOriginals.push(originalKey);
      await originals.put(originalKey, original);
      photos.push({
        thumbUrl: await save(`${name}-thumb.webp`, thumb.data),
        galleryUrl: await save(`${name}-gallery.webp`, gallery.data),
        width: gallery.width,
        height: gallery.height,
        sha256: sha256Of(original),
        gallerySha256: sha256Of(gallery.data),
        originalKey,
        exif: await readExifCapture(original),
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
