import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Variation } from "../../../shared/contracts.js";
import { COMPANY_TIME_ZONE, zonedDate, zonedDateTime } from "../../../shared/zoned-time.js";
import type { AppDb } from "../../db/client.js";
import { projectDocuments, projects, users, variations } from "../../db/schema.js";
import { pdfNaira, startPdf } from "../../platform/pdf-document.js";
import { pdfText } from "../../platform/pdf-text.js";
import type { ObjectStore } from "../../platform/storage.js";

const day = (value: string | null) => (value ? zonedDate(`${value}T12:00:00Z`, COMPANY_TIME_ZONE) : "not set");

/** The record of an approved variation as a PDF: what changed, its effect, and who approved it, when and from where. */
function renderRecord(
  project: { title: string; reference: string },
  variation: Variation,
  approval: { name: string; email: string; at: Date; address: string | null; device: string | null },
): Promise<Buffer> {
  const { doc, finished } = startPdf(`Variation V${variation.number}: ${variation.title}`);
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(pdfText(value), options);
  doc.font("Helvetica-Bold").fontSize(16);
  text(`Variation V${variation.number}: ${variation.title}`);
  doc.font("Helvetica").fontSize(10).moveDown(0.3);
  text(`${project.title} (${project.reference})`);
  doc.moveDown();
  text(`Reason: ${variation.reason}`);
  doc.moveDown();
  doc.font("Helvetica-Bold");
  text("Lines");
  doc.font("Helvetica");
  for (const line of variation.lines) {
    text(`${line.description}: ${line.quantity} ${line.unit} at ${pdfNaira(line.rate)} = ${pdfNaira(line.amount)}`);
  }
  doc.moveDown();
  doc.font("Helvetica-Bold");
  text(`Total: ${pdfNaira(variation.total)}`);
  doc.font("Helvetica");
  text(`Contract sum: ${pdfNaira(variation.effect.contractSumBefore)} before, ${pdfNaira(variation.effect.contractSumAfter)} after.`);
  text(
    `Completion date: ${day(variation.effect.completionBefore)} before, ${day(variation.effect.completionAfter)} after (${variation.daysAdded} days).`,
  );
  doc.moveDown();
  doc.font("Helvetica-Bold");
  text("Approved");
  doc.font("Helvetica");
  text(
    `By ${approval.name} (${approval.email}), ${zonedDateTime(approval.at, COMPANY_TIME_ZONE)} Lagos time, with a fresh proof of identity.`,
  );
  text(`From address ${approval.address ?? "unknown"}, browser: ${approval.device ?? "unknown"}.`);
  doc.end();
  return finished;
}

/**
 * Keeps the record of an approved variation among the project's documents (folder Contract), so that the client and
 * the office hold the same paper. Made after the approval is saved; the caller logs a failure, the approval stands.
 */
export async function fileVariationRecord(db: AppDb, documents: ObjectStore, projectId: number, variation: Variation) {
  const [row] = await db
    .select({
      title: projects.title,
      reference: projects.reference,
      at: variations.decidedAt,
      address: variations.decidedFromAddress,
      device: variations.decidedFromDevice,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      approverId: variations.decidedById,
    })
    .from(variations)
    .innerJoin(projects, eq(projects.id, variations.projectId))
    .leftJoin(users, eq(users.id, variations.decidedById))
    .where(eq(variations.id, variation.id));
  if (!row?.at) return;
  const pdf = await renderRecord(row, variation, {
    name: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() || "the client",
    email: row.email ?? "",
    at: row.at,
    address: row.address,
    device: row.device,
  });
  const storageKey = `projects/${projectId}/${randomUUID()}.pdf`;
  await documents.put(storageKey, pdf);
  await db.insert(projectDocuments).values({
    projectId,
    uploadedById: row.approverId,
    title: `Variation V${variation.number} approved: ${variation.title}`.slice(0, 200),
    fileName: `variation-V${variation.number}.pdf`,
    storageKey,
    contentType: "application/pdf",
    sizeBytes: pdf.length,
    folder: "contract",
  });
}
