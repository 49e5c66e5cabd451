import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { canCertifyMoney, isPayerOf, type Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import { type Payment, paymentFieldsSchema, paymentMessages } from "../../../shared/invoices.js";
import { lagosDay } from "../../../shared/lagos-time.js";
import { formatKobo } from "../../../shared/naira.js";
import { productWording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { invoices, payments } from "../../db/schema.js";
import { safeFileName } from "../../platform/downloads.js";
import { parseInput } from "../../platform/envelope.js";
import { fieldOf, type MultipartUpload } from "../../platform/multipart.js";
import type { ObjectStore } from "../../platform/storage.js";
import { nextDocumentNumber } from "./document-numbers.js";
import type { MoneyGuard } from "./money-guard.js";
import type { MoneyNotices, PayingPeople } from "./money-notices.js";
import { peopleNamed } from "./people.js";
import { proofKindOf } from "./proof-file.js";
import { addDays } from "./variations.js";

type PaymentRow = typeof payments.$inferSelect;

const notFound = () => new ApiError(404, paymentMessages.notFound, "not_found");
const conflict = (message: string, code: string) => new ApiError(409, message, code);

/** One transfer however the bank or the payer spaced or cased its reference. */
export const transferKey = (row: Pick<PaymentRow, "reference" | "amountKobo">) =>
  `${row.reference.replace(/\s/g, "").toUpperCase()}|${row.amountKobo}`;

/**
 * Finds, for a payment, the other payments of the same project, not rejected, that may be this transfer again (same
 * reference and amount), in the rows' order: one pass over the project's payments, not every pair of them.
 */
export function duplicateFinder(ofProject: readonly Pick<PaymentRow, "id" | "status" | "reference" | "amountKobo">[]) {
  const ofTransfer = new Map<string, number[]>();
  for (const payment of ofProject) {
    if (payment.status === "rejected") continue;
    const same = ofTransfer.get(transferKey(payment));
    if (same) same.push(payment.id);
    else ofTransfer.set(transferKey(payment), [payment.id]);
  }
  return (payment: Pick<PaymentRow, "id" | "reference" | "amountKobo">) =>
    (ofTransfer.get(transferKey(payment)) ?? []).filter((id) => id !== payment.id);
}

export const proofUrl = (projectId: number, paymentId: number) => `/api/projects/${projectId}/payments/${paymentId}/proof`;

/** Payments by bank transfer (docs/decisions/145-invoices-payments-and-the-statement.md): recorded by payers, confirmed by Accounts. */
export function createPayments({
  db,
  guard,
  proofs,
  notices,
}: {
  db: AppDb;
  guard: MoneyGuard;
  proofs: ObjectStore;
  notices: MoneyNotices;
}) {
  /** The project's payments, oldest first, each with what it settles of its invoice and the transfers it may repeat. */
  async function ofProject(projectId: number): Promise<Payment[]> {
    const rows = await db
      .select({ payment: payments, invoiceNumber: invoices.number, invoiceAmount: invoices.amountKobo })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(eq(payments.projectId, projectId))
      .orderBy(asc(payments.recordedAt), asc(payments.id));
    const people = await peopleNamed(
      db,
      rows.flatMap(({ payment }) => [payment.payerId, payment.decidedById]),
    );
    const duplicatesOf = duplicateFinder(rows.map((row) => row.payment));
    const countedOnInvoice = new Map<number, number>();
    return rows.map(({ payment, invoiceNumber, invoiceAmount }) => {
      let settles: Payment["settles"] = null;
      if (payment.status !== "rejected") {
        const after = (countedOnInvoice.get(payment.invoiceId) ?? 0) + payment.amountKobo;
        countedOnInvoice.set(payment.invoiceId, after);
        settles = after < invoiceAmount ? "part" : after === invoiceAmount ? "full" : "over";
      }
      return {
        id: payment.id,
        invoiceId: payment.invoiceId,
        invoiceNumber,
        amount: payment.amountKobo,
        paidOn: payment.paidOn,
        reference: payment.reference,
        status: payment.status,
        settles,
        payer: (payment.payerId && people.get(payment.payerId)) || null,
        recordedAt: payment.recordedAt.toISOString(),
        proof: {
          url: proofUrl(projectId, payment.id),
          fileName: payment.proofName,
          contentType: payment.proofType,
          sizeBytes: payment.proofBytes,
          sha256: payment.proofSha256,
        },
        possibleDuplicateOf: duplicatesOf(payment),
        decidedBy: (payment.decidedById && people.get(payment.decidedById)) || null,
        decidedAt: payment.decidedAt?.toISOString() ?? null,
        rejectReason: payment.rejectReason,
        receiptNumber: payment.receiptNumber,
      };
    });
  }

  async function one(projectId: number, paymentId: number) {
    const found = (await ofProject(projectId)).find((item) => item.id === paymentId);
    if (!found) throw notFound();
    return found;
  }

  /** The payment's row, locked until the transaction ends, when it belongs to the project. */
  async function locked(tx: AppDb, projectId: number, paymentId: number) {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!row || row.projectId !== projectId) throw notFound();
    if (row.status !== "awaiting_confirmation") throw conflict(paymentMessages.decided, "already_decided");
    return row;
  }

  /** Whom a decision concerns: the client, and the payer who recorded it when it was not the client. */
  const payersOf = (row: PaymentRow, clientId: string | null): PayingPeople => ({
    clientId,
    payerIds: row.payerId && row.payerId !== clientId ? [row.payerId] : [],
  });

  return {
    ofProject,

    async list(viewer: Viewer, projectId: number): Promise<{ items: Payment[] }> {
      await guard.read(viewer, projectId);
      return { items: (await ofProject(projectId)).reverse() };
    },

    /** A payer records a transfer with its proof; it waits for Accounts to find it on the bank statement. */
    async record(viewer: Viewer, projectId: number, upload: MultipartUpload): Promise<Payment> {
      await guard.act(viewer, projectId, (who, parties) => isPayerOf(who, parties));
      const fields = parseInput(paymentFieldsSchema, {
        invoiceId: fieldOf(upload, "invoiceId"),
        amount: fieldOf(upload, "amount"),
        paidOn: fieldOf(upload, "paidOn"),
        reference: fieldOf(upload, "reference"),
      });
      // A payer abroad may be a day ahead of Lagos.
      if (fields.paidOn > (addDays(lagosDay(new Date()), 1) ?? ""))
        throw new ApiError(400, productWording.validationFailed, "validation_failed", { paidOn: paymentMessages.paidInFuture });
      const [invoice] = await db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.id, fields.invoiceId), eq(invoices.projectId, projectId)));
      if (!invoice)
        throw new ApiError(400, productWording.validationFailed, "validation_failed", { invoiceId: paymentMessages.invoiceNotFound });
      const [file] = upload.files;
      if (!file) throw new ApiError(400, paymentMessages.noProof, "missing_file", { proof: paymentMessages.noProof });
      const kind = proofKindOf(file.data);
      if (!kind) throw new ApiError(400, paymentMessages.proofType, "unsupported_file", { proof: paymentMessages.proofType });
      const key = `payments/${projectId}/${randomUUID()}.${kind.extension}`;
      await proofs.put(key, file.data, kind.contentType);
      try {
        const [row] = await db
          .insert(payments)
          .values({
            projectId,
            invoiceId: invoice.id,
            payerId: viewer.id,
            amountKobo: fields.amount,
            paidOn: fields.paidOn,
            reference: fields.reference,
            proofKey: key,
            proofName: safeFileName(file.filename, kind),
            proofType: kind.contentType,
            proofBytes: file.data.length,
            proofSha256: createHash("sha256").update(file.data).digest("hex"),
          })
          .returning({ id: payments.id });
        if (!row) throw new Error("the payment's row was not written");
        await notices.paymentRecorded(
          projectId,
          `${invoice.number}: a transfer of ${formatKobo(fields.amount)} waits for confirmation`,
          `Reference ${fields.reference}, paid on ${fields.paidOn}: check it on the bank statement, then confirm or reject it.`,
        );
        return one(projectId, row.id);
      } catch (error) {
        await proofs.remove(key).catch(() => undefined);
        throw error;
      }
    },

    /** Accounts found the transfer on the bank statement: it counts as paid, with a numbered receipt. */
    async confirm(viewer: Viewer, projectId: number, paymentId: number): Promise<Payment> {
      const parties = await guard.act(viewer, projectId, canCertifyMoney);
      const row = await db
        .transaction(async (tx) => {
          const found = await locked(tx, projectId, paymentId);
          const [same] = await tx
            .select({ receipt: payments.receiptNumber })
            .from(payments)
            .where(
              and(
                eq(payments.projectId, projectId),
                eq(payments.status, "confirmed"),
                eq(payments.amountKobo, found.amountKobo),
                ne(payments.id, found.id),
                sql`upper(regexp_replace(${payments.reference}, '\\s', '', 'g')) = ${found.reference.replace(/\s/g, "").toUpperCase()}`,
              ),
            );
          if (same) throw conflict(paymentMessages.duplicate(same.receipt ?? ""), "duplicate_transfer");
          const receiptNumber = await nextDocumentNumber(tx, "receipt", Number(lagosDay(new Date()).slice(0, 4)));
          await tx
            .update(payments)
            .set({ status: "confirmed", receiptNumber, decidedById: viewer.id, decidedAt: new Date() })
            .where(eq(payments.id, found.id));
          return { ...found, receiptNumber };
        })
        .catch((error: unknown) => {
          // Another payment of the same transfer was confirmed at the same moment: the index kept it to one.
          if (isUniqueViolation(error)) throw conflict(paymentMessages.duplicate("another receipt"), "duplicate_transfer");
          throw error;
        });
      await notices.paymentDecided(
        payersOf(row, parties.clientId),
        projectId,
        `${row.receiptNumber}: your transfer of ${formatKobo(row.amountKobo)} is confirmed`,
        `Reference ${row.reference}. The receipt is in the project's Money section.`,
      );
      return one(projectId, paymentId);
    },

    /** Accounts could not find the transfer, or it does not match: the payer is told why. */
    async reject(viewer: Viewer, projectId: number, paymentId: number, reason: string): Promise<Payment> {
      const parties = await guard.act(viewer, projectId, canCertifyMoney);
      const row = await db.transaction(async (tx) => {
        const found = await locked(tx, projectId, paymentId);
        await tx
          .update(payments)
          .set({ status: "rejected", rejectReason: reason, decidedById: viewer.id, decidedAt: new Date() })
          .where(eq(payments.id, found.id));
        return found;
      });
      await notices.paymentDecided(
        payersOf(row, parties.clientId),
        projectId,
        `Transfer ${row.reference} of ${formatKobo(row.amountKobo)} was not confirmed`,
        `Reference ${row.reference}: ${reason}`,
      );
      return one(projectId, paymentId);
    },

    /** The proof as sent, to those who read the project's money. */
    async proof(viewer: Viewer, projectId: number, paymentId: number) {
      await guard.read(viewer, projectId);
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.projectId, projectId)));
      if (!row) throw notFound();
      const stored = await proofs.open(row.proofKey);
      if (!stored) throw notFound();
      return { contentType: row.proofType, fileName: row.proofName, body: stored.stream };
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
