import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readExifCapture } from "./exif.js";

/** A small JPEG with the EXIF a phone writes (libvips writes the tags as their string forms). */
function photoWith(exif: Record<string, Record<string, string>>) {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#884422" } })
    .jpeg()
    .withExif(exif)
    .toBuffer();
}

describe("a photo's own time and place", () => {
  it("reads the capture time with its offset and the GPS position in decimal degrees", async () => {
    const photo = await photoWith({
      IFD2: { DateTimeOriginal: "2026:10:27 14:05:09", OffsetTimeOriginal: "+01:00" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 4/1 5735/100", GPSLongitudeRef: "E", GPSLongitude: "7/1 29/1 4236/100" },
    });
    const capture = await readExifCapture(photo);
    expect(capture.takenAt?.toISOString()).toBe("2026-10-27T13:05:09.000Z");
    expect(capture.position?.latitude).toBeCloseTo(9.082597, 5);
    expect(capture.position?.longitude).toBeCloseTo(7.4951, 5);
  });

  it("reads a time without its offset as Lagos time, and a southern or western position as negative", async () => {
    const photo = await photoWith({
      IFD2: { DateTimeOriginal: "2026:10:27 14:05:09" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "1/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 30/1" },
    });
    const capture = await readExifCapture(photo);
    expect(capture.takenAt?.toISOString()).toBe("2026-10-27T13:05:09.000Z");
    expect(capture.position).toEqual({ latitude: -1.5, longitude: -0.125 });
  });

  it("finds nothing in a photo without EXIF, or in bytes that are not an image", async () => {
    const bare = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(await readExifCapture(bare)).toEqual({ takenAt: null, position: null });
    expect(await readExifCapture(Buffer.from("not an image"))).toEqual({ takenAt: null, position: null });
  });
});
