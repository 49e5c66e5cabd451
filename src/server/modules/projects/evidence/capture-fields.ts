import { captureFields } from "../../../../shared/evidence.js";
import { type PhotoCaptureInput, photoCaptureSchema } from "../../../../shared/projects.js";
import { productWording } from "../../../../shared/wording.js";
import { ApiError } from "../../../platform/envelope.js";
import type { MultipartUpload } from "../../../platform/multipart.js";
import type { CaptureFacts } from "./verdict.js";

/**
 * What the phone said about one photo, checked: the verdict's facts but the server's own, the milestone it shows, the
 * live check it answers and the photo point it was taken from.
 */
export type PhotoCapture = Pick<CaptureFacts, "source" | "capturedAt" | "queuedAt" | "position"> & {
  milestoneId: number | null;
  liveCheckId: number | null;
  photoPointId: number | null;
};

const dateOrNull = (value: string | undefined) => (value === undefined ? null : new Date(value));

/**
 * The capture of each file of an upload, in order: the n-th value of each field belongs to the n-th file, and a field
 * left empty ("") is not given. A refused value names its field and file (`latitude.0`), like a refused caption.
 */
export function capturesOf(upload: MultipartUpload): PhotoCapture[] {
  return upload.files.map((_, index) => captureAt(upload.fields, index));
}

/** What the phone said about the file at `index` of a form's files. */
export function captureAt(fields: MultipartUpload["fields"], index: number): PhotoCapture {
  const given: Record<string, string> = {};
  for (const field of captureFields) {
    const value = fields[field]?.[index];
    if (value !== undefined && value !== "") given[field] = value;
  }
  const parsed = photoCaptureSchema.safeParse(given satisfies Record<string, string> as PhotoCaptureInput);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(400, productWording.validationFailed, "validation_failed", {
      [`${issue?.path.join(".") || "capture"}.${index}`]: issue?.message ?? "",
    });
  }
  const { source, capturedAt, queuedAt, latitude, longitude, accuracyMetres, milestoneId, liveCheckId, photoPointId } = parsed.data;
  return {
    source,
    capturedAt: dateOrNull(capturedAt),
    queuedAt: dateOrNull(queuedAt),
    // A position without its accuracy is as good as one of unknown accuracy: the verdict's limit refuses it.
    position:
      latitude !== undefined && longitude !== undefined
        ? { latitude, longitude, accuracyMetres: accuracyMetres ?? Number.POSITIVE_INFINITY }
        : null,
    milestoneId: milestoneId ?? null,
    liveCheckId: liveCheckId ?? null,
    photoPointId: photoPointId ?? null,
  };
}
