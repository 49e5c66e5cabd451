import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { paidProjectList, payerList, payment, paymentList } from "../../../shared/answers/invoices.js";
import type { BillingDetails } from "../../../shared/billing.js";
import { PROOF_MAX_BYTES, payerSchema, paymentMessages, paymentRejectSchema } from "../../../shared/invoices.js";
import { isUuid } from "../../../shared/uuid.js";
import type { AppDb } from "../../db/client.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer, type RequireUser } from "../../platform/authenticate.js";
import { sendDownload } from "../../platform/downloads.js";
import { ApiError, ok } from "../../platform/envelope.js";
import { readMultipart } from "../../platform/multipart.js";
import { idParam } from "../../platform/params.js";
import { perUserLimit } from "../../platform/rate-limit.js";
import { documentProjectOf } from "./document-project.js";
import type { Invoices } from "./invoices.js";
import { receiptPdf } from "./money-documents.js";
import type { Payers } from "./payers.js";
import type { Payments } from "./payments.js";

type Options = {
  db: AppDb;
  payments: Payments;
  payers: Payers;
  invoices: Invoices;
  billing: () => Promise<BillingDetails>;
  requireUser: RequireUser;
};

const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");
const paymentIdOf = (request: FastifyRequest) => idParam(request.params, "paymentId", paymentMessages.notFound);
const proofLimits = {
  fileField: "proof",
  maxFileBytes: PROOF_MAX_BYTES,
  maxFiles: 1,
  tooLarge: paymentMessages.proofTooLarge,
  tooMany: paymentMessages.oneProof,
};

/** Transfers recorded by the payers with their proof, confirmed or rejected by Accounts; and who pays with the client. */
export async function paymentRoutes(app: FastifyInstance, { db, payments, payers, invoices, billing, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const idsFound = async (request: FastifyRequest) => {
    projectIdOf(request);
    if ((request.params as Record<string, unknown>).paymentId !== undefined) paymentIdOf(request);
  };

  routes.get(
    "/projects/:id/payments",
    {
      preValidation: [requireUser, idsFound],
      schema: {
        summary: "The transfers recorded against the project's invoices, newest first",
        description:
          "Amounts in kobo. `settles` part, full or over: what the payment does to its invoice, counting the ones before it that were not rejected. `possibleDuplicateOf`: other payments of the project, not rejected, with the same reference (spaces and case aside) and amount. Readers of the project's money and its payers.",
        response: { 200: envelope(paymentList) },
      },
    },
    async (request) => ok(await payments.list(viewer(request), projectIdOf(request))),
  );

  routes.post(
    "/projects/:id/payments",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(30, 60),
      schema: {
        summary: "Record a bank transfer against an invoice, with its proof (multipart)",
        description:
          "Fields `invoiceId`, `amount` (kobo), `paidOn` (YYYY-MM-DD, not after tomorrow in Lagos), `reference` (as the bank shows it), and the file `proof`: a photo (JPEG, PNG, WebP, HEIC) or a PDF, ≤ 10 MB, its kind read from its bytes → 201, `awaiting_confirmation`; Accounts are told. Part payments and overpayments are accepted. The project's client and the payers they added.",
        response: { 201: envelope(payment) },
      },
    },
    async (request, reply) => {
      const projectId = projectIdOf(request);
      const upload = await readMultipart(request, proofLimits);
      return reply.status(201).send(ok(await payments.record(viewer(request), projectId, upload)));
    },
  );

  routes.post(
    "/projects/:id/payments/:paymentId/confirm",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(120, 60),
      schema: {
        summary: "Confirm a transfer found on the bank statement: it counts as paid, with a numbered receipt",
        description:
          "No body. Numbers the receipt `RCT-YYYY-NNNN` (one series, no gaps) and tells the payer and the client. 409 `already_decided` (two confirmations at once: one wins), `duplicate_transfer` when the same reference and amount is already confirmed on the project. Accounts, Accounting and admins.",
        response: { 200: envelope(payment) },
      },
    },
    async (request) => ok(await payments.confirm(viewer(request), projectIdOf(request), paymentIdOf(request))),
  );

  routes.post(
    "/projects/:id/payments/:paymentId/reject",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(120, 60),
      schema: {
        summary: "Reject a transfer, saying why",
        description: "`{ reason }` → 200; the payer and the client are told. 409 `already_decided`. Accounts, Accounting and admins.",
        body: paymentRejectSchema,
        response: { 200: envelope(payment) },
      },
    },
    async (request) => ok(await payments.reject(viewer(request), projectIdOf(request), paymentIdOf(request), request.body.reason)),
  );

  routes.get(
    "/projects/:id/payments/:paymentId/proof",
    { preValidation: [requireUser, idsFound], schema: { summary: "The proof of payment as it was sent" } },
    async (request, reply) => sendDownload(reply, await payments.proof(viewer(request), projectIdOf(request), paymentIdOf(request))),
  );

  routes.get(
    "/projects/:id/payments/:paymentId/receipt.pdf",
    { preValidation: [requireUser, idsFound], schema: { summary: "The receipt of a confirmed transfer as a PDF" } },
    async (request, reply) => {
      const projectId = projectIdOf(request);
      const { items } = await payments.list(viewer(request), projectId);
      const found = items.find((item) => item.id === paymentIdOf(request));
      if (!found?.receiptNumber) throw new ApiError(404, paymentMessages.noReceipt, "not_found");
      const paid = await invoices.one(viewer(request), projectId, found.invoiceId);
      const pdf = await receiptPdf(await billing(), await documentProjectOf(db, projectId), found, paid);
      return sendDownload(reply, { contentType: "application/pdf", fileName: `${found.receiptNumber}.pdf`, body: pdf });
    },
  );

  routes.get(
    "/paying-for",
    {
      preValidation: requireUser,
      schema: {
        summary: "The projects the caller pays for as a payer a client added",
        description: "Each project's id, title, reference and client: a payer opens only its money (`/dashboard/paying/{id}`).",
        response: { 200: envelope(paidProjectList) },
      },
    },
    async (request) => ok(await payers.projectsPaidBy(viewer(request))),
  );

  routes.get(
    "/projects/:id/payers",
    {
      preValidation: [requireUser, idsFound],
      schema: { summary: "The people the client added to pay for the project with them", response: { 200: envelope(payerList) } },
    },
    async (request) => ok(await payers.list(viewer(request), projectIdOf(request))),
  );

  routes.post(
    "/projects/:id/payers",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(30, 60),
      schema: {
        summary: "Add a payer by the email of their client account",
        description:
          "`{ email }` → 201 with the payers. The person registers first (a client account); they then read the project's money (not the rest of the project) and record their own transfers. 400 `no_client_account`; 409 `is_client`, `already_payer`, `too_many_payers` (10). The project's client and admins.",
        body: payerSchema,
        response: { 201: envelope(payerList) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await payers.add(viewer(request), projectIdOf(request), request.body.email))),
  );

  routes.delete(
    "/projects/:id/payers/:userId",
    { preValidation: [requireUser, idsFound], schema: { summary: "Remove a payer (204, no body); their transfers stay on the statement" } },
    async (request, reply) => {
      const { userId } = request.params as { userId: string };
      if (!isUuid(userId)) throw new ApiError(404, paymentMessages.payerNotFound, "not_found");
      await payers.remove(viewer(request), projectIdOf(request), userId);
      return reply.status(204).send();
    },
  );
}
