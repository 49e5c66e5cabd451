import sharp from "sharp";
import { TIMELAPSE_FRAME_MS, TIMELAPSE_MAX_WIDTH } from "../../../../shared/evidence.js";

const WEBP_QUALITY = 70;

/** The frame size: at most TIMELAPSE_MAX_WIDTH wide, in the proportions of the latest photo, even in both sides. */
function frameSize(latest: { width: number; height: number }) {
  const width = Math.min(TIMELAPSE_MAX_WIDTH, latest.width);
  const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
  return { width: even(width), height: even((width * latest.height) / latest.width) };
}

/**
 * An animated WebP, looping, one frame per photo in the order given, each shown TIMELAPSE_FRAME_MS. A photo framed
 * differently from the latest is fitted whole inside the frame (never cropped: what it shows is evidence).
 */
export async function timelapseWebp(photos: readonly Buffer[]): Promise<Buffer> {
  const latest = photos.at(-1);
  if (!latest) throw new Error("a time-lapse needs photos");
  const metadata = await sharp(latest).metadata();
  const size = frameSize({ width: metadata.width ?? TIMELAPSE_MAX_WIDTH, height: metadata.height ?? TIMELAPSE_MAX_WIDTH });
  // Frames are made one at a time, kept small (fast WebP, not raw pixels: 120 raw frames would be ~250 MB), then
  // joined: sharp's join wants frames of one size.
  const frames: Buffer[] = [];
  for (const photo of photos) {
    frames.push(
      await sharp(photo)
        .resize({ ...size, fit: "contain", background: "#000000" })
        .webp({ quality: 90, effort: 0 })
        .toBuffer(),
    );
  }
  return sharp(frames, { join: { animated: true } })
    .webp({ quality: WEBP_QUALITY, loop: 0, delay: frames.map(() => TIMELAPSE_FRAME_MS) })
    .toBuffer();
}
