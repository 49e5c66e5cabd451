import { asc, eq, inArray, isNotNull, ne, or } from "drizzle-orm";
import { todayInLagos } from "../../../shared/calendar.js";
import { groupBy } from "../../../shared/group-by.js";
import { activeProjectStatuses } from "../../../shared/project-terms.js";
import { type AccountsOverview, type Ageing, ageingBucketOf, ageingBuckets } from "../../../shared/receivables.js";
import type { AppDb } from "../../db/client.js";
import { invoices, payments, projectContracts, projects } from "../../db/schema.js";
import { contractSumsOf } from "./contract-sum.js";
import { standingOf } from "./invoice-standing.js";
import { duplicateFinder, proofUrl } from "./payments.js";
import { peopleNamed } from "./people.js";
import type { Valuations } from "./valuations.js";

type Receivable = AccountsOverview["receivables"][number];
type ContractProgress = AccountsOverview["budgetVsCertified"][number];
type ProjectLine = Receivable["project"];
type PaymentRow = Awaited<ReturnType<typeof loadMoney>>["paymentRows"][number];
type InvoiceRow = Awaited<ReturnType<typeof loadMoney>>["invoiceRows"][number];

const noAgeing = () => Object.fromEntries(ageingBuckets.map((bucket) => [bucket, 0])) as Ageing;
const sumOf = <Row>(rows: readonly Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);
const byReference = (a: { project: ProjectLine }, b: { project: ProjectLine }) => a.project.reference.localeCompare(b.project.reference);

/** Projects with a signed contract (whatever their status) and active ones without; every invoice; payments not rejected. */
async function loadMoney(db: AppDb) {
  const [projectRows, invoiceRows, paymentRows] = await Promise.all([
    db
      .select({
        id: projects.id,
        reference: projects.reference,
        title: projects.title,
        status: projects.status,
        clientId: projects.clientId,
        signedOn: projectContracts.signedOn,
      })
      .from(projects)
      .leftJoin(projectContracts, eq(projectContracts.projectId, projects.id))
      .where(or(isNotNull(projectContracts.projectId), inArray(projects.status, [...activeProjectStatuses]))),
    db
      .select({
        id: invoices.id,
        projectId: invoices.projectId,
        number: invoices.number,
        amount: invoices.amountKobo,
        dueOn: invoices.dueOn,
      })
      .from(invoices),
    db
      .select({
        id: payments.id,
        projectId: payments.projectId,
        invoiceId: payments.invoiceId,
        payerId: payments.payerId,
        status: payments.status,
        amountKobo: payments.amountKobo,
        reference: payments.reference,
        paidOn: payments.paidOn,
        recordedAt: payments.recordedAt,
      })
      .from(payments)
      .where(ne(payments.status, "rejected"))
      .orderBy(asc(payments.recordedAt), asc(payments.id)),
  ]);
  return { projectRows, invoiceRows, paymentRows };
}

/** One project's invoices as Accounts follow them: each invoice's standing, its unpaid balance aged by its due date. */
function receivableOf(own: readonly InvoiceRow[], paymentsOfInvoice: Map<number, PaymentRow[]>, today: string) {
  const ageing = noAgeing();
  let paid = 0;
  let awaitingConfirmation = 0;
  for (const invoice of own) {
    const standing = standingOf(
      invoice.amount,
      (paymentsOfInvoice.get(invoice.id) ?? []).map((payment) => ({ status: payment.status, amount: payment.amountKobo })),
    );
    paid += standing.paid;
    awaitingConfirmation += standing.awaitingConfirmation;
    // An overpaid invoice is owed nothing; its excess does not pay another invoice's balance.
    ageing[ageingBucketOf(invoice.dueOn, today)] += Math.max(standing.balance, 0);
  }
  const invoiced = sumOf(own, (invoice) => invoice.amount);
  return { invoiced, paid, awaitingConfirmation, outstanding: invoiced - paid, ageing };
}

/**
 * The Accounts dashboard (docs/decisions/146-accounts-working-screen.md): the money of every project, read in a fixed
 * number of queries and computed by the module's own rules (an invoice's standing, a valuation's arithmetic, the
 * contract sum, a transfer's duplicates), so that its figures are the ones each project's Money section shows.
 */
export function createAccountsOverview({ db, valuations }: { db: AppDb; valuations: Valuations }) {
  async function read(): Promise<AccountsOverview> {
    const today = todayInLagos();
    const { projectRows, invoiceRows, paymentRows } = await loadMoney(db);
    const projectOf = new Map(projectRows.map((row) => [row.id, row]));
    const lineOf = (id: number): ProjectLine => ({
      id,
      reference: projectOf.get(id)?.reference ?? "",
      title: projectOf.get(id)?.title ?? "",
    });
    const contracted = projectRows.filter((row) => row.signedOn !== null).map((row) => row.id);
    const [valuationsOf, contractSums, people] = await Promise.all([
      valuations.ofProjects(contracted),
      contractSumsOf(db, contracted),
      peopleNamed(db, [...projectRows.map((row) => row.clientId), ...paymentRows.map((row) => row.payerId)]),
    ]);
    const personOf = (id: string | null | undefined) => (id && people.get(id)) || null;

    const paymentsOfInvoice = groupBy(paymentRows, (payment) => payment.invoiceId);
    const receivables: Receivable[] = [...groupBy(invoiceRows, (invoice) => invoice.projectId)]
      .map(([projectId, own]) => ({
        project: lineOf(projectId),
        client: personOf(projectOf.get(projectId)?.clientId),
        ...receivableOf(own, paymentsOfInvoice, today),
      }))
      .sort((a, b) => b.outstanding - a.outstanding || byReference(a, b));

    const invoiceNumber = new Map(invoiceRows.map((invoice) => [invoice.id, invoice.number]));
    const paymentsOfProject = groupBy(paymentRows, (payment) => payment.projectId);
    const duplicatesIn = new Map([...paymentsOfProject].map(([projectId, rows]) => [projectId, duplicateFinder(rows)]));
    const awaitingConfirmation = paymentRows
      .filter((payment) => payment.status === "awaiting_confirmation")
      .map((payment) => ({
        id: payment.id,
        project: lineOf(payment.projectId),
        invoiceId: payment.invoiceId,
        invoiceNumber: invoiceNumber.get(payment.invoiceId) ?? "",
        payer: personOf(payment.payerId),
        amount: payment.amountKobo,
        reference: payment.reference,
        paidOn: payment.paidOn,
        recordedAt: payment.recordedAt.toISOString(),
        possibleDuplicateOf: duplicatesIn.get(payment.projectId)?.(payment) ?? [],
        proofUrl: proofUrl(payment.projectId, payment.id),
      }));

    const awaitingCertification = contracted
      .flatMap((projectId) =>
        (valuationsOf.get(projectId) ?? [])
          .filter((valuation) => valuation.status === "draft")
          .map((valuation) => ({
            id: valuation.id,
            project: lineOf(projectId),
            number: valuation.number,
            asAt: valuation.asAt,
            grossValue: valuation.grossValue,
            amountDue: valuation.amountDue,
            preparedBy: valuation.preparedBy,
            preparedAt: valuation.preparedAt,
          })),
      )
      .sort((a, b) => a.preparedAt.localeCompare(b.preparedAt) || a.id - b.id);

    const moneyOf = new Map(receivables.map((row) => [row.project.id, row]));
    const budgetVsCertified: ContractProgress[] = projectRows
      .map((row) => {
        const contractSum = contractSums.get(row.id) ?? 0;
        const certified = (valuationsOf.get(row.id) ?? []).filter((valuation) => valuation.status === "certified");
        const certifiedToDate = certified.at(-1)?.grossValue ?? 0;
        return {
          project: { ...lineOf(row.id), status: row.status },
          contract:
            row.signedOn === null
              ? null
              : {
                  signedOn: row.signedOn,
                  contractSum,
                  certifiedToDate,
                  percentCertified: contractSum > 0 ? Math.round((certifiedToDate * 1000) / contractSum) / 10 : null,
                },
          invoiced: moneyOf.get(row.id)?.invoiced ?? 0,
          paid: moneyOf.get(row.id)?.paid ?? 0,
        };
      })
      .sort((a, b) => Number(a.contract === null) - Number(b.contract === null) || byReference(a, b));

    const ageing = noAgeing();
    for (const row of receivables) for (const bucket of ageingBuckets) ageing[bucket] += row.ageing[bucket];
    return {
      asOf: today,
      totals: {
        invoiced: sumOf(receivables, (row) => row.invoiced),
        paid: sumOf(receivables, (row) => row.paid),
        awaitingConfirmation: sumOf(receivables, (row) => row.awaitingConfirmation),
        outstanding: sumOf(receivables, (row) => row.outstanding),
        contractSum: sumOf(budgetVsCertified, (row) => row.contract?.contractSum ?? 0),
        certifiedToDate: sumOf(budgetVsCertified, (row) => row.contract?.certifiedToDate ?? 0),
      },
      ageing,
      receivables,
      awaitingConfirmation,
      awaitingCertification,
      budgetVsCertified,
    };
  }

  return { read };
}

export type AccountsOverviewService = ReturnType<typeof createAccountsOverview>;
