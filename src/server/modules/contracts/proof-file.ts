/** The kinds of file a proof of payment may be, told from their first bytes (never from the name the browser sent). */
const proofKinds = [
  { contentType: "application/pdf", extension: "pdf", matches: (head: Buffer) => head.subarray(0, 5).toString("latin1") === "%PDF-" },
  {
    contentType: "image/jpeg",
    extension: "jpg",
    otherExtensions: ["jpeg"],
    matches: (head: Buffer) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  },
  {
    contentType: "image/png",
    extension: "png",
    matches: (head: Buffer) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    contentType: "image/webp",
    extension: "webp",
    matches: (head: Buffer) => head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP",
  },
  {
    contentType: "image/heic",
    extension: "heic",
    matches: (head: Buffer) =>
      head.subarray(4, 8).toString("latin1") === "ftyp" &&
      ["heic", "heix", "mif1", "msf1"].includes(head.subarray(8, 12).toString("latin1")),
  },
] as const;

export type ProofKind = { contentType: string; extension: string; otherExtensions?: readonly string[] };

/** A photo of a bank slip or a screenshot (JPEG, PNG, WebP, HEIC) or a PDF; null for anything else. */
export function proofKindOf(data: Buffer): ProofKind | null {
  const found = proofKinds.find((kind) => kind.matches(data));
  return found ?? null;
}
