import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountsClient } from "../../testing/accounts.js";
import { startMailCatcher } from "../../testing/mail-catcher.js";
import { startTestServer, type TestServer, testConfig } from "../../testing/test-app.js";

let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let server: TestServer;
let accessToken: string;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail.close());
beforeEach(async () => {
  server = await startTestServer({ SMTP_URL: mail.url });
  await registerVerified("photo@example.com");
  accessToken = (await signIn("photo@example.com")).accessToken;
});
afterEach(() => server.close());

const { registerVerified, signIn } = accountsClient(
  () => server,
  () => mail,
);

async function upload(contents: Buffer, filename: string, type: string, field = "avatar") {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(contents)], { type }), filename);
  const response = await fetch(server.url("/api/users/upload-avatar"), {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** A photo as a phone takes it: JPEG with the camera's GPS position in its EXIF. */
function photoWithGps() {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: "#7C5841" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 4/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "7/1 29/1 0/1" },
    })
    .toBuffer();
}

describe("POST /api/users/upload-avatar", () => {
  it("stores a square WebP without the photo's EXIF and GPS data, served from /uploads", async () => {
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    const { status, body } = await upload(original, "me.jpg", "image/jpeg");
    expect(status).toBe(200);
    expect(body.data.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+-[0-9a-f-]+\.webp$/);
    const served = await fetch(server.url(body.data.avatar));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const stored = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    const profile = await fetch(server.url("/api/auth/profile"), { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await profile.json()).data.avatar).toBe(body.data.avatar);
  });

  it("replaces the previous photo and deletes its file", async () => {
    const first = await upload(await photoWithGps(), "a.jpg", "image/jpeg");
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: "#051822" } })
      .png()
      .toBuffer();
    const second = await upload(png, "b.png", "image/png");
    expect(second.status).toBe(200);
    const uploadsDir = path.join(testConfig().dataDir, "uploads");
    expect(existsSync(path.join(uploadsDir, first.body.data.avatar.replace("/uploads/", "")))).toBe(false);
    expect(existsSync(path.join(uploadsDir, second.body.data.avatar.replace("/uploads/", "")))).toBe(true);
  });

  it.each([
    ["a text file named .jpg", Buffer.from("definitely not a photo"), "me.jpg", "image/jpeg"],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "me.svg", "image/svg+xml"],
  ])("refuses %s", async (_name, contents, filename, type) => {
    const { status, body } = await upload(contents, filename, type);
    expect(status).toBe(400);
    expect(body.message).toBe("Please upload a JPEG, PNG or WebP image.");
  });

  it("refuses a file over 5 MB with a clear message", async () => {
    const { status, body } = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), "huge.jpg", "image/jpeg");
    expect(status).toBe(413);
    expect(body.message).toBe("The photo must be 5 MB or smaller.");
  });

  it("asks for a photo when the avatar field is missing", async () => {
    const { status, body } = await upload(Buffer.from("x"), "x.jpg", "image/jpeg", "picture");
    expect(status).toBe(400);
    expect(body.fields.avatar).toBe("Choose a photo to upload.");
  });
});
