import { asc, desc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { canPrepareContract, type Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import { lineAmountKobo, parseScaledDecimal, QUANTITY_DECIMALS, quantityOf, RATE_DECIMALS } from "../../../shared/boq.js";
import { type Variation, type VariationList, variationMessages, type variationSchema } from "../../../shared/contracts.js";
import type { StepUpProof } from "../../../shared/step-up.js";
import type { AppDb } from "../../db/client.js";
import { projects, variationLines, variations } from "../../db/schema.js";
import type { RequestOrigin } from "../../platform/security-log.js";
import type { ObjectStore } from "../../platform/storage.js";
import { lockContract } from "./contract-lock.js";
import { boqSumOf } from "./contract-sum.js";
import type { MoneyGuard } from "./money-guard.js";
import { peopleNamed } from "./people.js";
import { fileVariationRecord } from "./variation-record.js";

const MAX_VARIATIONS = 500;

type VariationRow = typeof variations.$inferSelect;
type LineRow = typeof variationLines.$inferSelect;

/** The fresh proof of the auth module (step-up.ts): the password and code, a passkey, or a provider sign-in just made. */
export type ProveIdentity = (caller: { userId: string; sessionId: string }, proof: StepUpProof, origin: RequestOrigin) => Promise<void>;

const notFound = () => new ApiError(404, variationMessages.notFound, "not_found");
const conflict = (message: string, code: string) => new ApiError(409, message, code);

/** A calendar day moved by whole days (UTC arithmetic on YYYY-MM-DD: no time zone can shift it). */
export function addDays(day: string | null, days: number): string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const moved = new Date(`${day}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

const totalOf = (lines: readonly Pick<LineRow, "quantityMilli" | "rateKobo">[]) =>
  lines.reduce((sum, line) => sum + lineAmountKobo(line.quantityMilli, line.rateKobo), 0);

/** Variations of a signed contract (docs/decisions/141-variations-approved-by-the-client.md). */
export function createVariations(deps: {
  db: AppDb;
  guard: MoneyGuard;
  prove: ProveIdentity;
  /** Where the record of an approved variation is kept, with the project's documents. */
  documents: ObjectStore;
  log: FastifyBaseLogger;
}) {
  const { db, guard, prove } = deps;
  /** The project's variations, newest first, each with its effect, and the contract sum and completion date as varied. */
  async function ofProject(projectId: number): Promise<VariationList> {
    const rows = await db.select().from(variations).where(eq(variations.projectId, projectId)).orderBy(asc(variations.number));
    const lines = rows.length
      ? await db
          .select()
          .from(variationLines)
          .where(
            inArray(
              variationLines.variationId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(variationLines.position))
      : [];
    const people = await peopleNamed(
      db,
      rows.flatMap((row) => [row.raisedById, row.decidedById]),
    );
    const [project] = await db.select({ target: projects.targetCompletion }).from(projects).where(eq(projects.id, projectId));
    const originalContractSum = await boqSumOf(db, projectId);
    const originalCompletion = addDays(project?.target ?? null, 0);
    let contractSum = originalContractSum;
    let completion = originalCompletion;
    const items: Variation[] = [];
    for (const row of rows) {
      const own = lines.filter((line) => line.variationId === row.id);
      const total = totalOf(own);
      const counts = row.status !== "declined";
      const effect = {
        contractSumBefore: contractSum,
        contractSumAfter: counts ? contractSum + total : contractSum,
        completionBefore: completion,
        completionAfter: counts ? addDays(completion, row.daysAdded) : completion,
      };
      // Only an approved variation binds: a pending one shows what it would do.
      if (row.status === "approved") {
        contractSum = effect.contractSumAfter;
        completion = effect.completionAfter;
      }
      items.push(shown(row, own, total, effect, people));
    }
    return { items: items.reverse(), originalContractSum, contractSum, originalCompletion, completion };
  }

  function shown(
    row: VariationRow,
    lines: readonly LineRow[],
    total: number,
    effect: Variation["effect"],
    people: Map<string, Variation["raisedBy"]>,
  ): Variation {
    return {
      id: row.id,
      number: row.number,
      title: row.title,
      reason: row.reason,
      daysAdded: row.daysAdded,
      status: row.status,
      lines: lines.map((line) => ({
        id: line.id,
        description: line.description,
        unit: line.unit,
        quantity: quantityOf(line.quantityMilli),
        rate: line.rateKobo,
        amount: lineAmountKobo(line.quantityMilli, line.rateKobo),
      })),
      total,
      effect,
      raisedBy: (row.raisedById && people.get(row.raisedById)) || null,
      raisedAt: row.raisedAt.toISOString(),
      decidedBy: (row.decidedById && people.get(row.decidedById)) || null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      declineReason: row.declineReason,
    };
  }

  async function list(viewer: Viewer, projectId: number): Promise<VariationList> {
    await guard.read(viewer, projectId);
    return ofProject(projectId);
  }

  async function one(viewer: Viewer, projectId: number, variationId: number): Promise<Variation> {
    const found = (await list(viewer, projectId)).items.find((item) => item.id === variationId);
    if (!found) throw notFound();
    return found;
  }

  /** The variation, locked until the transaction ends, if it is this project's and still pending. */
  async function pendingForDecision(tx: AppDb, projectId: number, variationId: number) {
    const [row] = await tx.select().from(variations).where(eq(variations.id, variationId)).for("update");
    if (!row || row.projectId !== projectId) throw notFound();
    if (row.status !== "pending") throw conflict(variationMessages.decided, "already_decided");
    return row;
  }

  /** Only the project's client decides: the office that raised a variation cannot approve it. */
  async function clientOnly(viewer: Viewer, projectId: number) {
    const parties = await guard.read(viewer, projectId);
    if (viewer.role !== "user" || parties.clientId !== viewer.id) throw new ApiError(403, variationMessages.clientOnly, "forbidden");
  }

  return {
    ofProject,
    list,
    one,

    async raise(viewer: Viewer, projectId: number, input: z.output<typeof variationSchema>): Promise<Variation> {
      await guard.act(viewer, projectId, canPrepareContract);
      const id = await db.transaction(async (tx) => {
        if (!(await lockContract(tx, projectId))) throw conflict(variationMessages.notSigned, "contract_not_signed");
        const [last] = await tx
          .select({ number: variations.number })
          .from(variations)
          .where(eq(variations.projectId, projectId))
          .orderBy(desc(variations.number))
          .limit(1);
        const number = (last?.number ?? 0) + 1;
        if (number > MAX_VARIATIONS) throw conflict(variationMessages.tooMany, "too_many_variations");
        const [row] = await tx
          .insert(variations)
          .values({ projectId, number, title: input.title, reason: input.reason, daysAdded: input.daysAdded, raisedById: viewer.id })
          .returning({ id: variations.id });
        if (!row) throw new Error("the variation's row was not written");
        await tx.insert(variationLines).values(
          input.lines.map((line, position) => ({
            variationId: row.id,
            position,
            description: line.description,
            unit: line.unit,
            quantityMilli: Number(parseScaledDecimal(line.quantity, QUANTITY_DECIMALS)),
            rateKobo: Number(parseScaledDecimal(line.rate, RATE_DECIMALS)),
          })),
        );
        return row.id;
      });
      return one(viewer, projectId, id);
    },

    /** The client approves with a fresh proof; the variation then changes the contract sum and the completion date. */
    async approve(
      viewer: Viewer,
      caller: { userId: string; sessionId: string },
      projectId: number,
      variationId: number,
      proof: StepUpProof,
      origin: RequestOrigin,
    ): Promise<Variation> {
      await clientOnly(viewer, projectId);
      // Checked before the proof, so that a wrong id costs no password attempt; checked again under the lock.
      await one(viewer, projectId, variationId).then((found) => {
        if (found.status !== "pending") throw conflict(variationMessages.decided, "already_decided");
      });
      await prove(caller, proof, origin);
      await db.transaction(async (tx) => {
        await pendingForDecision(tx, projectId, variationId);
        await tx
          .update(variations)
          .set({
            status: "approved",
            decidedById: viewer.id,
            decidedAt: new Date(),
            decidedFromAddress: origin.ipAddress,
            decidedFromDevice: origin.userAgent?.slice(0, 500) ?? null,
          })
          .where(eq(variations.id, variationId));
      });
      const approved = await one(viewer, projectId, variationId);
      // The approval stands whatever happens to its paper record; a failure is for the operators to see.
      await fileVariationRecord(db, deps.documents, projectId, approved).catch((error: unknown) =>
        deps.log.error({ err: error, projectId, variationId }, "the record of an approved variation was not filed"),
      );
      return approved;
    },

    async decline(viewer: Viewer, projectId: number, variationId: number, reason: string, origin: RequestOrigin): Promise<Variation> {
      await clientOnly(viewer, projectId);
      await db.transaction(async (tx) => {
        await pendingForDecision(tx, projectId, variationId);
        await tx
          .update(variations)
          .set({
            status: "declined",
            declineReason: reason,
            decidedById: viewer.id,
            decidedAt: new Date(),
            decidedFromAddress: origin.ipAddress,
            decidedFromDevice: origin.userAgent?.slice(0, 500) ?? null,
          })
          .where(eq(variations.id, variationId));
      });
      return one(viewer, projectId, variationId);
    },
  };
}

export type Variations = ReturnType<typeof createVariations>;
