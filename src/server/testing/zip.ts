import { crc32, deflateRawSync } from "node:zlib";

/** A file to put in a test ZIP; `encrypted` only sets the flag (enough for the checks that refuse it). */
export type ZipFile = { name: string; data: Buffer | string; stored?: boolean; encrypted?: boolean; claimedSize?: number };

/** A ZIP archive built by hand, so the tests can make the archives an attacker would (bombs, traversal, programs). */
export function zipOf(files: readonly ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data);
    const packed = file.stored ? data : deflateRawSync(data);
    const name = Buffer.from(file.name);
    const flags = (file.encrypted ? 1 : 0) | 0x800;
    const method = file.stored ? 0 : 8;
    const size = file.claimedSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (mainPart: string, mainType: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${mainPart}" ContentType="${mainType}"/>${extra}</Types>`;

const rels = (mainPart: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${mainPart}"/></Relationships>`;

/** A minimal Word document (DOCX), or its macro-enabled kind (DOCM, with a vbaProject.bin). */
export function docxOf(text = "Bill of quantities", { macros = false } = {}): Buffer {
  const mainType = macros
    ? "application/vnd.ms-word.document.macroEnabled.main+xml"
    : "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
  return zipOf([
    { name: "[Content_Types].xml", data: contentTypes("word/document.xml", mainType) },
    { name: "_rels/.rels", data: rels("word/document.xml") },
    {
      name: "word/document.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    },
    ...(macros ? [{ name: "word/vbaProject.bin", data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]) }] : []),
  ]);
}

/** A minimal Excel workbook (XLSX). */
export function xlsxOf(): Buffer {
  return zipOf([
    {
      name: "[Content_Types].xml",
      data: contentTypes(
        "xl/workbook.xml",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      ),
    },
    { name: "_rels/.rels", data: rels("xl/workbook.xml") },
    {
      name: "xl/workbook.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Costs" sheetId="1"/></sheets></workbook>`,
    },
    {
      name: "xl/worksheets/sheet1.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>`,
    },
  ]);
}

/** The start of a Windows program (MZ), enough for a check by magic bytes. */
export const windowsProgram = () => Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(120, 0)]);
