import exifReader from "exif-reader";
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { withExifOf } from "./keep-exif";

/** A phone's photo: turned on its side (orientation 6), with its time and its place in Abuja. */
const phoneExif = {
  IFD2: { DateTimeOriginal: "2026:11:28 09:15:00" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 4/1 5736/100", GPSLongitudeRef: "E", GPSLongitude: "7/1 29/1 4236/100" },
};
const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#8a6a4a" } });
const bytes = async (image: Sharp) => new Uint8Array(await image.toBuffer());
/** What a canvas gives: a JPEG with no metadata. */
const smallerJpeg = () => bytes(picture(40, 30).jpeg());

describe("a photo made smaller under Save data keeps its EXIF", () => {
  it("carries the original's time and place into the smaller JPEG, upright", async () => {
    const original = await bytes(picture(80, 60).jpeg().withMetadata({ orientation: 6 }).withExif(phoneExif));
    expect((await sharp(original).metadata()).orientation).toBe(6);

    const joined = withExifOf(original, await smallerJpeg());
    const metadata = await sharp(joined).metadata();
    expect([metadata.width, metadata.height]).toEqual([40, 30]);
    expect(metadata.orientation).toBe(1);
    const exif = exifReader(metadata.exif as Buffer);
    expect(exif.GPSInfo?.GPSLatitude).toEqual([9, 4, 57.36]);
    expect(exif.GPSInfo?.GPSLongitudeRef).toBe("E");
    expect(exif.Photo?.DateTimeOriginal).toBeInstanceOf(Date);
    // The picture itself still decodes.
    expect((await sharp(joined).raw().toBuffer()).length).toBe(40 * 30 * 3);
  });

  it("gives the smaller JPEG as it is when the original has no EXIF, is not a JPEG or is cut short", async () => {
    const smaller = await smallerJpeg();
    const withExif = await bytes(picture(80, 60).jpeg().withExif(phoneExif));
    for (const original of [
      await bytes(picture(80, 60).jpeg()),
      await bytes(picture(80, 60).png()),
      withExif.slice(0, 12),
      new Uint8Array(0),
    ])
      expect(withExifOf(original, smaller)).toBe(smaller);
  });
});
