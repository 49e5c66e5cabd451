import { z } from "zod";
import { rowId } from "./fields.js";

// Invoices, payments by transfer and receipts of a project (docs/decisions/145-invoices-payments-and-the-statement.md).

export const invoiceKinds = ["valuation", "stage", "retention"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

export const paymentStatuses = ["awaiting_confirmation", "confirmed", "rejected"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A company-wide series numbered without gaps, one per year: INV-2026-0001, RCT-2026-0001. */
export const documentSeries = { invoice: "INV", receipt: "RCT" } as const;
export type DocumentSeries = keyof typeof documentSeries;
export const documentNumber = (series: DocumentSeries, year: number, sequence: number) =>
  `${documentSeries[series]}-${year}-${String(sequence).padStart(4, "0")}`;

const calendarDay = (what: string) => z.iso.date({ error: `Give ${what} as YYYY-MM-DD.` });

/** POST /api/projects/{id}/invoices: what it demands (exactly one) and when it is due. */
export const invoiceSchema = z
  .object({
    valuationId: rowId.optional(),
    stageId: rowId.optional(),
    /** The retention held, once the defects liability period has ended. */
    releaseRetention: z.literal(true, { error: "Send releaseRetention: true to invoice the retention." }).optional(),
    dueOn: calendarDay("the due date"),
  })
  .refine((input) => [input.valuationId, input.stageId, input.releaseRetention].filter((value) => value !== undefined).length === 1, {
    message: "Invoice one thing: a certified valuation (valuationId), a due stage (stageId) or the retention (releaseRetention).",
    path: ["valuationId"],
  });
export type InvoiceInput = z.input<typeof invoiceSchema>;

export const invoiceMessages = {
  notFound: "Invoice not found.",
  valuationNotFound: "Choose a valuation of this project.",
  notCertified: "Only a certified valuation can be invoiced.",
  nothingDue: "This valuation's amount due is nothing: there is nothing to invoice.",
  valuationInvoiced: (number: string) => `This valuation is already invoiced (${number}).`,
  stageNotFound: "Choose a stage of this project's payment schedule.",
  stageNotDue: "This stage is not due yet: its milestone is not done.",
  stageInvoiced: (number: string) => `This stage is already invoiced (${number}).`,
  stageHasInvoice: "This stage is invoiced, so it stays on the schedule.",
  notSigned: "Record the contract as signed before invoicing.",
  noCompletion: "Record the project's completion date first: the defects liability period runs from it.",
  defectsPeriodRunning: (day: string) => `The retention is released once the defects liability period ends, on ${day}.`,
  noRetention: "No retention is held: nothing to release.",
  dueBeforeIssue: "The due date cannot be before today.",
} as const;

/** Ten trillion naira: a larger payment is a typing mistake (and stays a safe integer of kobo). */
export const MAX_PAYMENT_KOBO = 1_000_000_000_000_000;
/** A bank slip or a screenshot of the transfer: a photo or a PDF. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;

/** POST /api/projects/{id}/payments: the multipart fields beside the `proof` file. */
export const paymentFieldsSchema = z.object({
  invoiceId: z.coerce
    .number({ error: "Choose the invoice this transfer pays." })
    .int("Choose the invoice this transfer pays.")
    .min(1, "Choose the invoice this transfer pays.")
    .max(2_147_483_647, "Choose the invoice this transfer pays."),
  amount: z.coerce
    .number({ error: "Give the amount in kobo." })
    .int("Give the amount in whole kobo.")
    .positive("The amount must be more than 0.")
    .max(MAX_PAYMENT_KOBO, "The amount is too large."),
  paidOn: calendarDay("the transfer's date"),
  reference: z
    .string({ error: "Give the transfer's reference, as the bank shows it." })
    .trim()
    .min(3, "Give the transfer's reference, as the bank shows it.")
    .max(80, "Keep the reference under 80 characters."),
});
export type PaymentFields = z.output<typeof paymentFieldsSchema>;

/** POST …/payments/{paymentId}/reject: Accounts say why. */
export const paymentRejectSchema = z.object({
  reason: z
    .string({ error: "Say why the transfer is rejected." })
    .trim()
    .min(1, "Say why the transfer is rejected.")
    .max(1000, "Keep the reason under 1,000 characters."),
});

/** POST /api/projects/{id}/payers: the client adds someone who pays with them (a sibling abroad). */
export const payerSchema = z.object({
  email: z.email({ error: "Enter a valid email address." }).trim().toLowerCase().max(254, "Enter a valid email address."),
});

export const paymentMessages = {
  notFound: "Payment not found.",
  noReceipt: "This payment has no receipt: it is not confirmed.",
  noProof: "Attach the proof of payment: a photo of the bank slip or a screenshot of the transfer (image or PDF).",
  oneProof: "Attach one proof of payment.",
  proofTooLarge: "The proof of payment must be 10 MB or smaller.",
  proofType: "The proof of payment must be a photo (JPEG, PNG, WebP or HEIC) or a PDF.",
  invoiceNotFound: "Choose an invoice of this project.",
  paidInFuture: "The transfer's date cannot be in the future.",
  notPayer: "Only the project's client and the payers they added record transfers.",
  decided: "This payment has already been confirmed or rejected.",
  duplicate: (receipt: string) => `This transfer (same reference and amount) is already confirmed on receipt ${receipt}.`,
  payerNoAccount: "No client account uses this email: ask them to register, then add them.",
  payerIsClient: "The project's client already pays for it.",
  payerAlready: "This person already pays for the project.",
  payerNotFound: "This person is not a payer of the project.",
  tooManyPayers: "A project has at most 10 payers.",
} as const;

export type {
  Invoice,
  InvoiceList,
  PaidProject,
  Payer,
  PayerList,
  Payment,
  PaymentList,
  Statement,
  StatementLine,
} from "./answers/invoices.js";
