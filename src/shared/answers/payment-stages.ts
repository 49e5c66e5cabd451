import { z } from "zod";
import { count } from "./common.js";

/* The payment schedule's answers: every amount an integer of kobo, worked out by the server. */

/** due: its milestone is done (or, without one, the contract is signed); scheduled: not yet. */
export const paymentStageStatus = z.enum(["due", "scheduled"]);
export type PaymentStageStatus = z.output<typeof paymentStageStatus>;

export const paymentStage = z.object({
  id: count,
  name: z.string(),
  /** The share of the contract sum it was given as, or null for a fixed amount. */
  percent: z.number().nullable(),
  /** In kobo: the fixed amount, or the share of the current contract sum rounded half up to the kobo. */
  amount: count,
  milestoneId: count.nullable(),
  milestoneTitle: z.string().nullable(),
  status: paymentStageStatus,
});
export type PaymentStage = z.output<typeof paymentStage>;

/** GET /api/projects/{id}/payment-stages: the stages in order, their total and whether it is the contract sum. */
export const paymentSchedule = z.object({
  stages: z.array(paymentStage),
  contractSum: count,
  totalScheduled: count,
  equalsContractSum: z.boolean(),
});
export type PaymentSchedule = z.output<typeof paymentSchedule>;
