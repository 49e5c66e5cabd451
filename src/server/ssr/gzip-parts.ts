import { constants, crc32, deflateRawSync } from "node:zlib";

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown system.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Text compressed once, except for short pieces that differ per response (a page's CSP nonce). Each part is a
 * deflate segment of its own that ends on a full flush (byte-aligned, no back-reference into what follows), so
 * the segments of the parts and of each response's pieces join into one valid gzip stream; only the checksum is
 * computed per response (docs/decisions/034-rendered-page-cache.md).
 */
export function gzipParts(parts: string[]) {
  const texts = parts.map((part) => Buffer.from(part, "utf8"));
  const segments = texts.map((text, i) =>
    deflateRawSync(text, { level: 9, finishFlush: i === texts.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH }),
  );
  return {
    /** The whole text with `separator` between the parts, gzipped. */
    join(separator: string): Buffer {
      const separatorText = Buffer.from(separator, "utf8");
      const separatorSegment = deflateRawSync(separatorText, { level: 1, finishFlush: constants.Z_FULL_FLUSH });
      const chunks: Buffer[] = [GZIP_HEADER];
      let crc = 0;
      let size = 0;
      texts.forEach((text, i) => {
        if (i > 0) {
          chunks.push(separatorSegment);
          crc = crc32(separatorText, crc);
          size += separatorText.length;
        }
        chunks.push(segments[i] ?? Buffer.alloc(0));
        crc = crc32(text, crc);
        size += text.length;
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size >>> 0, 4);
      chunks.push(trailer);
      return Buffer.concat(chunks);
    },
  };
}

/** Whether an Accept-Encoding header allows gzip (listed, and not with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? "").split(",").some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(";");
    if (coding?.trim() !== "gzip" && coding?.trim() !== "*") return false;
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !quality || Number(quality.slice(2)) > 0;
  });
}
