import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Server } from "@tus/server";
import { RESUMABLE_UPLOADS_PATH, uploadMaxBytes } from "../../../shared/uploads.js";
import type { Creation } from "./creation.js";
import { isUploadId, storeIdOf, type TusStore, uploadIdOf } from "./tus-store.js";
import type { UploadRecords } from "./upload-records.js";

/** The creation requests the route has checked, by their Node request, until tus creates their upload. */
export type CheckedCreations = WeakMap<IncomingMessage, Creation>;

type NodeRuntime = { runtime?: { node?: { req?: IncomingMessage } } };

/**
 * The tus protocol (creation, HEAD for the offset, PATCH for chunks, expiration) over the store. Who may do what is
 * decided before a request reaches it (routes.ts, which also terminates uploads); here an upload is only named (a
 * random id, the URL being `/api/uploads/{id}`) and recorded with what its checked creation asked for.
 */
export function createTusServer(deps: { store: TusStore; records: UploadRecords; checked: CheckedCreations }) {
  const tus = new Server({
    path: RESUMABLE_UPLOADS_PATH,
    datastore: deps.store.datastore,
    // A ceiling for any upload; each kind's own limit is checked at creation.
    maxSize: Math.max(...Object.values(uploadMaxBytes)),
    namingFunction: () => storeIdOf(randomBytes(16).toString("hex")),
    generateUrl: (_request, { path, id }) => `${path}/${uploadIdOf(id)}`,
    getFileIdFromRequest: (_request, lastPath) => (lastPath && isUploadId(lastPath) ? storeIdOf(lastPath) : undefined),
    async onUploadCreate(request, upload) {
      const node = (request as NodeRuntime).runtime?.node?.req;
      const creation = node ? deps.checked.get(node) : undefined;
      // Every creation goes through the checked route; this is the lock on the door behind it.
      if (!creation) throw { status_code: 403, body: "This upload was not checked.\n" };
      await deps.records.add({ id: uploadIdOf(upload.id), ...creation });
      return {};
    },
  });
  return tus;
}

export type TusServer = ReturnType<typeof createTusServer>;
