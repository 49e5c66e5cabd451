import type { BillingDetails } from "../../../shared/billing.js";
import { csvLine } from "../../../shared/csv.js";
import type { Invoice, Payment, Statement } from "../../../shared/invoices.js";
import { COMPANY_TIME_ZONE, zonedDate, zonedDateTime } from "../../../shared/zoned-time.js";
import { pdfNaira, startPdf } from "../../platform/pdf-document.js";
import { pdfText } from "../../platform/pdf-text.js";

const day = (value: string) => zonedDate(`${value}T12:00:00Z`, COMPANY_TIME_ZONE);

export type DocumentProject = { title: string; reference: string; clientName: string; clientEmail: string };

/** A4 page with the company's letterhead; resolves to the PDF's bytes once `draw` has written the rest. */
function render(title: string, billing: BillingDetails, draw: (doc: PDFKit.PDFDocument, text: Writer) => void): Promise<Buffer> {
  const { doc, finished } = startPdf(title);
  const text: Writer = (value, options = {}) => doc.text(pdfText(value), options);
  doc.font("Helvetica-Bold").fontSize(14);
  text(billing.name);
  doc.font("Helvetica").fontSize(9);
  for (const line of billing.address) text(line);
  text(`${billing.phone} · ${billing.email}`);
  doc.moveDown(1.5).font("Helvetica-Bold").fontSize(16);
  text(title);
  doc.font("Helvetica").fontSize(10).moveDown(0.5);
  draw(doc, text);
  doc.end();
  return finished;
}
type Writer = (value: string, options?: PDFKit.Mixins.TextOptions) => PDFKit.PDFDocument;

/** A label and its figure on one line, the figure at the right margin. */
function row(doc: PDFKit.PDFDocument, label: string, figure: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? "Helvetica-Bold" : "Helvetica");
  doc.text(pdfText(label), 50, y, { width: 330 });
  doc.text(pdfText(figure), 380, y, { width: 165, align: "right" });
  doc.font("Helvetica");
  doc.x = 50;
}

/** The invoice: what it demands, when it is due, and where to pay it by transfer. */
export function invoicePdf(billing: BillingDetails, project: DocumentProject, invoice: Invoice): Promise<Buffer> {
  return render(`Invoice ${invoice.number}`, billing, (doc, text) => {
    text(`Issued on ${day(invoice.issuedOn)}; due on ${day(invoice.dueOn)}.`);
    text(`To: ${project.clientName} (${project.clientEmail})`);
    text(`Project: ${project.title} (${project.reference})`);
    doc.moveDown();
    row(doc, invoice.description, pdfNaira(invoice.amount));
    doc.moveDown(0.5);
    row(doc, "Amount due", pdfNaira(invoice.amount), true);
    if (invoice.paid > 0) {
      row(doc, "Paid and confirmed so far", pdfNaira(invoice.paid));
      row(doc, "Balance", pdfNaira(invoice.balance), true);
    }
    doc.moveDown().font("Helvetica-Bold");
    text("Pay by bank transfer");
    doc.font("Helvetica");
    if (billing.bankAccounts.length === 0) text("Ask Accounts for the company's bank account before paying.");
    for (const account of billing.bankAccounts) {
      text(
        `${account.currency}: ${account.bank}, account name ${account.accountName}, account number ${account.accountNumber}${account.swift ? `, SWIFT ${account.swift}` : ""}`,
      );
    }
    doc.moveDown(0.5);
    text(`Give ${invoice.number} as the transfer's reference, then record the transfer with its proof in the portal's Money section.`);
  });
}

/** The receipt of a confirmed transfer. */
export function receiptPdf(billing: BillingDetails, project: DocumentProject, payment: Payment, invoice: Invoice): Promise<Buffer> {
  return render(`Receipt ${payment.receiptNumber ?? ""}`, billing, (doc, text) => {
    text(`Received from ${payment.payer?.name ?? project.clientName} for ${project.title} (${project.reference}).`);
    if (payment.decidedAt)
      text(
        `Confirmed on ${zonedDateTime(new Date(payment.decidedAt), COMPANY_TIME_ZONE)} Lagos time by ${payment.decidedBy?.name ?? "Accounts"}.`,
      );
    doc.moveDown();
    row(doc, `Transfer ${payment.reference}, paid on ${day(payment.paidOn)}`, pdfNaira(payment.amount), true);
    row(doc, `Against ${invoice.number}: ${invoice.description}`, pdfNaira(invoice.amount));
    row(doc, `Paid on ${invoice.number} to date`, pdfNaira(invoice.paid));
    row(doc, invoice.balance < 0 ? "Paid in excess of the invoice" : "Still due on the invoice", pdfNaira(Math.abs(invoice.balance)), true);
  });
}

/** The statement of account, its lines in date order with the running balance. */
export function statementPdf(billing: BillingDetails, project: DocumentProject, statement: Statement, asOf: Date): Promise<Buffer> {
  return render(`Statement of account: ${project.reference}`, billing, (doc, text) => {
    text(`${project.title}, for ${project.clientName}. As of ${zonedDateTime(asOf, COMPANY_TIME_ZONE)} Lagos time.`);
    doc.moveDown();
    row(doc, "Original contract sum", pdfNaira(statement.originalContractSum));
    row(doc, "Approved variations", pdfNaira(statement.approvedVariations));
    row(doc, "Contract sum", pdfNaira(statement.contractSum), true);
    row(doc, "Certified to date", pdfNaira(statement.certifiedToDate));
    row(doc, "Retention held", pdfNaira(statement.retentionHeld));
    row(doc, "Invoiced", pdfNaira(statement.invoiced));
    row(doc, "Paid", pdfNaira(statement.paid));
    row(doc, "Awaiting confirmation", pdfNaira(statement.awaitingConfirmation));
    row(doc, "Balance due", pdfNaira(statement.balanceDue), true);
    doc.moveDown().font("Helvetica-Bold");
    text("Date / reference / description: debit, credit, balance");
    doc.font("Helvetica").fontSize(9);
    for (const line of statement.lines) {
      const figures =
        line.kind === "variation"
          ? `${pdfNaira(line.amount)} to the contract sum`
          : `${line.debit ? pdfNaira(line.debit) : "-"} / ${line.credit ? pdfNaira(line.credit) : line.status === "awaiting_confirmation" ? "awaiting" : "-"} / ${pdfNaira(line.balance)}`;
      text(`${day(line.on)}  ${line.reference}  ${line.description}${line.payer ? ` (${line.payer.name})` : ""}: ${figures}`);
    }
    if (statement.lines.length === 0) text("Nothing invoiced or paid yet.");
  });
}

/** The statement's lines as CSV, amounts in naira with kobo, for the client's own accounts. */
export function statementCsv(statement: Statement): string {
  // Numbers, so that a spreadsheet adds them up (a negative one stays a number); kobo / 100 prints exactly.
  const naira = (kobo: number) => kobo / 100;
  const header = ["date", "kind", "reference", "description", "payer", "status", "amount", "debit", "credit", "balance"];
  const lines = statement.lines.map((line) =>
    csvLine([
      line.on,
      line.kind,
      line.reference,
      line.description,
      line.payer?.name ?? "",
      line.status ?? "",
      naira(line.amount),
      naira(line.debit),
      naira(line.credit),
      naira(line.balance),
    ]),
  );
  return csvLine(header) + lines.join("");
}
