import type { PositionState } from "./use-position";
import { frameAsJpeg } from "./use-rear-camera";

/** Where the phone is, as a photo's capture fields (none while it is not known). */
export function positionFields(position: PositionState): { latitude?: number; longitude?: number; accuracyMetres?: number } {
  return position.status === "known"
    ? { latitude: position.latitude, longitude: position.longitude, accuracyMetres: position.accuracyMetres }
    : {};
}

/** The camera's frame now, as a JPEG named by its time, with when and where it was taken. */
export async function takePhoto(video: HTMLVideoElement, position: PositionState) {
  const capturedAt = new Date().toISOString();
  const frame = await frameAsJpeg(video);
  const photo = new File([frame], `site-${capturedAt.replaceAll(":", "-")}.jpg`, { type: "image/jpeg" });
  return { photo, capturedAt, where: positionFields(position) };
}
