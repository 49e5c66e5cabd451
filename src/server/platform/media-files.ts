import type { FastifyReply } from "fastify";
import { ApiError } from "../../shared/api.js";
import { productWording } from "../../shared/wording.js";
import type { FileStorage } from "./storage.js";

/** A stored file name as private media routes accept it: generated names only, no folders. */
const MEDIA_FILE_NAME = /^[A-Za-z0-9-]+\.webp$/;

export const mediaNotFound = () => new ApiError(404, productWording.notFound, "not_found");

/**
 * Sends one stored photo after its route checked who asks. `private`: only the browser that asked may keep it,
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
  const stored = await storage.open(`${key.folder}/${key.file}`);
  if (!stored) throw mediaNotFound();
  return reply
    .type("image/webp")
    .header("content-length", String(stored.sizeBytes))
    .header("cache-control", `${caching}, max-age=${maxAge}`)
    .header("x-content-type-options", "nosniff")
    .send(stored.stream);
}
