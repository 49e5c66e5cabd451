import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Upload } from "tus-js-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { startTcpProxy, type TcpProxy } from "../../testing/tcp-proxy.js";
import { testConfig } from "../../testing/test-app.js";

const MB = 1024 * 1024;
/** A site video, as a phone sends it: 50 MB of bytes no compression could shorten. */
const video = randomBytes(50 * MB);
type UploadOptions = ConstructorParameters<typeof Upload>[1];
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A tus-js-client upload started, and its end: done when the file is all sent (retrying as the options say), or its failure. */
function send(file: Buffer, options: UploadOptions): { upload: Upload; done: Promise<void> } {
  const upload = new Upload(file, options);
  const done = new Promise<void>((resolve, reject) => {
    upload.options.onSuccess = () => resolve();
    upload.options.onError = reject;
  });
  upload.start();
  return { upload, done };
}

// On the local disk only: s3rver, the tests' S3 server, has no ListParts, which @tus/s3-store asks at every step.
describe("a 50 MB video sent with tus-js-client", () => {
  const { server, people, createProject } = setUpTestServer({}, { once: true });
  let admin: SignedIn;
  let proxy: TcpProxy;
  let options: UploadOptions;
  beforeEach(async () => {
    admin = await people.admin();
    const projectId = await createProject(admin);
    // The phone reaches the server through a link that can drop, counting every byte the phone sends into it.
    proxy = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(server().url("/")).port) });
    options = {
      endpoint: `http://127.0.0.1:${proxy.port}/api/uploads`,
      headers: admin.auth,
      metadata: { projectId: String(projectId), kind: "video", filename: "walkround.mp4", filetype: "video/mp4" },
      retryDelays: [0, 100, 500, 1000],
    };
  });
  afterEach(() => proxy.close());

  /** The bytes the store holds for an upload. */
  const storedBytes = (uploadUrl: string) => readFile(path.join(testConfig().dataDir, "resumable", uploadUrl.split("/").pop() ?? ""));

  it("arrives whole after the link drops at 20 MB and at 40 MB, having sent at most 60 MB", async () => {
    proxy.dropAt(20 * MB);
    proxy.dropAt(40 * MB);
    const { upload, done } = send(video, options);
    await done;
    expect(proxy.dropsPending()).toBe(0);
    expect(sha256(await storedBytes(upload.url ?? ""))).toBe(sha256(video));
    expect(proxy.receivedBytes()).toBeLessThanOrEqual(60 * MB);
  });

  it("continues from where it stopped after a reload: a new client with only the upload's URL asks the offset (HEAD) and sends the rest", async () => {
    proxy.dropAt(20 * MB);
    const first = send(video, { ...options, retryDelays: [] });
    await expect(first.done).rejects.toThrow(/tus: /);
    // The page is reloaded: all that is left of the first client is the upload's URL it had kept.
    const uploadUrl = first.upload.url ?? "";
    expect(uploadUrl).toMatch(/\/api\/uploads\/[0-9a-f]{32}$/);
    const offset = await fetch(uploadUrl, { method: "HEAD", headers: { ...admin.auth, "tus-resumable": "1.0.0" } });
    expect(Number(offset.headers.get("upload-offset"))).toBeGreaterThan(10 * MB);
    const second = send(video, { ...options, uploadUrl });
    await second.done;
    expect(second.upload.url).toBe(uploadUrl);
    expect(sha256(await storedBytes(uploadUrl))).toBe(sha256(video));
    // Resumed, not sent again: the 50 MB and what was in flight when the link dropped (from zero it would be 70 MB).
    expect(proxy.receivedBytes()).toBeLessThanOrEqual(60 * MB);
  });
});
