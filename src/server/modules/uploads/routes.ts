import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../../shared/api.js";
import { uploadMessages } from "../../../shared/uploads.js";
import { currentUser, type RequireUser } from "../../platform/authenticate.js";
import { perUserLimit } from "../../platform/rate-limit.js";
import type { ProjectGuard } from "../projects/index.js";
import { checkCreation } from "./creation.js";
import type { CheckedCreations, TusServer } from "./tus-server.js";
import { isUploadId } from "./tus-store.js";
import type { UploadRecords } from "./upload-records.js";

type Options = {
  tus: TusServer;
  checked: CheckedCreations;
  records: UploadRecords;
  /** Deletes an upload's files and row (remove-upload.ts). */
  remove: (uploadId: string) => Promise<void>;
  guard: ProjectGuard;
  requireUser: RequireUser;
};

/** Creations per person: a day of a site's photos sent at once when the signal comes back, and a ceiling for abuse. */
const CREATION_LIMIT = perUserLimit(300, 60);

const TUS_DESCRIPTION =
  "tus 1.0.0 (creation, creation-with-upload, termination, expiration): `Tus-Resumable: 1.0.0` and the Bearer token on every request; the tus answers (201 with `Location`, 204 with `Upload-Offset`, 409, 410) are tus's, with plain-text bodies; the checks before them answer the JSON envelope (docs/api.md).";

const uploadIdOf = (request: FastifyRequest) => (request.params as { uploadId: string }).uploadId;

/**
 * Resumable uploads at /api/uploads: every request signed in (requireUser: the token, the account still active) and,
 * past creation, only the upload's creator reaches it (404 to anyone else); then the request goes to tus as it is.
 */
export async function uploadRoutes(app: FastifyInstance, { tus, checked, records, remove, guard, requireUser }: Options) {
  // A chunk is left unread here: tus streams it to the store (the 1 MiB body limit is for JSON, not for these).
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, "the tus server failed");
      reply.raw.destroy();
    }
  }

  async function ownUpload(request: FastifyRequest) {
    const uploadId = uploadIdOf(request);
    if (!isUploadId(uploadId) || !(await records.isOwnedBy(uploadId, currentUser(request).userId)))
      throw new ApiError(404, uploadMessages.notFound, "not_found");
  }
  const ownUploadOnly = { preValidation: [requireUser, ownUpload] };

  app.post(
    "/uploads",
    {
      preValidation: requireUser,
      config: CREATION_LIMIT,
      schema: {
        summary: "Create a resumable upload (tus)",
        description: `${TUS_DESCRIPTION} \`Upload-Length\` and \`Upload-Metadata\` with \`projectId\` (a project the caller may add to: 404 / 403), \`kind\` (\`photo\` ≤ 15 MB, \`video\` ≤ 200 MB: 413 over it), \`filename\`, \`filetype\`. 300 an hour a person. Unused uploads are deleted 24 hours after their creation.`,
      },
    },
    async (request, reply) => {
      checked.set(request.raw, await checkCreation(request, guard));
      await handOver(request, reply);
    },
  );
  app.head(
    "/uploads/:uploadId",
    { ...ownUploadOnly, schema: { summary: "An upload's offset (tus)", description: TUS_DESCRIPTION } },
    handOver,
  );
  app.patch(
    "/uploads/:uploadId",
    { ...ownUploadOnly, schema: { summary: "Send the next bytes of an upload (tus)", description: TUS_DESCRIPTION } },
    handOver,
  );
  // Termination here rather than in tus: one removal (remove-upload.ts) for the files of every store, finished or not.
  app.delete(
    "/uploads/:uploadId",
    { ...ownUploadOnly, schema: { summary: "Abandon an upload (tus termination, 204)", description: TUS_DESCRIPTION } },
    async (request, reply) => {
      await remove(uploadIdOf(request));
      return reply.header("tus-resumable", "1.0.0").status(204).send();
    },
  );
}
