import { and, asc, count, eq, max } from "drizzle-orm";
import { canPrepareContract, type Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import { invoiceMessages } from "../../../shared/invoices.js";
import {
  basisPointsOf,
  MAX_PAYMENT_STAGES,
  type PaymentSchedule,
  type PaymentStageInput,
  paymentStageMessages,
  shareOfKobo,
} from "../../../shared/payment-stages.js";
import { productWording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { invoices, milestones, paymentStages, projectContracts, projects } from "../../db/schema.js";
import { contractSumOf } from "./contract-sum.js";
import type { MoneyGuard } from "./money-guard.js";

/** A project's payment schedule (docs/decisions/140-boq-and-contract.md): stages read by the money's readers, set by the office. */
export function createPaymentStages({ db, guard }: { db: AppDb; guard: MoneyGuard }) {
  /** The BOQ's sum as it stands, from its lines: a share of it moves with it. */
  async function ofProject(projectId: number, on: AppDb = db): Promise<PaymentSchedule> {
    const [rows, contractSum, [signed]] = await Promise.all([
      on
        .select({ stage: paymentStages, milestoneTitle: milestones.title, milestoneDoneOn: milestones.doneOn })
        .from(paymentStages)
        .leftJoin(milestones, eq(milestones.id, paymentStages.milestoneId))
        .where(eq(paymentStages.projectId, projectId))
        .orderBy(asc(paymentStages.position), asc(paymentStages.id)),
      contractSumOf(on, projectId),
      on.select({ id: projectContracts.projectId }).from(projectContracts).where(eq(projectContracts.projectId, projectId)),
    ]);
    const stages = rows.map(({ stage, milestoneTitle, milestoneDoneOn }) => {
      // Without a milestone a stage is the mobilisation: due once the contract is signed.
      const due = stage.milestoneId === null ? signed !== undefined : milestoneDoneOn !== null;
      return {
        id: stage.id,
        name: stage.name,
        percent: stage.percentBasisPoints === null ? null : stage.percentBasisPoints / 100,
        amount: stage.amountKobo ?? shareOfKobo(contractSum, stage.percentBasisPoints ?? 0),
        milestoneId: stage.milestoneId,
        milestoneTitle,
        status: due ? ("due" as const) : ("scheduled" as const),
      };
    });
    const totalScheduled = stages.reduce((sum, stage) => sum + stage.amount, 0);
    return { stages, contractSum, totalScheduled, equalsContractSum: totalScheduled === contractSum };
  }

  return {
    /** The schedule without a door: for the invoices. */
    ofProject,

    async read(viewer: Viewer, projectId: number): Promise<PaymentSchedule> {
      await guard.read(viewer, projectId);
      return ofProject(projectId);
    },

    /** Adds a stage at the end of the schedule; answers the schedule. */
    async add(viewer: Viewer, projectId: number, input: PaymentStageInput): Promise<PaymentSchedule> {
      await guard.act(viewer, projectId, canPrepareContract);
      if (input.milestoneId) {
        const [milestone] = await db
          .select({ id: milestones.id })
          .from(milestones)
          .where(and(eq(milestones.id, input.milestoneId), eq(milestones.projectId, projectId)));
        if (!milestone)
          throw new ApiError(400, productWording.validationFailed, "validation_failed", { milestoneId: paymentStageMessages.noMilestone });
      }
      await db.transaction(async (tx) => {
        // The project's row is locked so that two additions at once cannot pass the limit or share a position.
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
        const [current] = await tx
          .select({ stages: count(), last: max(paymentStages.position) })
          .from(paymentStages)
          .where(eq(paymentStages.projectId, projectId));
        if ((current?.stages ?? 0) >= MAX_PAYMENT_STAGES) throw new ApiError(409, paymentStageMessages.tooMany, "too_many_stages");
        await tx.insert(paymentStages).values({
          projectId,
          position: (current?.last ?? -1) + 1,
          name: input.name.trim(),
          amountKobo: input.amount ?? null,
          percentBasisPoints: input.percent === undefined ? null : basisPointsOf(input.percent),
          milestoneId: input.milestoneId ?? null,
          createdById: viewer.id,
        });
      });
      return ofProject(projectId);
    },

    async remove(viewer: Viewer, projectId: number, stageId: number): Promise<void> {
      await guard.act(viewer, projectId, canPrepareContract);
      const [invoiced] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.stageId, stageId));
      if (invoiced) throw new ApiError(409, invoiceMessages.stageHasInvoice, "stage_invoiced");
      const removed = await db
        .delete(paymentStages)
        .where(and(eq(paymentStages.id, stageId), eq(paymentStages.projectId, projectId)))
        .returning({ id: paymentStages.id });
      if (removed.length === 0) throw new ApiError(404, paymentStageMessages.notFound, "not_found");
    },
  };
}

export type PaymentStages = ReturnType<typeof createPaymentStages>;
