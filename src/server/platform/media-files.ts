import type { FastifyReply } from "fastify";
import { ApiError } from "../../shared/api.js";
import { productWording } from "../../shared/wording.js";
import type { ByteRange, FileStorage } from "./storage.js";

/** A stored file name as private media routes accept it: generated names only, no folders. */
const MEDIA_FILE_NAME = /^[A-Za-z0-9-]+\.(webp|mp4)$/;

/** One range of bytes a video player asks for (`bytes=0-`, `bytes=100-199`, `bytes=-500`); null for the whole file. */
function byteRange(header: string | undefined, sizeBytes: number): ByteRange | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [, from = "", to = ""] = match;
  const start = from === "" ? Math.max(0, sizeBytes - Number(to)) : Number(from);
  const end = from === "" || to === "" ? sizeBytes - 1 : Math.min(Number(to), sizeBytes - 1);
  return start > end || start >= sizeBytes ? "unsatisfiable" : { start, end };
}

export const mediaNotFound = () => new ApiError(404, productWording.notFound, "not_found");

/**
 * Sends one stored photo or video after its route checked who asks. `private`: only the browser that asked may keep it,
 * for a short while (access can be withdrawn); `public`: a portfolio cover, shown on the public site.
 */
export async function sendMediaFile(
  reply: FastifyReply,
  storage: FileStorage,
  key: { folder: string; file: string },
  caching: "private" | "public",
) {
  if (!MEDIA_FILE_NAME.test(key.file)) throw mediaNotFound();
  const maxAge = caching === "private" ? 300 : 3600;
  // In object storage, the browser fetches the object itself through a URL signed for as long as it may keep it.
  if (storage.signedUrl) {
    return reply
      .header("cache-control", `${caching}, max-age=${maxAge}`)
      .redirect(await storage.signedUrl(`${key.folder}/${key.file}`, maxAge), 302);
  }
  const name = `${key.folder}/${key.file}`;
  const video = key.file.endsWith(".mp4");
  reply
    .type(video ? "video/mp4" : "image/webp")
    .header("cache-control", `${caching}, max-age=${maxAge}`)
    .header("x-content-type-options", "nosniff");
  // A video player asks for ranges to seek; a photo is always sent whole.
  const whole = await storage.open(name);
  if (!whole) throw mediaNotFound();
  const range = video ? byteRange(reply.request.headers.range, whole.sizeBytes) : null;
  if (video) reply.header("accept-ranges", "bytes");
  if (range === null) return reply.header("content-length", String(whole.sizeBytes)).send(whole.stream);
  whole.stream.destroy();
  if (range === "unsatisfiable") return reply.status(416).header("content-range", `bytes */${whole.sizeBytes}`).send();
  const part = await storage.open(name, range);
  if (!part) throw mediaNotFound();
  return reply
    .status(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${whole.sizeBytes}`)
    .header("content-length", String(range.end - range.start + 1))
    .send(part.stream);
}
