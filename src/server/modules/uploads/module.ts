import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import { runPeriodically } from "../../platform/periodic.js";
import { createProjectGuard } from "../projects/index.js";
import { removeUpload } from "./remove-upload.js";
import { uploadRoutes } from "./routes.js";
import { createUploadSweep } from "./sweep.js";
import { createTakeFinishedUploads } from "./take-uploads.js";
import { type CheckedCreations, createTusServer } from "./tus-server.js";
import { createTusStore } from "./tus-store.js";
import { createUploadRecords } from "./upload-records.js";

/** How often uploads past their day are deleted. */
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Resumable uploads (tus): the store on disk or in the bucket, the tus server, what the project routes take finished
 * uploads with (`takeFinished`), and the sweep of expired ones.
 */
export async function createResumableUploads(deps: { db: AppDb; config: Pick<Config, "dataDir" | "s3">; log: FastifyBaseLogger }) {
  const store = await createTusStore(deps.config);
  const records = createUploadRecords(deps.db);
  const checked: CheckedCreations = new WeakMap();
  const parts = { store, records, log: deps.log };
  return {
    tus: createTusServer({ store, records, checked }),
    checked,
    records,
    remove: (uploadId: string) => removeUpload(parts, uploadId),
    takeFinished: createTakeFinishedUploads(parts),
    sweep: createUploadSweep(parts),
  };
}

export type ResumableUploads = Awaited<ReturnType<typeof createResumableUploads>>;

/** The tus endpoint under /api (/api/uploads) and the hourly sweep. */
export async function uploadsModule(app: FastifyInstance, options: { db: AppDb; uploads: ResumableUploads; requireUser: RequireUser }) {
  const { uploads } = options;
  await app.register(uploadRoutes, {
    tus: uploads.tus,
    checked: uploads.checked,
    records: uploads.records,
    remove: uploads.remove,
    guard: createProjectGuard(options.db),
    requireUser: options.requireUser,
  });
  app.addHook(
    "onClose",
    runPeriodically(() => uploads.sweep(), { everyMs: SWEEP_EVERY_MS, log: app.log, failure: "the sweep of expired uploads failed" }),
  );
}
