import exifReader from "exif-reader";
import sharp from "sharp";

/** What a photo's own EXIF says about when and where it was taken (either may be missing). */
export type ExifCapture = { takenAt: Date | null; position: { latitude: number; longitude: number } | null };

const NOTHING: ExifCapture = { takenAt: null, position: null };

/**
 * A time without its offset is read in Lagos time (UTC+1, no daylight saving): the company's sites are in Nigeria, and
 * phones write the local time of where they are.
 */
const SITE_OFFSET = "+01:00";

/** Degrees, minutes and seconds (as EXIF writes them) and their hemisphere, in signed decimal degrees. */
function decimalDegrees(parts: unknown, hemisphere: unknown, negative: "S" | "W"): number | null {
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((part) => typeof part === "number" && Number.isFinite(part))) return null;
  const [degrees, minutes, seconds] = parts as [number, number, number];
  const value = degrees + minutes / 60 + seconds / 3600;
  return hemisphere === negative ? -value : value;
}

/** exif-reader reads a local date and time as if it were UTC: the offset moves it to the real moment. */
function momentOf(localTime: unknown, offset: unknown): Date | null {
  if (!(localTime instanceof Date) || Number.isNaN(localTime.getTime())) return null;
  const match =
    /^([+-])(\d{2}):(\d{2})$/.exec(typeof offset === "string" ? offset : SITE_OFFSET) ?? /^([+-])(\d{2}):(\d{2})$/.exec(SITE_OFFSET);
  if (!match) return null;
  const minutes = (Number(match[2]) * 60 + Number(match[3])) * (match[1] === "-" ? -1 : 1);
  return new Date(localTime.getTime() - minutes * 60_000);
}

/**
 * Reads the capture time (DateTimeOriginal and its offset) and GPS position of a JPEG, PNG or WebP original, before
 * the re-encoding strips them. A file without EXIF, or with EXIF that cannot be read, has neither: never an error.
 */
export async function readExifCapture(original: Buffer): Promise<ExifCapture> {
  try {
    const { exif } = await sharp(original).metadata();
    if (!exif) return NOTHING;
    const tags = exifReader(exif);
    const gps = tags.GPSInfo;
    const latitude = decimalDegrees(gps?.GPSLatitude, gps?.GPSLatitudeRef, "S");
    const longitude = decimalDegrees(gps?.GPSLongitude, gps?.GPSLongitudeRef, "W");
    const inRange = latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
    return {
      takenAt: momentOf(tags.Photo?.DateTimeOriginal, tags.Photo?.OffsetTimeOriginal),
      position: inRange ? { latitude, longitude } : null,
    };
  } catch {
    return NOTHING;
  }
}
