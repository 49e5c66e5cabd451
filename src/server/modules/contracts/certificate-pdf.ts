import type { Valuation } from "../../../shared/contracts.js";
import { evidenceVerdictLabels } from "../../../shared/evidence.js";
import { COMPANY_TIME_ZONE, zonedDate, zonedDateTime } from "../../../shared/zoned-time.js";
import { PDF_COLOURS as colours, ensureRoom, PDF_MARGIN as MARGIN, pdfNaira, startPdf } from "../../platform/pdf-document.js";
import { drawPhotoGrid } from "../../platform/pdf-photos.js";
import { pdfText } from "../../platform/pdf-text.js";

/** What a certificate says besides the valuation itself. */
export type CertificateData = {
  project: { title: string; reference: string; client: string | null };
  /** The contract's retention in hundredths of a percent (5 % is 500). */
  retentionBasisPoints: number;
  valuation: Valuation;
};

/** The table's columns in points, across the page's 495: reference, work, unit, quantity, rate, value. */
const COLUMNS = [
  { title: "Ref", width: 40, align: "left" },
  { title: "Description", width: 170, align: "left" },
  { title: "Unit", width: 30, align: "left" },
  { title: "Qty to date", width: 60, align: "right" },
  { title: "Rate", width: 90, align: "right" },
  { title: "Value to date", width: 105, align: "right" },
] as const;
const CELL_GAP = 4;
/** A line's photos under its description: four a row, the verdict and the date beneath each. */
const PHOTO_INDENT = COLUMNS[0].width;
const PHOTOS = { left: MARGIN + PHOTO_INDENT, columns: 4, width: 107, height: 80, gap: 8, caption: 26 };

const quantityFormat = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 3 });
const day = (value: string) => zonedDate(`${value}T12:00:00Z`, COMPANY_TIME_ZONE);
const moment = (value: string) => zonedDateTime(value, COMPANY_TIME_ZONE);
/** 500 → "5%", 250 → "2.5%". */
const percentOf = (basisPoints: number) => `${basisPoints / 100}%`;

/**
 * The interim certificate as a PDF (docs/decisions/143-valuation-certificates-with-photos.md): every line with its
 * photos beneath, then the certificate's arithmetic and who prepared and certified it. `thumbnails` are the photos'
 * JPEGs by id; a photo whose file could not be read is drawn as an empty frame with its verdict.
 */
export function renderCertificatePdf(data: CertificateData, thumbnails: ReadonlyMap<number, Buffer>): Promise<Buffer> {
  const { valuation, project } = data;
  const { doc, finished } = startPdf(`Interim certificate No. ${valuation.number}: ${project.title}`);
  const width = doc.page.width - 2 * MARGIN;
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(pdfText(value), { width, ...options });
  const rule = (weight = 0.5) => {
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(weight)
      .strokeColor(colours.rule)
      .stroke();
    doc.y = y + 4;
  };
  const row = (cells: readonly string[], font: "Helvetica" | "Helvetica-Bold") => {
    doc.font(font).fontSize(8.5).fillColor(colours.navy);
    const written = cells.map(pdfText);
    const height = Math.max(...written.map((cell, index) => doc.heightOfString(cell, { width: (COLUMNS[index]?.width ?? 0) - CELL_GAP })));
    const top = doc.y;
    let x = MARGIN;
    for (const [index, cell] of written.entries()) {
      const column = COLUMNS[index];
      if (!column) break;
      doc.text(cell, x, top, { width: column.width - CELL_GAP, align: column.align });
      x += column.width;
    }
    doc.x = MARGIN;
    doc.y = top + height + 3;
  };
  const header = () => {
    row(
      COLUMNS.map((column) => column.title),
      "Helvetica-Bold",
    );
    rule();
  };

  // Title block.
  doc.font("Helvetica").fontSize(10).fillColor(colours.muted);
  text("CRESTBUILD  ·  INTERIM CERTIFICATE");
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").fontSize(20).fillColor(colours.navy);
  text(`Interim certificate No. ${valuation.number}`);
  doc.moveDown(0.2);
  doc.font("Helvetica").fontSize(10.5);
  text(`${project.title} (${project.reference})${project.client ? `  ·  Client: ${project.client}` : ""}`);
  text(`Valuation as at ${day(valuation.asAt)}.`);
  if (valuation.status === "draft") {
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").fontSize(26).fillColor(colours.accent);
    text("Draft: not certified");
    doc.font("Helvetica").fontSize(9).fillColor(colours.muted);
    text("The figures may change until Accounts certify this valuation.");
  }
  doc.moveDown(1);

  // The lines, each with its evidence beneath.
  header();
  if (valuation.lines.length === 0) {
    doc.font("Helvetica").fontSize(9).fillColor(colours.muted);
    text("No work was measured in this valuation.");
  }
  for (const line of valuation.lines) {
    const cells = [
      line.ref,
      line.description,
      line.unit,
      quantityFormat.format(line.quantityToDate),
      pdfNaira(line.rate),
      pdfNaira(line.valueToDate),
    ];
    doc.font("Helvetica").fontSize(8.5);
    // A line starts a page rather than leave its first row of photos to the next one.
    const firstPhotos = line.photos.length > 0 ? PHOTOS.height + PHOTOS.caption + PHOTOS.gap + 2 : 0;
    const height = doc.heightOfString(pdfText(line.description), { width: COLUMNS[1].width - CELL_GAP }) + firstPhotos;
    if (doc.y + height + 6 > doc.page.height - MARGIN) {
      doc.addPage();
      header();
    }
    row(cells, "Helvetica");
    if (line.photos.length > 0) {
      doc.y += 2;
      drawPhotoGrid(
        doc,
        line.photos.map((photo) => ({
          id: photo.id,
          label: evidenceVerdictLabels[photo.verdict],
          caption: photo.capturedAt ? `Taken ${zonedDate(photo.capturedAt, COMPANY_TIME_ZONE)}` : undefined,
        })),
        thumbnails,
        PHOTOS,
      );
    }
    rule(0.25);
  }

  // The certificate's arithmetic.
  const measured = valuation.grossValue - valuation.materialsOnSite;
  const sums: [string, number, boolean][] = [
    ["Value of work done to date", measured, false],
    ["Materials on site", valuation.materialsOnSite, false],
    ["Gross value to date", valuation.grossValue, true],
    [`Less retention (${percentOf(data.retentionBasisPoints)})`, valuation.retention, false],
    ["Less previous certificates", valuation.lessPrevious, false],
    ["Amount due", valuation.amountDue, true],
  ];
  ensureRoom(doc, sums.length * 18 + 20);
  doc.moveDown(1);
  for (const [label, kobo, strong] of sums) {
    const top = doc.y;
    doc
      .font(strong ? "Helvetica-Bold" : "Helvetica")
      .fontSize(strong ? 12 : 10.5)
      .fillColor(colours.navy);
    doc.text(pdfText(label), MARGIN, top, { width: width - 160 });
    doc.text(pdfText(pdfNaira(kobo)), MARGIN + width - 160, top, { width: 160, align: "right" });
    doc.x = MARGIN;
    doc.moveDown(0.4);
  }

  // Who prepared and certified it.
  ensureRoom(doc, 60);
  doc.moveDown(1);
  doc.font("Helvetica").fontSize(10).fillColor(colours.navy);
  text(`Prepared by ${valuation.preparedBy?.name ?? "a former member of staff"} on ${moment(valuation.preparedAt)}.`);
  if (valuation.certifiedAt) {
    text(`Certified by ${valuation.certifiedBy?.name ?? "a former member of staff"} on ${moment(valuation.certifiedAt)}.`);
  } else {
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").fontSize(20).fillColor(colours.accent);
    text("Draft: not certified");
  }

  doc.end();
  return finished;
}
