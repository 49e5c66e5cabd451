/**
 * A photo made smaller on the phone (Save data) is drawn anew, without the original's EXIF: the time and place the
 * phone wrote, which the server reads to judge a gallery photo against the site (docs/decisions/151-site-app-outbox.md).
 * These put the original JPEG's EXIF segment into the smaller JPEG, its orientation set upright, since the drawing has
 * already turned the picture (the server turns a photo as its EXIF says).
 */

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const ORIENTATION_TAG = 0x0112;

/** The original's EXIF segment (marker, length and payload), or null: not a JPEG, no EXIF, or cut short. */
function exifSegmentOf(jpeg: Uint8Array): Uint8Array | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    // Start of scan: the picture's data follows, no more metadata.
    if (marker === 0xda) return null;
    const length = ((jpeg[at + 2] ?? 0) << 8) | (jpeg[at + 3] ?? 0);
    if (length < 2 || at + 2 + length > jpeg.length) return null;
    const isExif = marker === 0xe1 && EXIF_HEADER.every((byte, index) => jpeg[at + 4 + index] === byte);
    if (isExif) return jpeg.slice(at, at + 2 + length);
    at += 2 + length;
  }
  return null;
}

/** Sets the orientation of an EXIF segment (as exifSegmentOf gives it) to upright, if it has one. */
function setUpright(segment: Uint8Array): void {
  const tiff = 4 + EXIF_HEADER.length;
  const view = new DataView(segment.buffer, segment.byteOffset, segment.byteLength);
  if (tiff + 8 > segment.length) return;
  const little = view.getUint16(tiff) === 0x4949; // "II"
  const firstDirectory = tiff + view.getUint32(tiff + 4, little);
  if (firstDirectory + 2 > segment.length) return;
  const entries = view.getUint16(firstDirectory, little);
  for (let index = 0; index < entries; index++) {
    const entry = firstDirectory + 2 + index * 12;
    if (entry + 12 > segment.length) return;
    if (view.getUint16(entry, little) === ORIENTATION_TAG) view.setUint16(entry + 8, 1, little);
  }
}

/** The smaller JPEG with the original's EXIF (upright), or as it is when the original has none to give. */
export function withExifOf(original: Uint8Array, smaller: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const segment = exifSegmentOf(original);
  if (!segment || smaller[0] !== 0xff || smaller[1] !== 0xd8) return smaller;
  setUpright(segment);
  const joined = new Uint8Array(smaller.length + segment.length);
  joined.set(smaller.subarray(0, 2));
  joined.set(segment, 2);
  joined.set(smaller.subarray(2), 2 + segment.length);
  return joined;
}
