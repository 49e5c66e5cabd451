import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findFfmpeg } from "../../platform/ffmpeg.js";
import type { UploadFile } from "../../testing/accounts.js";

/** Files for the projects' upload fields: `images` (photos of the gallery and the site diary), `document` and `video`. */

export const photo = (data: Buffer, name = "site.jpg", type = "image/jpeg"): UploadFile => ({ field: "images", name, type, data });

export const pdfBytes = () => Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

export const pdfDocument = (name = "contract.pdf"): UploadFile => ({ field: "document", name, type: "application/pdf", data: pdfBytes() });

/**
 * A short test-pattern video made by ffmpeg (the same binary the server uses): MP4, MOV or WebM, with the time and
 * ISO 6709 position a phone writes in its container when given.
 */
export function testVideo(options: { format: "mp4" | "mov" | "webm"; seconds?: number; location?: string; creationTime?: string }) {
  const folder = mkdtempSync(path.join(tmpdir(), "crestbuild-test-video-"));
  const file = path.join(folder, `clip.${options.format}`);
  const seconds = String(options.seconds ?? 2);
  const codec = options.format === "webm" ? ["-c:v", "libvpx", "-b:v", "200k"] : ["-c:v", "libx264", "-preset", "ultrafast"];
  const metadata = [
    ...(options.location ? ["-metadata", `location=${options.location}`] : []),
    ...(options.creationTime ? ["-metadata", `creation_time=${options.creationTime}`] : []),
  ];
  execFileSync(findFfmpeg(undefined), [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc=duration=${seconds}:size=640x360:rate=10`,
    ...codec,
    ...metadata,
    "-y",
    file,
  ]);
  const data = readFileSync(file);
  rmSync(folder, { recursive: true, force: true });
  const type = { mp4: "video/mp4", mov: "video/quicktime", webm: "video/webm" }[options.format];
  return { field: "video", name: `clip.${options.format}`, type, data } satisfies UploadFile;
}
