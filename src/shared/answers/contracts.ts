import { z } from "zod";
import { evidenceVerdicts } from "../evidence.js";
import { calendarDay, count, instant } from "./common.js";
import { personRef } from "./projects.js";

/* The contract API's answers: every amount is an integer of kobo, computed from its lines by the server. */

/** An item of the BOQ with its amount (quantity × rate, to the kobo), as the server computed it. */
const boqItem = z.object({
  id: count,
  ref: z.string(),
  description: z.string(),
  unit: z.string(),
  /** In the item's unit, to a thousandth. */
  quantity: z.number(),
  rate: z.number().int(),
  amount: z.number().int(),
});

/** The contract as signed: retention and defects period; the contract sum is the BOQ's, as varied. */
export const projectContract = z.object({
  signedOn: calendarDay,
  retentionPercent: z.number(),
  defectsPeriodDays: count,
  recordedBy: personRef.nullable(),
  recordedAt: instant,
});
export type ProjectContract = z.output<typeof projectContract>;

/** GET /api/projects/{id}/boq: the bills in their order, each with its items and subtotal, and the contract sum. */
export const boqAnswer = z.object({
  /** draft: replaced by each import; fixed: the contract is signed, and variations change the work. */
  status: z.enum(["draft", "fixed"]),
  bills: z.array(z.object({ name: z.string(), subtotal: z.number().int(), items: z.array(boqItem) })),
  contractSum: z.number().int(),
  contract: projectContract.nullable(),
});
export type BoqAnswer = z.output<typeof boqAnswer>;

/** POST /api/projects/{id}/boq: how many bills and items were imported, and their sum. */
export const boqImport = z.object({ bills: count, items: count, contractSum: z.number().int() });
export type BoqImport = z.output<typeof boqImport>;

/** A variation with its lines' amounts, its total and its effect on the contract sum and the completion date. */
export const variation = z.object({
  id: count,
  /** Numbered in the project's order: V1, V2… */
  number: count,
  title: z.string(),
  reason: z.string(),
  daysAdded: z.number().int(),
  status: z.enum(["pending", "approved", "declined"]),
  lines: z.array(
    z.object({
      id: count,
      description: z.string(),
      unit: z.string(),
      quantity: z.number(),
      rate: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  total: z.number().int(),
  /** The contract sum and completion date before this variation and with it (unchanged by a declined one). */
  effect: z.object({
    contractSumBefore: z.number().int(),
    contractSumAfter: z.number().int(),
    completionBefore: calendarDay.nullable(),
    completionAfter: calendarDay.nullable(),
  }),
  raisedBy: personRef.nullable(),
  raisedAt: instant,
  decidedBy: personRef.nullable(),
  decidedAt: instant.nullable(),
  declineReason: z.string().nullable(),
});
export type Variation = z.output<typeof variation>;

/** GET /api/projects/{id}/variations: newest first, with the contract sum and completion date as varied. */
export const variationList = z.object({
  items: z.array(variation),
  originalContractSum: z.number().int(),
  contractSum: z.number().int(),
  originalCompletion: calendarDay.nullable(),
  completion: calendarDay.nullable(),
});
export type VariationList = z.output<typeof variationList>;

/** An interim valuation: each measured line's value to date, and the certificate's arithmetic, all in kobo. */
export const valuation = z.object({
  id: count,
  number: count,
  asAt: calendarDay,
  status: z.enum(["draft", "certified"]),
  lines: z.array(
    z.object({
      itemId: count.nullable(),
      variationLineId: count.nullable(),
      ref: z.string(),
      description: z.string(),
      unit: z.string(),
      quantityToDate: z.number(),
      rate: z.number().int(),
      valueToDate: z.number().int(),
      /** The evidence the office named for the line, in its order: each photo's verdict and when the phone says it was taken. */
      photos: z.array(z.object({ id: count, verdict: z.enum(evidenceVerdicts), capturedAt: instant.nullable() })),
    }),
  ),
  materialsOnSite: z.number().int(),
  /** Σ values to date + materials on site; retention at the contract's percentage; less the previous certificates. */
  grossValue: z.number().int(),
  retention: z.number().int(),
  lessPrevious: z.number().int(),
  amountDue: z.number().int(),
  preparedBy: personRef.nullable(),
  preparedAt: instant,
  certifiedBy: personRef.nullable(),
  certifiedAt: instant.nullable(),
});
export type Valuation = z.output<typeof valuation>;

export const valuationList = z.object({ items: z.array(valuation) });
export type ValuationList = z.output<typeof valuationList>;
