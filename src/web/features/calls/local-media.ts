import type { CallMedia } from "../../../shared/calls";

/** The browser refused the devices (the person said no, or a policy did). */
export class DevicesRefused extends Error {}

const refused = (error: unknown) =>
  error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError" || error.name === "NotFoundError");

/** Camera and microphone for a video call, the microphone only for a voice call. */
export async function openCallDevices(media: CallMedia): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DevicesRefused("no media devices");
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: media === "video" });
  } catch (error) {
    if (refused(error)) throw new DevicesRefused(String(error));
    throw error;
  }
}

/** The screen (or window, or tab) the person chooses to share. */
export async function openScreen(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getDisplayMedia) throw new DevicesRefused("no screen sharing");
  try {
    return await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  } catch (error) {
    throw new DevicesRefused(String(error));
  }
}

/** Stops every track: the camera light goes off. */
export function stopStream(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
