import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { canCertifyMoney, canPrepareContract, type Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import { lineAmountKobo, parseScaledDecimal, QUANTITY_DECIMALS, quantityOf, RATE_DECIMALS } from "../../../shared/boq.js";
import { type Valuation, valuationMessages, type valuationSchema } from "../../../shared/contracts.js";
import { groupBy } from "../../../shared/group-by.js";
import { productWording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import {
  boqItems,
  projectContracts,
  projectPhotos,
  valuationLinePhotos,
  valuationLines,
  valuations,
  variationLines,
  variations,
} from "../../db/schema.js";
import { lockContract } from "./contract-lock.js";
import type { MoneyGuard } from "./money-guard.js";
import { peopleNamed } from "./people.js";

type ValuationRow = typeof valuations.$inferSelect;
type LinePhoto = Valuation["lines"][number]["photos"][number];

const notFound = () => new ApiError(404, valuationMessages.notFound, "not_found");
const conflict = (message: string, code: string) => new ApiError(409, message, code);
const invalidLine = (index: number, message: string, field = "") =>
  new ApiError(400, productWording.validationFailed, "validation_failed", { [`lines.${index}${field}`]: message });
/** A line's subject, unique within a valuation: how a written line is found again. */
const subjectOf = (line: { boqItemId: number | null; variationLineId: number | null }) =>
  line.boqItemId ? `item:${line.boqItemId}` : `variation:${line.variationLineId}`;

/** Retention on a gross value at hundredths of a percent, rounded half up to the kobo. */
export const retentionOf = (grossKobo: number, basisPoints: number) => Number((BigInt(grossKobo) * BigInt(basisPoints) + 5_000n) / 10_000n);

/** Interim valuations (docs/decisions/142-valuations-certified-once.md): measured by the office, certified by Accounts. */
export function createValuations({ db, guard }: { db: AppDb; guard: MoneyGuard }) {
  /**
   * Every valuation of these projects with its arithmetic, oldest first per project: each one's "less previous" needs
   * the ones before. A few queries whatever the number of projects (the Accounts dashboard reads them all).
   * `on`: the caller's transaction, when it holds one (PGlite has one connection: another query would wait on it).
   */
  async function computedFor(projectIds: readonly number[], on: AppDb = db): Promise<Map<number, Valuation[]>> {
    const byProject = new Map<number, Valuation[]>();
    if (projectIds.length === 0) return byProject;
    const rows = await on
      .select()
      .from(valuations)
      .where(inArray(valuations.projectId, [...projectIds]))
      .orderBy(asc(valuations.projectId), asc(valuations.number));
    if (rows.length === 0) return byProject;
    // The valuations again as a subquery: their ids could be more than a query's parameters.
    const valuationIds = on
      .select({ id: valuations.id })
      .from(valuations)
      .where(inArray(valuations.projectId, [...projectIds]));
    const contracts = await on
      .select({ projectId: projectContracts.projectId, retentionBasisPoints: projectContracts.retentionBasisPoints })
      .from(projectContracts)
      .where(inArray(projectContracts.projectId, [...new Set(rows.map((row) => row.projectId))]));
    const lines = await on
      .select({
        line: valuationLines,
        boqRef: boqItems.ref,
        boqDescription: boqItems.description,
        boqUnit: boqItems.unit,
        boqRate: boqItems.rateKobo,
        variationNumber: variations.number,
        variationDescription: variationLines.description,
        variationUnit: variationLines.unit,
        variationRate: variationLines.rateKobo,
      })
      .from(valuationLines)
      .leftJoin(boqItems, eq(boqItems.id, valuationLines.boqItemId))
      .leftJoin(variationLines, eq(variationLines.id, valuationLines.variationLineId))
      .leftJoin(variations, eq(variations.id, variationLines.variationId))
      .where(inArray(valuationLines.valuationId, valuationIds))
      .orderBy(asc(valuationLines.id));
    const photos = await on
      .select({
        lineId: valuationLinePhotos.valuationLineId,
        id: projectPhotos.id,
        verdict: projectPhotos.verdict,
        capturedAt: projectPhotos.capturedAt,
      })
      .from(valuationLinePhotos)
      .innerJoin(valuationLines, eq(valuationLines.id, valuationLinePhotos.valuationLineId))
      .innerJoin(projectPhotos, eq(projectPhotos.id, valuationLinePhotos.photoId))
      .where(inArray(valuationLines.valuationId, valuationIds))
      .orderBy(asc(valuationLinePhotos.position));
    const photosByLine = groupBy(photos, (photo) => photo.lineId);
    const linesByValuation = groupBy(lines, (found) => found.line.valuationId);
    const retentionOfProject = new Map(contracts.map((contract) => [contract.projectId, contract.retentionBasisPoints]));
    const people = await peopleNamed(
      on,
      rows.flatMap((row) => [row.preparedById, row.certifiedById]),
    );
    const certifiedBefore = new Map<number, number>();
    for (const row of rows) {
      const own = (linesByValuation.get(row.id) ?? []).map((found) => {
        const rate = found.line.boqItemId ? (found.boqRate ?? 0) : (found.variationRate ?? 0);
        return {
          itemId: found.line.boqItemId,
          variationLineId: found.line.variationLineId,
          ref: found.line.boqItemId ? (found.boqRef ?? "") : `V${found.variationNumber ?? "?"}`,
          description: (found.line.boqItemId ? found.boqDescription : found.variationDescription) ?? "",
          unit: (found.line.boqItemId ? found.boqUnit : found.variationUnit) ?? "",
          quantityToDate: quantityOf(found.line.quantityMilli),
          rate,
          valueToDate: lineAmountKobo(found.line.quantityMilli, rate),
          photos: (photosByLine.get(found.line.id) ?? []).map(
            ({ lineId: _line, capturedAt, ...photo }): LinePhoto => ({ ...photo, capturedAt: capturedAt?.toISOString() ?? null }),
          ),
        };
      });
      const grossValue = own.reduce((sum, line) => sum + line.valueToDate, 0) + row.materialsOnSiteKobo;
      const retention = retentionOf(grossValue, retentionOfProject.get(row.projectId) ?? 0);
      const lessPrevious = certifiedBefore.get(row.projectId) ?? 0;
      const amountDue = grossValue - retention - lessPrevious;
      if (row.certifiedAt) certifiedBefore.set(row.projectId, lessPrevious + amountDue);
      const valuation = shown(row, own, { grossValue, retention, lessPrevious, amountDue }, people);
      const ofProject = byProject.get(row.projectId);
      if (ofProject) ofProject.push(valuation);
      else byProject.set(row.projectId, [valuation]);
    }
    return byProject;
  }

  /** One project's valuations with their arithmetic, oldest first. */
  const computed = async (projectId: number, on: AppDb = db) => (await computedFor([projectId], on)).get(projectId) ?? [];

  function shown(
    row: ValuationRow,
    lines: Valuation["lines"],
    sums: Pick<Valuation, "grossValue" | "retention" | "lessPrevious" | "amountDue">,
    people: Map<string, Valuation["preparedBy"]>,
  ): Valuation {
    return {
      id: row.id,
      number: row.number,
      asAt: row.asAt,
      status: row.certifiedAt ? "certified" : "draft",
      lines,
      materialsOnSite: row.materialsOnSiteKobo,
      ...sums,
      preparedBy: (row.preparedById && people.get(row.preparedById)) || null,
      preparedAt: row.preparedAt.toISOString(),
      certifiedBy: (row.certifiedById && people.get(row.certifiedById)) || null,
      certifiedAt: row.certifiedAt?.toISOString() ?? null,
    };
  }

  async function one(projectId: number, valuationId: number) {
    const found = (await computed(projectId)).find((item) => item.id === valuationId);
    if (!found) throw notFound();
    return found;
  }

  /**
   * The measured lines, checked against the project's BOQ, approved variations and gallery, as rows to insert with the
   * photos each names.
   */
  async function measuredLines(tx: AppDb, projectId: number, lines: z.output<typeof valuationSchema>["lines"]) {
    const itemIds = lines.flatMap((line) => (line.itemId ? [line.itemId] : []));
    const variationLineIds = lines.flatMap((line) => (line.variationLineId ? [line.variationLineId] : []));
    const items = itemIds.length
      ? await tx
          .select({ id: boqItems.id })
          .from(boqItems)
          .where(and(eq(boqItems.projectId, projectId), inArray(boqItems.id, itemIds)))
      : [];
    const approvedLines = variationLineIds.length
      ? await tx
          .select({ id: variationLines.id })
          .from(variationLines)
          .innerJoin(variations, eq(variations.id, variationLines.variationId))
          .where(and(eq(variations.projectId, projectId), eq(variations.status, "approved"), inArray(variationLines.id, variationLineIds)))
      : [];
    // The gallery's ids at once: a project's photos are fewer than the ids a large valuation could name.
    const gallery = lines.some((line) => line.photoIds.length > 0)
      ? new Set(
          (await tx.select({ id: projectPhotos.id }).from(projectPhotos).where(eq(projectPhotos.projectId, projectId))).map(
            (photo) => photo.id,
          ),
        )
      : new Set<number>();
    const seen = new Set<string>();
    return lines.map((line, index) => {
      const row = {
        boqItemId: line.itemId ?? null,
        variationLineId: line.variationLineId ?? null,
        quantityMilli: Number(parseScaledDecimal(line.quantityToDate, QUANTITY_DECIMALS)),
      };
      if (seen.has(subjectOf(row))) throw invalidLine(index, valuationMessages.twice);
      seen.add(subjectOf(row));
      if (line.itemId && !items.some((item) => item.id === line.itemId)) throw invalidLine(index, valuationMessages.unknownItem);
      if (line.variationLineId && !approvedLines.some((found) => found.id === line.variationLineId))
        throw invalidLine(index, valuationMessages.unknownVariationLine);
      if (!line.photoIds.every((id) => gallery.has(id))) throw invalidLine(index, valuationMessages.unknownPhotos, ".photoIds");
      return { row, photoIds: line.photoIds };
    });
  }

  return {
    /** Every valuation with its arithmetic, oldest first, without a door: for the invoices and the statement. */
    ofProject: computed,
    /** The same for many projects at once, by project, without a door: for the Accounts dashboard. */
    ofProjects: computedFor,

    async list(viewer: Viewer, projectId: number): Promise<{ items: Valuation[] }> {
      await guard.read(viewer, projectId);
      return { items: (await computed(projectId)).reverse() };
    },

    /** One valuation with its arithmetic, for the readers of the project's money. */
    async read(viewer: Viewer, projectId: number, valuationId: number): Promise<Valuation> {
      await guard.read(viewer, projectId);
      return one(projectId, valuationId);
    },

    /** The office measures the work done to date; the valuation stays a draft until Accounts certify it. */
    async prepare(viewer: Viewer, projectId: number, input: z.output<typeof valuationSchema>): Promise<Valuation> {
      await guard.act(viewer, projectId, canPrepareContract);
      const id = await db.transaction(async (tx) => {
        if (!(await lockContract(tx, projectId))) throw conflict(valuationMessages.notSigned, "contract_not_signed");
        const [last] = await tx
          .select()
          .from(valuations)
          .where(eq(valuations.projectId, projectId))
          .orderBy(desc(valuations.number))
          .limit(1);
        if (last && !last.certifiedAt) throw conflict(valuationMessages.draftWaiting, "draft_waiting");
        if (last && input.asAt < last.asAt)
          throw new ApiError(400, productWording.validationFailed, "validation_failed", { asAt: valuationMessages.earlier(last.asAt) });
        const measured = await measuredLines(tx, projectId, input.lines);
        const [row] = await tx
          .insert(valuations)
          .values({
            projectId,
            number: (last?.number ?? 0) + 1,
            asAt: input.asAt,
            materialsOnSiteKobo: Number(parseScaledDecimal(input.materialsOnSite, RATE_DECIMALS)),
            preparedById: viewer.id,
          })
          .returning({ id: valuations.id });
        if (!row) throw new Error("the valuation's row was not written");
        const lineIds = new Map<string, number>();
        for (let start = 0; start < measured.length; start += 1000) {
          const written = await tx
            .insert(valuationLines)
            .values(measured.slice(start, start + 1000).map((line) => ({ ...line.row, valuationId: row.id })))
            .returning({ id: valuationLines.id, boqItemId: valuationLines.boqItemId, variationLineId: valuationLines.variationLineId });
          for (const line of written) lineIds.set(subjectOf(line), line.id);
        }
        const photos = measured.flatMap((line) => {
          const valuationLineId = lineIds.get(subjectOf(line.row));
          if (valuationLineId === undefined) throw new Error("a valuation line was not written");
          return line.photoIds.map((photoId, position) => ({ valuationLineId, photoId, position }));
        });
        for (let start = 0; start < photos.length; start += 1000)
          await tx.insert(valuationLinePhotos).values(photos.slice(start, start + 1000));
        return row.id;
      });
      return one(projectId, id);
    },

    /** Accounts certify a draft: from then it never changes, and the next valuation deducts it. */
    async certify(viewer: Viewer, projectId: number, valuationId: number): Promise<Valuation> {
      await guard.act(viewer, projectId, canCertifyMoney);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(valuations).where(eq(valuations.id, valuationId)).for("update");
        if (!row || row.projectId !== projectId) throw notFound();
        if (row.certifiedAt) throw conflict(valuationMessages.certified, "already_certified");
        await tx.update(valuations).set({ certifiedAt: new Date(), certifiedById: viewer.id }).where(eq(valuations.id, valuationId));
      });
      return one(projectId, valuationId);
    },
  };
}

export type Valuations = ReturnType<typeof createValuations>;
