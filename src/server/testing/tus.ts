import { expect } from "vitest";
import type { ServerAddress } from "./test-app.js";

/** The tus protocol's version header, which every request but OPTIONS carries. */
export const TUS_RESUMABLE = { "tus-resumable": "1.0.0" };

/** An Upload-Metadata header: each key with its value in Base64. */
export const uploadMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/** Raw tus requests to the test server's /api/uploads, as a phone's tus client sends them. */
export function tusRequests(server: () => ServerAddress) {
  const at = (location: string) => server().url(location);
  return {
    create: (headers: Record<string, string>, fields: Record<string, string>, length: number) =>
      fetch(at("/api/uploads"), {
        method: "POST",
        headers: { ...headers, ...TUS_RESUMABLE, "upload-length": String(length), "upload-metadata": uploadMetadata(fields) },
      }),
    head: (headers: Record<string, string>, location: string) =>
      fetch(at(location), { method: "HEAD", headers: { ...headers, ...TUS_RESUMABLE } }),
    patch: (headers: Record<string, string>, location: string, offset: number, bytes: Buffer) =>
      fetch(at(location), {
        method: "PATCH",
        headers: { ...headers, ...TUS_RESUMABLE, "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
        body: new Uint8Array(bytes),
      }),
    remove: (headers: Record<string, string>, location: string) =>
      fetch(at(location), { method: "DELETE", headers: { ...headers, ...TUS_RESUMABLE } }),

    /** Creates an upload and sends `sent` of its bytes (all by default); answers its URL and id. */
    async upload(headers: Record<string, string>, fields: Record<string, string>, bytes: Buffer, sent = bytes.length) {
      const created = await this.create(headers, fields, bytes.length);
      expect(created.status, await created.clone().text()).toBe(201);
      const location = created.headers.get("location") ?? "";
      expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
      if (sent > 0) expect((await this.patch(headers, location, 0, bytes.subarray(0, sent))).status).toBe(204);
      return { location, id: location.split("/").pop() ?? "" };
    },
  };
}
