import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { jpegWithGps, pngImage, svgWithScript } from "../../testing/images.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testConfig } from "../../testing/test-app.js";
import { docxOf, windowsProgram, xlsxOf, zipOf } from "../../testing/zip.js";
import { pdfBytes, pdfDocument, photo } from "./test-fixtures.js";

const { server, call, upload, people, createProject } = setUpTestServer();
let admin: SignedIn;
let projectId: number;
beforeEach(async () => {
  admin = await people.admin();
  projectId = await createProject(admin);
});

const dataDir = () => testConfig().dataDir;
/** Every file under a folder (the test worker's data folder is shared, so tests compare before and after). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
const projectUploads = () => filesUnder(path.join(dataDir(), "media", "projects", String(projectId)));
const projectDocumentFiles = () => filesUnder(path.join(dataDir(), "documents", "projects", String(projectId)));

async function galleryCount() {
  return (await call(`/projects/${projectId}/images`, undefined, admin.auth)).body.data.items.length;
}

describe("project photos (POST /api/projects/:id/images, field images)", () => {
  it("stores each photo as a thumbnail and a gallery WebP without its EXIF and GPS data", async () => {
    const original = await jpegWithGps(2000, 1500);
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    const uploaded = await upload(
      `/projects/${projectId}/images`,
      [photo(original, "site.jpg"), photo(await pngImage(), "plan.png", "image/png")],
      admin.auth,
      {
        caption: ["Ground floor slab", "Setting out"],
      },
    );
    expect(uploaded.status).toBe(201);
    const [first, second] = uploaded.body.data.photos;
    expect(first).toMatchObject({ caption: "Ground floor slab", width: 1600, height: 1200 });
    expect(second).toMatchObject({ caption: "Setting out", width: 500, height: 500 });
    for (const url of [first.thumbUrl, first.galleryUrl]) {
      expect(url).toMatch(new RegExp(`^/api/media/projects/${projectId}/[0-9a-f-]{36}-(thumb|gallery)\\.webp$`));
      const served = await fetch(server().url(url), { headers: admin.auth });
      expect(served.headers.get("content-type")).toBe("image/webp");
      const stored = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();
      expect(stored.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }
    expect(
      await sharp(Buffer.from(await (await fetch(server().url(first.thumbUrl), { headers: admin.auth })).arrayBuffer())).metadata(),
    ).toMatchObject({
      width: 400,
      height: 300,
    });
    const project = await call(`/projects/${projectId}`, undefined, admin.auth);
    expect(project.body.data.coverImage).toBe(first.galleryUrl);
    expect(project.body.data.counts.photos).toBe(2);
  });

  it("refuses a photo over 15 MB with a clear message and stores nothing", async () => {
    const before = projectUploads();
    const answer = await upload(`/projects/${projectId}/images`, [photo(Buffer.alloc(15 * 1024 * 1024 + 1, 1), "huge.jpg")], admin.auth);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe("Each photo must be 15 MB or smaller.");
    expect(answer.body.fields?.images).toBe("Each photo must be 15 MB or smaller.");
    expect(projectUploads()).toEqual(before);
    expect(await galleryCount()).toBe(0);
  });

  it("refuses more than 10 photos at once and stores none of them", async () => {
    const before = projectUploads();
    const png = await pngImage();
    const answer = await upload(
      `/projects/${projectId}/images`,
      Array.from({ length: 11 }, (_, index) => photo(png, `photo-${index}.png`, "image/png")),
      admin.auth,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe("Upload at most 10 photos at a time.");
    expect(projectUploads()).toEqual(before);
    expect(await galleryCount()).toBe(0);
  });

  it.each([
    ["a text file named .jpg", photo(Buffer.from("definitely not a photo"), "site.jpg", "image/jpeg")],
    ["an SVG", photo(svgWithScript(), "logo.svg", "image/svg+xml")],
  ])("refuses %s", async (_name, file) => {
    const before = projectUploads();
    const answer = await upload(`/projects/${projectId}/images`, [file], admin.auth);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Please upload a JPEG, PNG or WebP image.");
    expect(answer.body.fields?.images).toBe(`${file.name} is not a JPEG, PNG or WebP image.`);
    expect(projectUploads()).toEqual(before);
  });

  it("keeps nothing of a gallery upload whose second photo is refused", async () => {
    const before = projectUploads();
    const answer = await upload(
      `/projects/${projectId}/images`,
      [photo(await jpegWithGps(), "good.jpg"), photo(Buffer.from("not an image"), "bad.jpg")],
      admin.auth,
    );
    expect(answer.status).toBe(400);
    expect(projectUploads()).toEqual(before);
    expect(await galleryCount()).toBe(0);
    expect((await call(`/projects/${projectId}`, undefined, admin.auth)).body.data.coverImage).toBeNull();
  });

  it("keeps nothing of a site diary entry whose second photo is refused: no entry, no photo, no file", async () => {
    const before = projectUploads();
    const answer = await upload(
      `/projects/${projectId}/updates`,
      [photo(await jpegWithGps(), "good.jpg"), photo(svgWithScript(), "bad.svg", "image/svg+xml")],
      admin.auth,
      {
        body: "Roof trusses delivered.",
      },
    );
    expect(answer.status).toBe(400);
    expect(projectUploads()).toEqual(before);
    expect((await call(`/projects/${projectId}/updates`, undefined, admin.auth)).body.data.items).toEqual([]);
    expect(await galleryCount()).toBe(0);
  });

  it("deletes a photo with its files", async () => {
    const uploaded = await upload(`/projects/${projectId}/images`, [photo(await jpegWithGps())], admin.auth);
    const [stored] = uploaded.body.data.photos;
    expect((await call(`/projects/${projectId}/images/${stored.id}`, undefined, admin.auth, "DELETE")).status).toBe(204);
    expect((await fetch(server().url(stored.galleryUrl))).status).toBe(404);
    expect(existsSync(path.join(dataDir(), stored.thumbUrl))).toBe(false);
    expect((await call(`/projects/${projectId}`, undefined, admin.auth)).body.data.coverImage).toBeNull();
  });
});

describe("project documents (POST /api/projects/:id/documents, field document)", () => {
  it.each([
    ["a text file named .pdf", Buffer.from("meeting notes, not a PDF"), "notes.pdf"],
    ["an SVG named .png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "scan.png"],
  ])("refuses %s", async (_name, data, name) => {
    const before = projectDocumentFiles();
    const answer = await upload(
      `/projects/${projectId}/documents`,
      [{ field: "document", name, type: "application/pdf", data }],
      admin.auth,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "Please upload a PDF, a drawing (DWG or DXF), a Word or Excel file (DOCX, XLSX), a JPG or PNG scan, or a ZIP.",
    );
    expect(projectDocumentFiles()).toEqual(before);
  });

  it("refuses a document over 25 MB with a clear message", async () => {
    const huge = Buffer.concat([pdfBytes(), Buffer.alloc(25 * 1024 * 1024, 32)]);
    const answer = await upload(
      `/projects/${projectId}/documents`,
      [{ field: "document", name: "big.pdf", type: "application/pdf", data: huge }],
      admin.auth,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe("The document must be 25 MB or smaller.");
  });

  it.each([
    ["a DWG drawing", Buffer.concat([Buffer.from("AC1032"), Buffer.alloc(200, 7)]), "ground-floor", "image/vnd.dwg", "ground-floor.dwg"],
    ["a DXF drawing", Buffer.from("  0\nSECTION\n  2\nHEADER\n  0\nENDSEC\n  0\nEOF\n"), "site-plan.dxf", "image/vnd.dxf", "site-plan.dxf"],
  ])("accepts %s, typed from its bytes", async (_name, data, name, contentType, fileName) => {
    const answer = await upload(
      `/projects/${projectId}/documents`,
      [{ field: "document", name, type: "application/octet-stream", data }],
      admin.auth,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ contentType, fileName, title: fileName, sizeBytes: data.length });
  });

  it("lets a reader of the project download a document as an attachment, kept out of /uploads, and answers 404 to another client", async () => {
    const owner = await people.client("owner@example.com");
    const stranger = await people.client("stranger@example.com");
    await call(`/projects/${projectId}`, { clientId: owner.id }, admin.auth, "PUT");
    const uploaded = await upload(`/projects/${projectId}/documents`, [pdfDocument("Structural drawings – rev B.pdf")], admin.auth, {
      title: "Structural drawings",
    });
    expect(uploaded.status).toBe(201);
    const document = uploaded.body.data;
    expect(document).toMatchObject({
      title: "Structural drawings",
      fileName: "Structural drawings – rev B.pdf",
      contentType: "application/pdf",
    });

    const downloaded = await call(document.downloadUrl.replace(/^\/api/, ""), undefined, owner.auth);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-type")).toBe("application/pdf");
    expect(downloaded.headers.get("content-disposition")).toBe(
      `attachment; filename="Structural drawings _ rev B.pdf"; filename*=UTF-8''Structural%20drawings%20%E2%80%93%20rev%20B.pdf`,
    );
    expect(downloaded.raw.equals(pdfBytes())).toBe(true);

    const refused = await call(document.downloadUrl.replace(/^\/api/, ""), undefined, stranger.auth);
    expect(refused.status).toBe(404);
    expect(refused.raw.includes(Buffer.from("%PDF"))).toBe(false);
    expect((await call(`/projects/${projectId}/documents`, undefined, stranger.auth)).status).toBe(404);
    expect((await fetch(server().url(document.downloadUrl))).status).toBe(401);

    const [stored] = projectDocumentFiles().filter((file) => file.endsWith(".pdf"));
    expect(stored).toBeDefined();
    expect(stored?.startsWith(path.join(dataDir(), "documents"))).toBe(true);
    const storedName = path.relative(path.join(dataDir(), "documents"), stored ?? "");
    expect((await fetch(server().url(`/uploads/${storedName}`))).status).toBe(404);
  });
});

describe("document types, folders and versions", () => {
  const send = (data: Buffer, name: string, fields: Record<string, string> = {}) =>
    upload(`/projects/${projectId}/documents`, [{ field: "document", name, type: "application/octet-stream", data }], admin.auth, fields);
  const listed = async () => (await call(`/projects/${projectId}/documents`, undefined, admin.auth)).body.data.items;

  it.each([
    [
      "a Word document",
      () => docxOf(),
      "bill-of-quantities.docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    ["an Excel workbook", () => xlsxOf(), "costs", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["a ZIP of drawings", () => zipOf([{ name: "plans/ground.pdf", data: pdfBytes() }]), "plans.zip", "application/zip"],
    [
      "a PNG scan",
      () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
      "scan.png",
      "image/png",
    ],
    ["a JPG scan", () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(68, 1)]), "permit.jpg", "image/jpeg"],
  ])("accepts %s, typed from its bytes, in the folder chosen", async (_name, bytes, name, contentType) => {
    const data = bytes();
    const answer = await send(data, name, { folder: "approvals" });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ contentType, folder: "approvals", version: 1, sizeBytes: data.length, earlierVersions: [] });
    const downloaded = await call(answer.body.data.downloadUrl.replace(/^\/api/, ""), undefined, admin.auth);
    expect(downloaded.headers.get("content-type")).toBe(contentType);
    expect(downloaded.raw.equals(data)).toBe(true);
  });

  it("names the file after what it really is: an Excel workbook uploaded without its extension ends in .xlsx", async () => {
    expect((await send(xlsxOf(), "costs")).body.data.fileName).toBe("costs.xlsx");
    expect((await send(docxOf(), "notes.docx.zip")).body.data.fileName).toBe("notes.docx.zip.docx");
    expect((await send(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), "permit.JPEG")).body.data.fileName).toBe("permit.jpg");
  });

  const macroMessage = "Files with macros (DOCM, XLSM or a macro inside) are not accepted: save it as DOCX or XLSX without macros.";
  it.each([
    ["a macro-enabled Word document (DOCM)", () => docxOf("Payment schedule", { macros: true }), "schedule.docm", macroMessage],
    ["a plain DOCX renamed .docm", () => docxOf(), "schedule.docm", macroMessage],
    [
      "a DOCX carrying a vbaProject.bin",
      () =>
        zipOf([
          { name: "word/vbaProject.bin", data: "macro" },
          { name: "word/document.xml", data: "<w/>" },
        ]),
      "x.docx",
      macroMessage,
    ],
    [
      "a ZIP holding an .exe",
      () =>
        zipOf([
          { name: "drawings/plan.pdf", data: pdfBytes() },
          { name: "drawings/setup.exe", data: "x" },
        ]),
      "plans.zip",
      "The ZIP holds a program or script (drawings/setup.exe): these are not accepted.",
    ],
    [
      "a ZIP holding a shell script",
      () => zipOf([{ name: "install.SH", data: "rm -rf /" }]),
      "tools.zip",
      "The ZIP holds a program or script (install.SH): these are not accepted.",
    ],
    [
      "a ZIP holding a Windows program under an innocent name",
      () => zipOf([{ name: "photo.jpg", data: windowsProgram() }]),
      "photos.zip",
      "The ZIP holds a program (photo.jpg): these are not accepted.",
    ],
    [
      "a ZIP holding a Linux program, stored",
      () => zipOf([{ name: "readme", data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), stored: true }]),
      "a.zip",
      "The ZIP holds a program (readme): these are not accepted.",
    ],
    [
      "a password-protected ZIP",
      () => zipOf([{ name: "contract.pdf", data: pdfBytes(), encrypted: true }]),
      "secret.zip",
      "The ZIP is password-protected: upload it without a password so it can be checked.",
    ],
    [
      "a ZIP whose entry climbs out of its folder",
      () => zipOf([{ name: "plans/../../etc/cron.d/x", data: "x" }]),
      "plans.zip",
      "The ZIP holds a file with an unsafe path (plans/../../etc/cron.d/x).",
    ],
    [
      "a ZIP with an absolute path",
      () => zipOf([{ name: "/etc/passwd", data: "x" }]),
      "plans.zip",
      "The ZIP holds a file with an unsafe path (/etc/passwd).",
    ],
    [
      "a ZIP bomb (entries claiming 300 MB unpacked)",
      () =>
        zipOf([
          { name: "a.txt", data: "aaaa", claimedSize: 150 * 1024 * 1024 },
          { name: "b.txt", data: "bbbb", claimedSize: 150 * 1024 * 1024 },
        ]),
      "bomb.zip",
      "The ZIP would unpack to more than 200 MB.",
    ],
    [
      "a ZIP of 5,001 files",
      () => zipOf(Array.from({ length: 5001 }, (_, index) => ({ name: `f${index}.txt`, data: "", stored: true }))),
      "many.zip",
      "The ZIP holds more than 5,000 files.",
    ],
    [
      "a damaged ZIP",
      () => zipOf([{ name: "a.pdf", data: pdfBytes() }]).subarray(0, 40),
      "broken.zip",
      "The ZIP file is damaged and cannot be read.",
    ],
  ])("refuses %s, saying why, and keeps nothing", async (_name, bytes, name, message) => {
    const before = projectDocumentFiles();
    const answer = await send(bytes(), name);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(answer.body.fields?.document).toBe(message);
    expect(projectDocumentFiles()).toEqual(before);
    expect(await listed()).toEqual([]);
  });

  it("refuses a folder that does not exist", async () => {
    const answer = await send(pdfBytes(), "a.pdf", { folder: "secret" });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.folder).toBe("Choose one of the folders.");
  });

  it("makes a new upload of the same name in the same folder version 2, keeps version 1 downloadable, and deletes one version at a time", async () => {
    const first = await send(pdfBytes(), "Site plan.pdf", { folder: "drawings", title: "Site plan" });
    expect(first.body.data).toMatchObject({ folder: "drawings", version: 1, title: "Site plan" });
    const revised = Buffer.concat([pdfBytes(), Buffer.from("% revision B\n")]);
    const second = await send(revised, "site plan.PDF", { folder: "drawings" });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ version: 2, title: "Site plan", fileName: "site plan.PDF" });
    // The same name in another folder is another document; a document without a folder goes in Other.
    const other = await send(pdfBytes(), "Site plan.pdf");
    expect(other.body.data).toMatchObject({ folder: "other", version: 1 });

    const items = await listed();
    expect(items).toHaveLength(2);
    const plan = items.find((item: { folder: string }) => item.folder === "drawings");
    expect(plan).toMatchObject({ id: second.body.data.id, version: 2 });
    expect(plan.earlierVersions).toHaveLength(1);
    expect(plan.earlierVersions[0]).toMatchObject({ id: first.body.data.id, version: 1 });
    const older = await call(plan.earlierVersions[0].downloadUrl.replace(/^\/api/, ""), undefined, admin.auth);
    expect(older.status).toBe(200);
    expect(older.raw.equals(pdfBytes())).toBe(true);
    expect((await call(plan.downloadUrl.replace(/^\/api/, ""), undefined, admin.auth)).raw.equals(revised)).toBe(true);

    // Deleting the latest version brings the one before back as the latest; a new upload continues the numbering.
    expect((await call(`/projects/${projectId}/documents/${second.body.data.id}`, undefined, admin.auth, "DELETE")).status).toBe(204);
    const afterDelete = (await listed()).find((item: { folder: string }) => item.folder === "drawings");
    expect(afterDelete).toMatchObject({ id: first.body.data.id, version: 1, earlierVersions: [] });
    expect((await send(revised, "Site plan.pdf", { folder: "drawings" })).body.data.version).toBe(2);
  });

  it("numbers simultaneous uploads of the same file without a gap or a clash", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(pdfBytes(), "report.pdf", { folder: "other" })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((answer) => answer.body.data.version).sort()).toEqual([1, 2, 3, 4, 5]);
    const [report] = await listed();
    expect(report.version).toBe(5);
    expect(report.earlierVersions.map((version: { version: number }) => version.version)).toEqual([4, 3, 2, 1]);
  });
});
