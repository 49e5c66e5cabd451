import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type TestS3 = {
  /** The S3_* variables that point the app at this server's bucket. */
  env: Record<string, string>;
  settings: { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
};

/** A local S3-compatible server (s3rver) on a loopback port, with one empty bucket, its files in a temporary folder. */
export async function startTestS3(bucket = "crestbuild-test"): Promise<TestS3> {
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "crestbuild-s3-")),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // s3rver's fixed credentials.
  const settings = { bucket, endpoint: `http://127.0.0.1:${port}`, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    settings,
    env: {
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: settings.endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    close: () => server.close(),
  };
}
