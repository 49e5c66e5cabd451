import { z } from "zod";
import { projectStatuses } from "../project-terms.js";
import { calendarDay, count, instant } from "./common.js";
import { personRef } from "./projects.js";

/* GET /api/accounts/overview: the Accounts dashboard, every amount an integer of kobo computed by the contracts module. */

const kobo = z.number().int();

const projectLine = z.object({ id: count, reference: z.string(), title: z.string() });

/** Unpaid balances of invoices by days past their due date (an overpaid invoice counts nothing). */
export const ageing = z.object({ notDue: kobo, days0to30: kobo, days31to60: kobo, days61to90: kobo, over90: kobo });
export type Ageing = z.output<typeof ageing>;

/** A project with invoices: what was invoiced, paid (confirmed), awaits confirmation, and is outstanding. */
const receivable = z.object({
  project: projectLine,
  client: personRef.nullable(),
  invoiced: kobo,
  paid: kobo,
  awaitingConfirmation: kobo,
  /** invoiced − paid (negative: paid in advance). */
  outstanding: kobo,
  ageing,
});

/** A transfer a payer recorded, waiting for Accounts to find it on the bank statement. */
const transferAwaiting = z.object({
  id: count,
  project: projectLine,
  invoiceId: count,
  invoiceNumber: z.string(),
  payer: personRef.nullable(),
  amount: kobo,
  reference: z.string(),
  paidOn: calendarDay,
  recordedAt: instant,
  /** Other payments of the project, not rejected, with the same reference and amount: maybe one transfer twice. */
  possibleDuplicateOf: z.array(count),
  proofUrl: z.string(),
});

/** A draft valuation, waiting for Accounts to certify it. */
const valuationAwaiting = z.object({
  id: count,
  project: projectLine,
  number: count,
  asAt: calendarDay,
  grossValue: kobo,
  amountDue: kobo,
  preparedBy: personRef.nullable(),
  preparedAt: instant,
});

/** A project's contract sum against the work certified, invoiced and paid; `contract` null: none signed yet. */
const contractProgress = z.object({
  project: projectLine.extend({ status: z.enum(projectStatuses) }),
  contract: z
    .object({
      signedOn: calendarDay,
      /** The BOQ's sum and the approved variations'. */
      contractSum: kobo,
      /** The latest certified valuation's gross value. */
      certifiedToDate: kobo,
      /** certifiedToDate / contractSum in percent, to one decimal; null when the contract sum is nothing. */
      percentCertified: z.number().nullable(),
    })
    .nullable(),
  invoiced: kobo,
  paid: kobo,
});

export const accountsOverview = z.object({
  /** The Lagos day the ageing is counted on. */
  asOf: calendarDay,
  /** Each a sum of the rows below: receivables for the money, budgetVsCertified for the contracts. */
  totals: z.object({
    invoiced: kobo,
    paid: kobo,
    awaitingConfirmation: kobo,
    outstanding: kobo,
    contractSum: kobo,
    certifiedToDate: kobo,
  }),
  ageing,
  /** Largest outstanding first. */
  receivables: z.array(receivable),
  /** Oldest first (recorded). */
  awaitingConfirmation: z.array(transferAwaiting),
  /** Oldest first (prepared). */
  awaitingCertification: z.array(valuationAwaiting),
  /** Projects with a signed contract, then active projects without one. */
  budgetVsCertified: z.array(contractProgress),
});
export type AccountsOverview = z.output<typeof accountsOverview>;
