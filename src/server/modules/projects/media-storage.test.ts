import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { productWording } from "../../../shared/wording.js";
import { createS3Client, createS3Store } from "../../platform/s3-store.js";
import { createDiskStore, failingClearly, type ObjectStore } from "../../platform/storage.js";
import type { Stores } from "../../platform/stores.js";
import { pngImage } from "../../testing/images.js";
import type { SignedIn } from "../../testing/people.js";
import { startTestS3 } from "../../testing/s3-server.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { photo } from "./test-fixtures.js";

const s3 = await startTestS3();
afterAll(() => s3.close());

/** A store whose writes start failing after `allowed` of them (a disk that fills up, a bucket that goes away). */
function failingAfter(store: ObjectStore) {
  let allowed = Number.POSITIVE_INFINITY;
  const wrapped: ObjectStore = {
    ...store,
    async put(key, contents, contentType) {
      if (allowed <= 0) throw new Error("ENOSPC: no space left on device");
      allowed -= 1;
      await store.put(key, contents, contentType);
    },
  };
  return {
    store: failingClearly(wrapped),
    failAfter: (writes: number) => (allowed = writes),
    reset: () => (allowed = Number.POSITIVE_INFINITY),
  };
}

const folder = () => mkdtempSync(path.join(tmpdir(), "crestbuild-media-"));
const s3Store = (prefix: string) => createS3Store(createS3Client(s3.settings), s3.settings.bucket, `${prefix}-${Date.now()}/`);

describe.each([
  ["the local disk", () => createDiskStore(folder())],
  ["an S3-compatible bucket", () => s3Store("media")],
])("photos on %s", (_name, makeStore) => {
  const media = failingAfter(makeStore());
  const stores: Stores = { uploads: createDiskStore(folder()), media: media.store, documents: createDiskStore(folder()) };
  const { upload, call, people, createProject } = setUpTestServer({}, { stores });
  let admin: SignedIn;
  let projectId: number;
  beforeEach(async () => {
    media.reset();
    admin = await people.admin();
    projectId = await createProject(admin);
  });

  it("an upload that fails halfway answers 503 with a clear message and leaves no file and no row", async () => {
    media.failAfter(3);
    const images = [photo(await pngImage(), "one.png", "image/png"), photo(await pngImage(), "two.png", "image/png")];
    const answer = await upload(`/projects/${projectId}/images`, images, admin.auth);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ success: false, message: productWording.storageUnavailable, error: "storage_unavailable" });
    expect(await media.store.list(`projects/${projectId}/`)).toEqual([]);
    expect((await call(`/projects/${projectId}/images`, undefined, admin.auth)).body.data.items).toEqual([]);
    expect((await call(`/projects/${projectId}`, undefined, admin.auth)).body.data.coverImage).toBeNull();
  });
});

describe("private media in an S3-compatible bucket", () => {
  const { server, upload, people, createProject } = setUpTestServer(s3.env);

  it("sends a reader to a URL signed for 5 minutes, and answers 404 to anyone else without one", async () => {
    const admin = await people.admin();
    const client = await people.client("ngozi@example.com");
    const projectId = await createProject(admin, { clientId: client.id });
    const uploaded = await upload(`/projects/${projectId}/images`, [photo(await pngImage(), "slab.png", "image/png")], admin.auth);
    expect(uploaded.status).toBe(201);
    const { thumbUrl } = uploaded.body.data.photos[0];

    const answer = await fetch(server().url(thumbUrl), { headers: client.auth, redirect: "manual" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("cache-control")).toBe("private, max-age=300");
    const signed = new URL(answer.headers.get("location") ?? "");
    expect(`${signed.origin}`).toBe(s3.settings.endpoint);
    expect(signed.pathname).toMatch(new RegExp(`^/${s3.settings.bucket}/media/projects/${projectId}/[0-9a-f-]{36}-thumb\\.webp$`));
    expect(signed.searchParams.get("X-Amz-Expires")).toBe("300");
    const object = await fetch(signed);
    expect(object.status).toBe(200);
    expect((await object.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const outsider = await people.client("musa@example.com");
    expect((await fetch(server().url(thumbUrl), { headers: outsider.auth, redirect: "manual" })).status).toBe(404);
    expect((await fetch(server().url(thumbUrl), { redirect: "manual" })).status).toBe(404);
  });
});
