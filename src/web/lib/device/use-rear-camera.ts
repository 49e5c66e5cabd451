import { type RefObject, useEffect, useState } from "react";

export type CameraState = { status: "starting" } | { status: "live" } | { status: "failed"; message: string };

/** Why the camera could not start, in words a site engineer can act on. */
function cameraFailure(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError") return "The camera is not allowed for this site: allow it in the browser's settings, then reload.";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "This device has no camera the browser can use.";
  if (name === "NotReadableError") return "Another app is using the camera: close it, then reload.";
  return "The camera could not start. You can still pick photos from the gallery.";
}

/**
 * The phone's rear camera (the front one on a laptop) playing in a video element while the screen is open; the stream
 * stops when it closes.
 */
export function useRearCamera(video: RefObject<HTMLVideoElement | null>): CameraState {
  const [state, setState] = useState<CameraState>({ status: "starting" });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let closed = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: "failed", message: "This browser cannot use the camera (it needs a secure https address)." });
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: "environment" }, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false })
      .then(async (opened) => {
        if (closed) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        stream = opened;
        if (video.current) {
          video.current.srcObject = opened;
          await video.current.play().catch(() => undefined);
        }
        setState({ status: "live" });
      })
      .catch((error: unknown) => setState({ status: "failed", message: cameraFailure(error) }));
    return () => {
      closed = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [video]);
  return state;
}

/** The frame the camera shows now, as a JPEG. */
export function frameAsJpeg(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d")?.drawImage(video, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The photo could not be taken."))), "image/jpeg", 0.9),
  );
}
