import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { canCertifyMoney, type Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import type { Valuation } from "../../../shared/contracts.js";
import { type Invoice, type InvoiceInput, invoiceMessages } from "../../../shared/invoices.js";
import { lagosDay } from "../../../shared/lagos-time.js";
import { formatKobo } from "../../../shared/naira.js";
import { productWording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { invoices, paymentStages, payments, type projectContracts, projects } from "../../db/schema.js";
import { lockContract } from "./contract-lock.js";
import { nextDocumentNumber } from "./document-numbers.js";
import { standingOf } from "./invoice-standing.js";
import type { MoneyGuard } from "./money-guard.js";
import type { MoneyNotices } from "./money-notices.js";
import type { PaymentStages } from "./payment-stages.js";
import { peopleNamed } from "./people.js";
import type { Valuations } from "./valuations.js";
import { addDays } from "./variations.js";

type InvoiceRow = typeof invoices.$inferSelect;
type Contract = typeof projectContracts.$inferSelect;

const notFound = () => new ApiError(404, invoiceMessages.notFound, "not_found");
const conflict = (message: string, code: string) => new ApiError(409, message, code);
const invalid = (field: string, message: string) =>
  new ApiError(400, productWording.validationFailed, "validation_failed", { [field]: message });

/** What a certified valuation, a stage or the retention demands, and the retention still held after the invoices so far. */
export type InvoiceSources = { valuations: Valuations; stages: PaymentStages };

/** The retention on the latest certificate of these valuations (oldest first), less what these invoices released. */
export function retentionAfter(valued: readonly Valuation[], issued: readonly Pick<Invoice, "kind" | "amount">[]) {
  const latest = valued.filter((valuation) => valuation.status === "certified").at(-1);
  const released = issued.filter((row) => row.kind === "retention").reduce((sum, row) => sum + row.amount, 0);
  return { certifiedToDate: latest?.grossValue ?? 0, retentionHeld: (latest?.retention ?? 0) - released };
}

/** Invoices of a project (docs/decisions/145-invoices-payments-and-the-statement.md): issued by Accounts, numbered without gaps. */
export function createInvoices(deps: { db: AppDb; guard: MoneyGuard; notices: MoneyNotices; sources: InvoiceSources }) {
  const { db, guard, sources } = deps;
  /**
   * The project's invoices, oldest first, each with what was paid against it. `valued`: the project's valuations when
   * the caller already has them (the statement), so that they are not worked out twice.
   */
  async function ofProject(projectId: number, valued?: readonly Valuation[]): Promise<Invoice[]> {
    const rows = await db
      .select()
      .from(invoices)
      .where(eq(invoices.projectId, projectId))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id));
    if (rows.length === 0) return [];
    const [paid, described, people] = await Promise.all([
      db
        .select({ invoiceId: payments.invoiceId, status: payments.status, amount: payments.amountKobo })
        .from(payments)
        .where(
          and(
            inArray(
              payments.invoiceId,
              rows.map((row) => row.id),
            ),
            ne(payments.status, "rejected"),
          ),
        ),
      descriptions(projectId, rows, valued),
      peopleNamed(
        db,
        rows.map((row) => row.issuedById),
      ),
    ]);
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      valuationId: row.valuationId,
      stageId: row.stageId,
      description: described.get(row.id) ?? "",
      amount: row.amountKobo,
      ...standingOf(
        row.amountKobo,
        paid.filter((payment) => payment.invoiceId === row.id),
      ),
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      issuedBy: (row.issuedById && people.get(row.issuedById)) || null,
      issuedAt: row.issuedAt.toISOString(),
    }));
  }

  /** What each invoice demands, in words, from the valuation or stage it names (a stage by its name alone). */
  async function descriptions(projectId: number, rows: readonly InvoiceRow[], known?: readonly Valuation[]) {
    const needsValuations = rows.some((row) => row.valuationId !== null);
    const needsStages = rows.some((row) => row.stageId !== null);
    const [valued, stages] = await Promise.all([
      known ?? (needsValuations ? sources.valuations.ofProject(projectId) : []),
      needsStages
        ? db.select({ id: paymentStages.id, name: paymentStages.name }).from(paymentStages).where(eq(paymentStages.projectId, projectId))
        : [],
    ]);
    return new Map(
      rows.map((row) => {
        if (row.kind === "retention") return [row.id, "Release of retention"];
        if (row.valuationId !== null) {
          const found = valued.find((valuation) => valuation.id === row.valuationId);
          return [row.id, found ? `Interim certificate No. ${found.number} (work to ${found.asAt})` : "Interim certificate"];
        }
        const stage = stages.find((item) => item.id === row.stageId);
        return [row.id, stage ? `Stage: ${stage.name}` : "Payment stage"];
      }),
    );
  }

  /** The retention on the latest certificate, less what invoices already released. */
  async function retentionHeld(projectId: number, issued: readonly Pick<Invoice, "kind" | "amount">[], on: AppDb = db) {
    return retentionAfter(await sources.valuations.ofProject(projectId, on), issued);
  }

  /** The amount a new invoice demands, checked against what it names; throws when it cannot be invoiced. */
  async function amountDemanded(tx: AppDb, projectId: number, contract: Contract, input: InvoiceInput, today: string) {
    const issued = await tx.select().from(invoices).where(eq(invoices.projectId, projectId));
    if (input.valuationId !== undefined) {
      const found = (await sources.valuations.ofProject(projectId, tx)).find((valuation) => valuation.id === input.valuationId);
      if (!found) throw invalid("valuationId", invoiceMessages.valuationNotFound);
      const already = issued.find((row) => row.valuationId === found.id);
      if (already) throw conflict(invoiceMessages.valuationInvoiced(already.number), "already_invoiced");
      if (found.status !== "certified") throw conflict(invoiceMessages.notCertified, "not_certified");
      if (found.amountDue <= 0) throw conflict(invoiceMessages.nothingDue, "nothing_due");
      return { kind: "valuation" as const, valuationId: found.id, amount: found.amountDue };
    }
    if (input.stageId !== undefined) {
      const stage = (await sources.stages.ofProject(projectId, tx)).stages.find((item) => item.id === input.stageId);
      if (!stage) throw invalid("stageId", invoiceMessages.stageNotFound);
      const already = issued.find((row) => row.stageId === stage.id);
      if (already) throw conflict(invoiceMessages.stageInvoiced(already.number), "already_invoiced");
      if (stage.status !== "due") throw conflict(invoiceMessages.stageNotDue, "stage_not_due");
      return { kind: "stage" as const, stageId: stage.id, amount: stage.amount };
    }
    const [project] = await tx.select({ completedOn: projects.completedOn }).from(projects).where(eq(projects.id, projectId));
    const ends = addDays(project?.completedOn ?? null, contract.defectsPeriodDays);
    if (!ends) throw conflict(invoiceMessages.noCompletion, "not_completed");
    if (ends > today) throw conflict(invoiceMessages.defectsPeriodRunning(ends), "defects_period_running");
    const { retentionHeld: held } = await retentionHeld(
      projectId,
      issued.map((row) => ({ kind: row.kind, amount: row.amountKobo })),
      tx,
    );
    if (held <= 0) throw conflict(invoiceMessages.noRetention, "no_retention");
    return { kind: "retention" as const, amount: held };
  }

  async function one(projectId: number, invoiceId: number) {
    const found = (await ofProject(projectId)).find((item) => item.id === invoiceId);
    if (!found) throw notFound();
    return found;
  }

  return {
    ofProject,

    async list(viewer: Viewer, projectId: number): Promise<{ items: Invoice[] }> {
      await guard.read(viewer, projectId);
      return { items: (await ofProject(projectId)).reverse() };
    },

    async one(viewer: Viewer, projectId: number, invoiceId: number): Promise<Invoice> {
      await guard.read(viewer, projectId);
      return one(projectId, invoiceId);
    },

    /** Accounts issue an invoice: its number is taken in the same transaction, so a refused one leaves no gap. */
    async issue(viewer: Viewer, projectId: number, input: InvoiceInput): Promise<Invoice> {
      const parties = await guard.act(viewer, projectId, canCertifyMoney);
      const today = lagosDay(new Date());
      if (input.dueOn < today) throw invalid("dueOn", invoiceMessages.dueBeforeIssue);
      const id = await db.transaction(async (tx) => {
        // One project's invoices are issued one at a time: two requests for one valuation cannot both pass the check.
        const contract = await lockContract(tx, projectId);
        if (!contract) throw conflict(invoiceMessages.notSigned, "contract_not_signed");
        const demand = await amountDemanded(tx, projectId, contract, input, today);
        const number = await nextDocumentNumber(tx, "invoice", Number(today.slice(0, 4)));
        const [row] = await tx
          .insert(invoices)
          .values({
            projectId,
            number,
            kind: demand.kind,
            valuationId: "valuationId" in demand ? demand.valuationId : null,
            stageId: "stageId" in demand ? demand.stageId : null,
            amountKobo: demand.amount,
            issuedOn: today,
            dueOn: input.dueOn,
            issuedById: viewer.id,
          })
          .returning({ id: invoices.id });
        if (!row) throw new Error("the invoice's row was not written");
        return row.id;
      });
      const issued = await one(projectId, id);
      await deps.notices.invoiceIssued(
        { clientId: parties.clientId, payerIds: parties.payerIds ?? [] },
        projectId,
        `Invoice ${issued.number}: ${formatKobo(issued.amount)} due on ${issued.dueOn}`,
        `${issued.description}. The invoice, with the bank accounts to pay by transfer, is in the project's Money section.`,
      );
      return issued;
    },
  };
}

export type Invoices = ReturnType<typeof createInvoices>;
