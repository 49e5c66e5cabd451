import { z } from "zod";
import { calendarDay, count, instant } from "./common.js";
import { personRef } from "./projects.js";

/* Invoices, payments and the statement: every amount an integer of kobo, every total computed from its lines. */

const kobo = z.number().int();

/** unpaid, part_paid, paid or overpaid, from the confirmed payments against it. */
export const invoiceStatus = z.enum(["unpaid", "part_paid", "paid", "overpaid"]);

export const invoice = z.object({
  id: count,
  /** INV-YYYY-NNNN: one series for the company, without gaps. */
  number: z.string(),
  kind: z.enum(["valuation", "stage", "retention"]),
  valuationId: count.nullable(),
  stageId: count.nullable(),
  /** What it demands, in words: "Interim certificate No. 2 (as at 2026-09-30)", "Stage: Roof". */
  description: z.string(),
  amount: kobo,
  /** Σ its confirmed payments, and Σ those awaiting confirmation. */
  paid: kobo,
  awaitingConfirmation: kobo,
  /** amount − paid (negative when overpaid). */
  balance: kobo,
  status: invoiceStatus,
  issuedOn: calendarDay,
  dueOn: calendarDay,
  issuedBy: personRef.nullable(),
  issuedAt: instant,
});
export type Invoice = z.output<typeof invoice>;

export const invoiceList = z.object({ items: z.array(invoice) });
export type InvoiceList = z.output<typeof invoiceList>;

export const payment = z.object({
  id: count,
  invoiceId: count,
  invoiceNumber: z.string(),
  amount: kobo,
  paidOn: calendarDay,
  reference: z.string(),
  status: z.enum(["awaiting_confirmation", "confirmed", "rejected"]),
  /** part, full or over: against what its invoice still wanted when it was made (rejected ones count for nothing). */
  settles: z.enum(["part", "full", "over"]).nullable(),
  payer: personRef.nullable(),
  recordedAt: instant,
  proof: z.object({ url: z.string(), fileName: z.string(), contentType: z.string(), sizeBytes: count, sha256: z.string() }),
  /** Other payments of the project, not rejected, with the same reference and amount: maybe one transfer recorded twice. */
  possibleDuplicateOf: z.array(count),
  decidedBy: personRef.nullable(),
  decidedAt: instant.nullable(),
  rejectReason: z.string().nullable(),
  /** RCT-YYYY-NNNN once confirmed. */
  receiptNumber: z.string().nullable(),
});
export type Payment = z.output<typeof payment>;

export const paymentList = z.object({ items: z.array(payment) });
export type PaymentList = z.output<typeof paymentList>;

export const payer = z.object({ person: personRef, email: z.string(), addedAt: instant });
export type Payer = z.output<typeof payer>;
export const payerList = z.object({ items: z.array(payer) });
export type PayerList = z.output<typeof payerList>;

/** GET /api/paying-for: the projects someone pays for as a payer the client added. */
export const paidProject = z.object({ id: count, title: z.string(), reference: z.string(), clientName: z.string().nullable() });
export type PaidProject = z.output<typeof paidProject>;
export const paidProjectList = z.object({ items: z.array(paidProject) });

/** One event of the account, in date order: `balance` is invoiced − paid after it. */
export const statementLine = z.object({
  /** Stable across reads: its kind and the row's id ("invoice-12"). */
  id: z.string(),
  on: calendarDay,
  kind: z.enum(["variation", "invoice", "payment"]),
  /** INV-…, RCT-… (or the transfer's reference while awaiting), V3. */
  reference: z.string(),
  description: z.string(),
  /** A variation's total, an invoice's amount, a payment's amount. */
  amount: kobo,
  /** Invoiced (debit) and paid (credit): a variation or a payment awaiting confirmation moves neither. */
  debit: kobo,
  credit: kobo,
  balance: kobo,
  status: z.string().nullable(),
  payer: personRef.nullable(),
});
export type StatementLine = z.output<typeof statementLine>;

/** GET /api/projects/{id}/statement. */
export const statement = z.object({
  contractSum: kobo,
  originalContractSum: kobo,
  approvedVariations: kobo,
  /** The gross value of the latest certified valuation, and the retention on it not yet released by invoice. */
  certifiedToDate: kobo,
  retentionHeld: kobo,
  invoiced: kobo,
  paid: kobo,
  awaitingConfirmation: kobo,
  /** invoiced − paid (negative: paid in advance). */
  balanceDue: kobo,
  lines: z.array(statementLine),
  /** Each payer's own total (the client and those they added). */
  payers: z.array(z.object({ payer: personRef, paid: kobo, awaitingConfirmation: kobo })),
});
export type Statement = z.output<typeof statement>;
