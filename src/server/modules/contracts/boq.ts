import { asc, eq } from "drizzle-orm";
import { canPrepareContract, type Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import { lineAmountKobo, quantityOf } from "../../../shared/boq.js";
import { type BoqAnswer, type BoqImport, boqMessages, type ContractSigningInput } from "../../../shared/contracts.js";
import { productWording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { boqItems, projectContracts, users } from "../../db/schema.js";
import { readBoq } from "./boq-sheet.js";
import { lockContract } from "./contract-lock.js";
import type { MoneyGuard } from "./money-guard.js";

type ItemRow = typeof boqItems.$inferSelect;

/** The bills of a BOQ in the file's order, each with its items and subtotal, and their sum. */
function billsOf(items: readonly ItemRow[]) {
  const bills = new Map<string, { name: string; subtotal: number; items: BoqAnswer["bills"][number]["items"] }>();
  for (const item of items) {
    const bill = bills.get(item.bill) ?? { name: item.bill, subtotal: 0, items: [] };
    const amount = lineAmountKobo(item.quantityMilli, item.rateKobo);
    bill.items.push({
      id: item.id,
      ref: item.ref,
      description: item.description,
      unit: item.unit,
      quantity: quantityOf(item.quantityMilli),
      rate: item.rateKobo,
      amount,
    });
    bill.subtotal += amount;
    bills.set(item.bill, bill);
  }
  const list = [...bills.values()];
  return { bills: list, contractSum: list.reduce((sum, bill) => sum + bill.subtotal, 0) };
}

const conflict = (message: string, code: string) => new ApiError(409, message, code);

/** A project's BOQ items in the file's order. */
const boqItemsOf = (db: AppDb, projectId: number) =>
  db.select().from(boqItems).where(eq(boqItems.projectId, projectId)).orderBy(asc(boqItems.position));

/** A project's bill of quantities and its signing (docs/decisions/140-boq-and-contract.md). */
export function createBoq({ db, guard }: { db: AppDb; guard: MoneyGuard }) {
  const itemsOf = (projectId: number) => boqItemsOf(db, projectId);

  async function read(viewer: Viewer, projectId: number): Promise<BoqAnswer> {
    await guard.read(viewer, projectId);
    const [contract] = await db
      .select({ contract: projectContracts, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
      .from(projectContracts)
      .leftJoin(users, eq(users.id, projectContracts.recordedById))
      .where(eq(projectContracts.projectId, projectId));
    const { bills, contractSum } = billsOf(await itemsOf(projectId));
    return {
      status: contract ? "fixed" : "draft",
      bills,
      contractSum,
      contract: contract
        ? {
            signedOn: contract.contract.signedOn,
            retentionPercent: contract.contract.retentionBasisPoints / 100,
            defectsPeriodDays: contract.contract.defectsPeriodDays,
            recordedBy:
              contract.contract.recordedById && contract.firstName !== null
                ? { id: contract.contract.recordedById, name: `${contract.firstName} ${contract.lastName}`, avatar: contract.avatar }
                : null,
            recordedAt: contract.contract.recordedAt.toISOString(),
          }
        : null,
    };
  }

  return {
    read,

    /**
     * Replaces the draft BOQ with the file's lines, or saves nothing and names every row and column it could not read.
     * Refused once the contract is signed.
     */
    async import(viewer: Viewer, projectId: number, file: Buffer): Promise<BoqImport> {
      await guard.act(viewer, projectId, canPrepareContract);
      const { lines, problems } = await readBoq(file);
      if (problems.length > 0) {
        const fields = Object.fromEntries(
          problems.slice(0, 50).map((problem) => [`row ${problem.row}, column ${problem.column} (${problem.field})`, problem.reason]),
        );
        const [first] = problems;
        const message =
          first?.field === "header" && problems.length === 1
            ? first.reason
            : boqMessages.unreadableRows(new Set(problems.map((p) => p.row)).size);
        throw new ApiError(400, message || productWording.validationFailed, "invalid_boq", fields);
      }
      const billOrder = [...new Set(lines.map((line) => line.bill))];
      await db.transaction(async (tx) => {
        if (await lockContract(tx, projectId)) throw conflict(boqMessages.fixed, "contract_signed");
        await tx.delete(boqItems).where(eq(boqItems.projectId, projectId));
        // In slices: one statement of 10,000 rows would pass PostgreSQL's limit of parameters.
        for (let start = 0; start < lines.length; start += 1000) {
          await tx.insert(boqItems).values(
            lines.slice(start, start + 1000).map((line, offset) => ({
              projectId,
              bill: line.bill,
              billPosition: billOrder.indexOf(line.bill),
              position: start + offset,
              ref: line.ref,
              description: line.description,
              unit: line.unit,
              quantityMilli: line.quantityMilli,
              rateKobo: line.rateKobo,
            })),
          );
        }
      });
      const contractSum = lines.reduce((sum, line) => sum + lineAmountKobo(line.quantityMilli, line.rateKobo), 0);
      return { bills: billOrder.length, items: lines.length, contractSum };
    },

    /** Records the contract as signed: from then the BOQ is fixed. */
    async sign(viewer: Viewer, projectId: number, signing: ContractSigningInput): Promise<BoqAnswer> {
      await guard.act(viewer, projectId, canPrepareContract);
      await db.transaction(async (tx) => {
        if (await lockContract(tx, projectId)) throw conflict(boqMessages.alreadySigned, "contract_signed");
        const [item] = await tx.select({ id: boqItems.id }).from(boqItems).where(eq(boqItems.projectId, projectId)).limit(1);
        if (!item) throw conflict(boqMessages.noBoq, "no_boq");
        await tx.insert(projectContracts).values({
          projectId,
          signedOn: signing.signedOn,
          retentionBasisPoints: Math.round(signing.retentionPercent * 100),
          defectsPeriodDays: signing.defectsPeriodDays,
          recordedById: viewer.id,
        });
      });
      return read(viewer, projectId);
    },

    /** The BOQ as a spreadsheet: the columns it is imported with, and the amounts. */
    async rows(viewer: Viewer, projectId: number) {
      await guard.read(viewer, projectId);
      return billsOf(await itemsOf(projectId));
    },
  };
}

export type Boq = ReturnType<typeof createBoq>;
