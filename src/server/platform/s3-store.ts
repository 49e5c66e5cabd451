import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { ObjectStore } from "./storage.js";

export type S3Settings = { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };

/** One client per bucket: path-style addressing (http://host/bucket/key), which MinIO and the other compatibles need. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A stuck store must not hold a request for ever: the request fails with a clear message instead.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/** An S3-compatible bucket, keys under a prefix ("media/"). A PUT is all or nothing, so no object is ever half-written. */
export function createS3Store(
  client: S3Client,
  bucket: string,
  prefix: string,
): ObjectStore & { signedUrl(key: string, seconds: number): Promise<string> } {
  const keyOf = (key: string) => {
    if (key.split("/").some((part) => part === ".." || part === "." || part === "")) throw new Error(`invalid storage key: ${key}`);
    return `${prefix}${key}`;
  };
  return {
    async put(key, contents, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: contents, ContentLength: contents.length, ContentType: contentType }),
      );
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return { stream: object.Body as Readable, sizeBytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    async list(under = "") {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${under}`, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(prefix.length));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    /** A GET URL that works without credentials for `seconds`. */
    signedUrl: (key, seconds) => getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }), { expiresIn: seconds }),
  };
}
