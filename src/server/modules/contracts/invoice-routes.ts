import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { invoice, invoiceList, statement } from "../../../shared/answers/invoices.js";
import type { BillingDetails } from "../../../shared/billing.js";
import { invoiceMessages, invoiceSchema } from "../../../shared/invoices.js";
import type { AppDb } from "../../db/client.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer, type RequireUser } from "../../platform/authenticate.js";
import { sendDownload } from "../../platform/downloads.js";
import { ok } from "../../platform/envelope.js";
import { idParam } from "../../platform/params.js";
import { perUserLimit } from "../../platform/rate-limit.js";
import { documentProjectOf } from "./document-project.js";
import type { Invoices } from "./invoices.js";
import { invoicePdf, statementCsv, statementPdf } from "./money-documents.js";
import type { StatementService } from "./statement.js";

type Options = {
  db: AppDb;
  invoices: Invoices;
  statement: StatementService;
  billing: () => Promise<BillingDetails>;
  requireUser: RequireUser;
};

const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");
const invoiceIdOf = (request: FastifyRequest) => idParam(request.params, "invoiceId", invoiceMessages.notFound);

/** Invoices and the statement of account: read by the project's money's readers and its payers, issued by Accounts. */
export async function invoiceRoutes(app: FastifyInstance, { db, invoices, statement: statements, billing, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const idsFound = async (request: FastifyRequest) => {
    projectIdOf(request);
    if ((request.params as Record<string, unknown>).invoiceId !== undefined) invoiceIdOf(request);
  };

  routes.get(
    "/projects/:id/invoices",
    {
      preValidation: [requireUser, idsFound],
      schema: {
        summary: "The project's invoices, newest first, each with what was paid against it",
        description:
          "Amounts in kobo. `paid` = Σ confirmed payments against it, `awaitingConfirmation` = Σ those recorded but not yet confirmed, `balance` = amount − paid; `status` unpaid, part_paid, paid or overpaid. The client, the payers they added, the project office, Accounts and admins; other staff on the project 403; anyone else 404.",
        response: { 200: envelope(invoiceList) },
      },
    },
    async (request) => ok(await invoices.list(viewer(request), projectIdOf(request))),
  );

  routes.post(
    "/projects/:id/invoices",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(60, 60),
      schema: {
        summary: "Issue an invoice for a certified valuation, a due stage or the retention",
        description:
          "`{ valuationId | stageId | releaseRetention: true, dueOn }` → 201, numbered `INV-YYYY-NNNN` in one company-wide series without gaps; the client and payers are told (bell and email). A valuation's amount due, a stage's amount, or the retention held once the defects liability period (from the project's completion date) has ended. 409 `not_certified`, `stage_not_due`, `already_invoiced`, `nothing_due`, `contract_not_signed`, `not_completed`, `defects_period_running`, `no_retention`. Accounts, Accounting and admins.",
        body: invoiceSchema,
        response: { 201: envelope(invoice) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await invoices.issue(viewer(request), projectIdOf(request), request.body))),
  );

  routes.get(
    "/projects/:id/invoices/:invoiceId",
    { preValidation: [requireUser, idsFound], schema: { summary: "One invoice", response: { 200: envelope(invoice) } } },
    async (request) => ok(await invoices.one(viewer(request), projectIdOf(request), invoiceIdOf(request))),
  );

  routes.get(
    "/projects/:id/invoices/:invoiceId/invoice.pdf",
    {
      preValidation: [requireUser, idsFound],
      schema: { summary: "The invoice as a PDF, with the company's details and its bank accounts for transfers" },
    },
    async (request, reply) => {
      const projectId = projectIdOf(request);
      const found = await invoices.one(viewer(request), projectId, invoiceIdOf(request));
      const pdf = await invoicePdf(await billing(), await documentProjectOf(db, projectId), found);
      return sendDownload(reply, { contentType: "application/pdf", fileName: `${found.number}.pdf`, body: pdf });
    },
  );

  routes.get(
    "/projects/:id/statement",
    {
      preValidation: [requireUser, idsFound],
      schema: {
        summary: "The statement of account: the contract, what was certified, invoiced and paid, and every line with its running balance",
        description:
          "Amounts in kobo, each a sum of its lines: `invoiced` = Σ invoice lines' `debit`, `paid` = Σ payment lines' `credit` (confirmed only), `awaitingConfirmation` = Σ payment lines awaiting, `approvedVariations` = Σ variation lines, `contractSum` = `originalContractSum` + `approvedVariations`, `balanceDue` = invoiced − paid (the last line's `balance`). `certifiedToDate` is the latest certified valuation's gross value and `retentionHeld` its retention less retention invoiced. `payers`: each payer's own totals. Readers of the project's money and its payers.",
        response: { 200: envelope(statement) },
      },
    },
    async (request) => ok(await statements.read(viewer(request), projectIdOf(request))),
  );

  routes.get(
    "/projects/:id/statement.pdf",
    { preValidation: [requireUser, idsFound], schema: { summary: "The statement of account as a PDF" } },
    async (request, reply) => {
      const projectId = projectIdOf(request);
      const found = await statements.read(viewer(request), projectId);
      const project = await documentProjectOf(db, projectId);
      const pdf = await statementPdf(await billing(), project, found, new Date());
      return sendDownload(reply, { contentType: "application/pdf", fileName: `statement-${project.reference}.pdf`, body: pdf });
    },
  );

  routes.get(
    "/projects/:id/statement.csv",
    { preValidation: [requireUser, idsFound], schema: { summary: "The statement's lines as CSV (naira), for a spreadsheet" } },
    async (request, reply) => {
      const projectId = projectIdOf(request);
      const found = await statements.read(viewer(request), projectId);
      const project = await documentProjectOf(db, projectId);
      return sendDownload(reply, {
        contentType: "text/csv; charset=utf-8",
        fileName: `statement-${project.reference}.csv`,
        body: statementCsv(found),
      });
    },
  );
}
