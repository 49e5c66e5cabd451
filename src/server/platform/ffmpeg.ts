import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * ffmpeg, for videos (docs/decisions/137-videos-through-ffmpeg.md): FFMPEG_PATH when set, else the system's own
 * (Debian's, kept patched by the system's updates), else the binary the npm package @ffmpeg-installer ships, so that
 * `npm install` alone gives a server that takes videos.
 */
export function findFfmpeg(configured: string | undefined): string {
  if (configured) return configured;
  for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(folder, "ffmpeg");
    if (folder && existsSync(candidate)) return candidate;
  }
  const require = createRequire(import.meta.url);
  return (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

/** What ffmpeg read of a video file before converting it. */
export type VideoProbe = {
  durationSeconds: number;
  width: number;
  height: number;
  /** The container's own creation time and ISO 6709 position, as a phone writes them (null when absent). */
  createdAt: Date | null;
  position: { latitude: number; longitude: number } | null;
};

/** ffmpeg failed on the file (not a video it can read) or took too long: the upload is refused, nothing kept. */
export class VideoUnreadable extends Error {}

/** A phone's video is converted within this long; a file that takes longer is refused (it also bounds a hostile file). */
const CONVERT_TIMEOUT_MS = 5 * 60_000;
const PROBE_TIMEOUT_MS = 30_000;

function run(binary: string, args: string[], timeoutMs: number): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, killSignal: "SIGKILL" }, (error, _stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, stderr: String(stderr) });
    });
  });
}

// Only local files, read by the demuxer ffmpeg detects: a playlist naming other files or URLs is not followed.
const INPUT_ARGS = ["-hide_banner", "-nostdin", "-protocol_whitelist", "file", "-i"];

const ISO_6709 = /([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)/;

/** Reads the duration, size, creation time and position ffmpeg prints of a file (it exits 1: no output was asked). */
export async function probeVideo(binary: string, file: string): Promise<VideoProbe> {
  const { stderr } = await run(binary, [...INPUT_ARGS, file], PROBE_TIMEOUT_MS);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #[^\n]*Video:[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!duration || !video) throw new VideoUnreadable("no video stream");
  const [, hours = "0", minutes = "0", seconds = "0"] = duration;
  const creation = /creation_time\s*:\s*(\S+)/.exec(stderr)?.[1];
  const createdAt = creation ? new Date(creation) : null;
  const location = /(?:location|com\.apple\.quicktime\.location\.ISO6709)\s*:\s*(\S+)/.exec(stderr)?.[1];
  const coordinates = location ? ISO_6709.exec(location) : null;
  const latitude = Number(coordinates?.[1]);
  const longitude = Number(coordinates?.[2]);
  return {
    durationSeconds: Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds),
    width: Number(video[1]),
    height: Number(video[2]),
    createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
    position:
      coordinates && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && (latitude !== 0 || longitude !== 0)
        ? { latitude, longitude }
        : null,
  };
}

/**
 * A 480p H.264 MP4 that any phone plays, streaming from its first bytes (faststart), without the original's metadata
 * (its position above all), and a poster frame as JPEG, taken a second in (or at the start of a shorter video).
 */
export async function convertVideo(binary: string, input: string, output: { video: string; poster: string }, durationSeconds: number) {
  const converted = await run(
    binary,
    [
      ...INPUT_ARGS,
      input,
      "-map",
      "0:v:0",
      "-map",
      "0:a:0?",
      "-map_metadata",
      "-1",
      "-vf",
      "scale=-2:'min(480,trunc(ih/2)*2)':flags=bicubic,format=yuv420p",
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-crf",
      "28",
      "-profile:v",
      "main",
      "-c:a",
      "aac",
      "-b:a",
      "96k",
      "-ac",
      "2",
      "-movflags",
      "+faststart",
      "-y",
      output.video,
    ],
    CONVERT_TIMEOUT_MS,
  );
  if (converted.code !== 0) throw new VideoUnreadable(converted.stderr.slice(-500));
  const at = durationSeconds > 2 ? 1 : 0;
  const poster = await run(
    binary,
    [...INPUT_ARGS, output.video, "-ss", String(at), "-frames:v", "1", "-q:v", "4", "-y", output.poster],
    PROBE_TIMEOUT_MS,
  );
  if (poster.code !== 0) throw new VideoUnreadable(poster.stderr.slice(-500));
}
