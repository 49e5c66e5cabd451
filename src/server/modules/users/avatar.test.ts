import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { jpegWithGps, pngImage, svgWithScript } from "../../testing/images.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testConfig } from "../../testing/test-app.js";

const { server, people, call, upload: uploadFile } = setUpTestServer();
let auth: { authorization: string };
beforeEach(async () => {
  auth = (await people.client("photo@example.com")).auth;
});

const upload = (contents: Buffer, filename: string, type: string, field = "avatar") =>
  uploadFile("/users/upload-avatar", [{ field, name: filename, type, data: contents }], auth);

describe("POST /api/users/upload-avatar", () => {
  it("stores a square WebP without the photo's EXIF and GPS data, served from /uploads", async () => {
    const original = await jpegWithGps(800, 600);
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    const { status, body } = await upload(original, "me.jpg", "image/jpeg");
    expect(status).toBe(200);
    expect(body.data.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+-[0-9a-f-]+\.webp$/);
    const served = await fetch(server().url(body.data.avatar));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const stored = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    const profile = await call("/auth/profile", undefined, auth);
    expect(profile.body.data.avatar).toBe(body.data.avatar);
  });

  it("replaces the previous photo and deletes its file", async () => {
    const first = await upload(await jpegWithGps(800, 600), "a.jpg", "image/jpeg");
    const second = await upload(await pngImage(300, 300), "b.png", "image/png");
    expect(second.status).toBe(200);
    const uploadsDir = path.join(testConfig().dataDir, "uploads");
    expect(existsSync(path.join(uploadsDir, first.body.data.avatar.replace("/uploads/", "")))).toBe(false);
    expect(existsSync(path.join(uploadsDir, second.body.data.avatar.replace("/uploads/", "")))).toBe(true);
  });

  it.each([
    ["a text file named .jpg", Buffer.from("definitely not a photo"), "me.jpg", "image/jpeg"],
    ["an SVG", svgWithScript(), "me.svg", "image/svg+xml"],
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

  it("refuses two photos at once as every upload refuses too many files (413), keeping the photo it had", async () => {
    const kept = await upload(await pngImage(), "me.png", "image/png");
    expect(kept.status).toBe(200);
    const photo = { field: "avatar", name: "me.png", type: "image/png", data: await pngImage() };
    const { status, body } = await uploadFile("/users/upload-avatar", [photo, photo], auth);
    expect(status).toBe(413);
    expect(body.error).toBe("too_many_files");
    expect(body.fields.avatar).toBe("Upload one photo at a time.");
    expect((await call("/auth/profile", undefined, auth)).body.data.avatar).toBe(kept.body.data.avatar);
  });

  it("asks for a photo when the avatar field is missing", async () => {
    const { status, body } = await upload(Buffer.from("x"), "x.jpg", "image/jpeg", "picture");
    expect(status).toBe(400);
    expect(body.fields.avatar).toBe("Choose a photo to upload.");
  });
});
