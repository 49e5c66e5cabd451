import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../testing/s3-server.js";
import { createS3Client, createS3Store } from "./s3-store.js";
import { createDiskStore, failingClearly, type ObjectStore, StorageError } from "./storage.js";

let s3: TestS3 | undefined;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

const newFolder = () => mkdtempSync(path.join(tmpdir(), "crestbuild-store-"));
/** Each store, and the same kind of store broken: a folder that is a file, a server that is not there. */
const stores: [string, () => ObjectStore, () => ObjectStore][] = [
  [
    "the local disk",
    () => createDiskStore(newFolder()),
    () => {
      const file = path.join(newFolder(), "not-a-folder");
      writeFileSync(file, "");
      return createDiskStore(file);
    },
  ],
  [
    "an S3-compatible bucket (s3rver)",
    () => {
      if (!s3) throw new Error("s3rver is not running");
      return createS3Store(createS3Client(s3.settings), s3.settings.bucket, `run-${Date.now()}-${Math.random().toString(36).slice(2)}/`);
    },
    () => {
      if (!s3) throw new Error("s3rver is not running");
      // Port 1 on loopback: nothing listens there.
      const client = createS3Client({ ...s3.settings, endpoint: "http://127.0.0.1:1" });
      return createS3Store(client, s3.settings.bucket, "broken/");
    },
  ],
];

describe.each(stores)("the storage interface on %s", (_name, makeStore, makeBroken) => {
  it("keeps a file under its key, lists it, streams it back, and removes it", async () => {
    const store = makeStore();
    await store.ping();
    await store.put("projects/7/a-thumb.webp", Buffer.from("thumb bytes"), "image/webp");
    await store.put("projects/7/a-gallery.webp", Buffer.from("gallery bytes"), "image/webp");
    await store.put("messages/3/b.webp", Buffer.from("message bytes"), "image/webp");
    expect(await store.list("projects/")).toEqual(["projects/7/a-gallery.webp", "projects/7/a-thumb.webp"]);
    expect(await store.list()).toEqual(["messages/3/b.webp", "projects/7/a-gallery.webp", "projects/7/a-thumb.webp"]);

    const opened = await store.open("projects/7/a-thumb.webp");
    expect(opened?.sizeBytes).toBe(11);
    if (!opened) throw new Error("the file is missing");
    expect(await text(opened.stream)).toBe("thumb bytes");

    await store.put("projects/7/a-thumb.webp", Buffer.from("replaced"));
    const replaced = await store.open("projects/7/a-thumb.webp");
    expect(replaced && (await text(replaced.stream))).toBe("replaced");

    await store.remove("projects/7/a-thumb.webp");
    expect(await store.open("projects/7/a-thumb.webp")).toBeNull();
    await store.remove("projects/7/a-thumb.webp");
    expect(await store.list("projects/")).toEqual(["projects/7/a-gallery.webp"]);
  });

  it("answers null for a file that is not there and refuses a key that leads out of its folder", async () => {
    const store = makeStore();
    expect(await store.open("projects/1/none.webp")).toBeNull();
    await expect(store.put("../escape.webp", Buffer.from("x"))).rejects.toThrow();
    await expect(store.open("projects/../../escape.webp")).rejects.toThrow();
    expect(await store.list()).toEqual([]);
  });

  it("turns a failure into a StorageError that keeps its cause", async () => {
    const store = failingClearly(makeBroken());
    const failed = store.put("projects/1/a.webp", Buffer.from("x"));
    await expect(failed).rejects.toBeInstanceOf(StorageError);
    await expect(failed).rejects.toHaveProperty("cause");
    await expect(store.open("projects/1/a.webp")).rejects.toBeInstanceOf(StorageError);
  });
});
