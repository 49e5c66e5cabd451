// Resumable uploads (tus, at /api/uploads): what the site app and the server agree on. Without zod, like project-terms.

import { PHOTO_MAX_BYTES, PHOTOS_PER_UPLOAD, VIDEO_MAX_BYTES } from "./project-terms.js";

/** Where the tus endpoint is: POST creates an upload, HEAD /{uploadId} answers its offset, PATCH sends a chunk. */
export const RESUMABLE_UPLOADS_PATH = "/api/uploads";

/** What an upload will become: a project photo (the gallery, a diary entry) or a project video. */
export const uploadKinds = ["photo", "video"] as const;
export type UploadKind = (typeof uploadKinds)[number];

/** The largest upload of each kind: the limits the multipart routes enforce on a file part. */
export const uploadMaxBytes: Record<UploadKind, number> = { photo: PHOTO_MAX_BYTES, video: VIDEO_MAX_BYTES };

/** An upload not used by a route this long after its creation is deleted, finished or not. */
export const UPLOAD_EXPIRY_HOURS = 24;

/** The form field that names finished uploads in place of the file parts (repeated, in the order of the files). */
export const UPLOAD_IDS_FIELD = "uploadIds";
/** How many finished uploads one photo form may name: as many as the files it could carry. */
export const UPLOAD_IDS_PER_FORM = PHOTOS_PER_UPLOAD;

export const uploadMessages = {
  projectIdRequired: "Name the project the upload is for (metadata projectId).",
  kindRequired: "Say whether the upload is a photo or a video (metadata kind).",
  filenameRequired: "Name the file (metadata filename, at most 255 characters).",
  filetypeTooLong: "The file type is at most 100 characters (metadata filetype).",
  lengthRequired: "Say the upload's size in bytes (Upload-Length): uploads of an unknown length are not accepted.",
  photoTooLarge: "Each photo must be 15 MB or smaller.",
  videoTooLarge: "The video must be 200 MB or smaller.",
  notFound: "Upload not found.",
  unfinished: "This upload is not finished yet: send the rest of it, then try again.",
  inUse: "This upload is being used by another request.",
  filesAndUploads: "Send the files either as file parts or as finished uploads (uploadIds), not both.",
  tooManyUploads: `Name at most ${UPLOAD_IDS_PER_FORM} uploads at a time.`,
  oneVideo: "Name one video upload at a time.",
} as const;
