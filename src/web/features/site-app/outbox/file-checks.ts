import { PHOTO_MAX_BYTES, projectMessages, VIDEO_MAX_BYTES } from "../../../../shared/project-terms";
import { IMAGE_ACCEPT, IMAGE_TYPES } from "../../../lib/image-types";

/** The video types the server takes (it checks again, from the bytes). */
const VIDEO_TYPES: readonly string[] = ["video/mp4", "video/webm", "video/quicktime"];

/** A file input's accept: photos, or photos and videos. */
export const acceptOf = (photosOnly: boolean) => (photosOnly ? IMAGE_ACCEPT : [...IMAGE_TYPES, ...VIDEO_TYPES].join(","));

export const siteFileMessages = {
  notPhoto: "Choose photos only: JPEG, PNG or WebP images.",
  notPhotoOrVideo: "Choose photos (JPEG, PNG or WebP) or videos (MP4, WebM or MOV).",
} as const;

/**
 * Why a file chosen on /site would be refused when sent, checked before it is kept (the phone would otherwise carry it
 * for nothing): its type and size, as the server's own checks (docs/api.md). Null when it will do. Under Save data a
 * photo's size is not checked: it is made smaller before it is kept.
 */
export function fileRefusal(file: File, photosOnly: boolean, saveData: boolean): string | null {
  if (!photosOnly && VIDEO_TYPES.includes(file.type)) return file.size > VIDEO_MAX_BYTES ? projectMessages.videoTooLarge : null;
  if (!IMAGE_TYPES.includes(file.type)) return photosOnly ? siteFileMessages.notPhoto : siteFileMessages.notPhotoOrVideo;
  return !saveData && file.size > PHOTO_MAX_BYTES ? projectMessages.photoTooLarge : null;
}
