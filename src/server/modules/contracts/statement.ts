import type { Viewer } from "../../../shared/access.js";
import type { Statement, StatementLine } from "../../../shared/invoices.js";
import { lagosDay } from "../../../shared/lagos-time.js";
import { type Invoices, retentionAfter } from "./invoices.js";
import type { MoneyGuard } from "./money-guard.js";
import type { Payments } from "./payments.js";
import type { Valuations } from "./valuations.js";
import type { Variations } from "./variations.js";

const kindOrder: Record<StatementLine["kind"], number> = { variation: 0, invoice: 1, payment: 2 };
const sum = (lines: readonly StatementLine[], pick: (line: StatementLine) => number) =>
  lines.reduce((total, line) => total + pick(line), 0);

/**
 * The statement of account (docs/decisions/145-invoices-payments-and-the-statement.md): every figure is a sum of its
 * lines or of the contract's, computed on each read, so it always adds up.
 */
export function createStatement(deps: {
  guard: MoneyGuard;
  variations: Variations;
  valuations: Valuations;
  invoices: Invoices;
  payments: Payments;
}) {
  async function ofProject(projectId: number): Promise<Statement> {
    // The valuations are worked out once: the invoices' descriptions and the retention held both come from them.
    const invoicesAndValuations = async () => {
      const valued = await deps.valuations.ofProject(projectId);
      return { valued, invoiced: await deps.invoices.ofProject(projectId, valued) };
    };
    const [varied, { valued, invoiced }, paid] = await Promise.all([
      deps.variations.ofProject(projectId),
      invoicesAndValuations(),
      deps.payments.ofProject(projectId),
    ]);
    const descriptionOf = new Map(invoiced.map((invoice) => [invoice.id, invoice.description]));
    const events: (Omit<StatementLine, "balance" | "id"> & { order: number })[] = [
      ...varied.items
        .filter((variation) => variation.status === "approved")
        .map((variation) => ({
          on: lagosDay(variation.decidedAt ?? variation.raisedAt),
          kind: "variation" as const,
          reference: `V${variation.number}`,
          description: `Variation approved: ${variation.title}`,
          amount: variation.total,
          debit: 0,
          credit: 0,
          status: "approved",
          payer: null,
          order: variation.id,
        })),
      ...invoiced.map((invoice) => ({
        on: invoice.issuedOn,
        kind: "invoice" as const,
        reference: invoice.number,
        description: invoice.description,
        amount: invoice.amount,
        debit: invoice.amount,
        credit: 0,
        status: invoice.status,
        payer: null,
        order: invoice.id,
      })),
      ...paid
        .filter((payment) => payment.status !== "rejected")
        .map((payment) => ({
          on: payment.paidOn,
          kind: "payment" as const,
          reference: payment.receiptNumber ?? payment.reference,
          description: `Transfer ${payment.reference} for ${payment.invoiceNumber} (${descriptionOf.get(payment.invoiceId) ?? ""})${payment.settles === "part" ? ": part payment" : payment.settles === "over" ? ": overpayment" : ""}`,
          amount: payment.amount,
          debit: 0,
          credit: payment.status === "confirmed" ? payment.amount : 0,
          status: payment.status,
          payer: payment.payer,
          order: payment.id,
        })),
    ];
    events.sort((a, b) => a.on.localeCompare(b.on) || kindOrder[a.kind] - kindOrder[b.kind] || a.order - b.order);
    let balance = 0;
    const lines = events.map(({ order, ...line }) => {
      balance += line.debit - line.credit;
      return { id: `${line.kind}-${order}`, ...line, balance };
    });
    const payments = lines.filter((line) => line.kind === "payment");
    const awaiting = (line: StatementLine) => (line.status === "awaiting_confirmation" ? line.amount : 0);
    const payers = new Map<string, Statement["payers"][number]>();
    for (const line of payments) {
      if (!line.payer) continue;
      const own = payers.get(line.payer.id) ?? { payer: line.payer, paid: 0, awaitingConfirmation: 0 };
      payers.set(line.payer.id, { ...own, paid: own.paid + line.credit, awaitingConfirmation: own.awaitingConfirmation + awaiting(line) });
    }
    const approvedVariations = sum(lines, (line) => (line.kind === "variation" ? line.amount : 0));
    const { certifiedToDate, retentionHeld } = retentionAfter(valued, invoiced);
    const invoicedTotal = sum(lines, (line) => line.debit);
    const paidTotal = sum(lines, (line) => line.credit);
    return {
      contractSum: varied.originalContractSum + approvedVariations,
      originalContractSum: varied.originalContractSum,
      approvedVariations,
      certifiedToDate,
      retentionHeld,
      invoiced: invoicedTotal,
      paid: paidTotal,
      awaitingConfirmation: sum(payments, awaiting),
      balanceDue: invoicedTotal - paidTotal,
      lines,
      payers: [...payers.values()],
    };
  }

  return {
    ofProject,
    async read(viewer: Viewer, projectId: number): Promise<Statement> {
      await deps.guard.read(viewer, projectId);
      return ofProject(projectId);
    },
  };
}

export type StatementService = ReturnType<typeof createStatement>;
