import type {
  BoqAnswer,
  BoqImport,
  ContractSigningInput,
  Valuation,
  ValuationInput,
  ValuationList,
  Variation,
  VariationInput,
  VariationList,
} from "../../../shared/contracts";
import type { Invoice, InvoiceInput, InvoiceList, PaidProject, PayerList, Payment, PaymentList, Statement } from "../../../shared/invoices";
import type { PaymentSchedule, PaymentStageInput } from "../../../shared/payment-stages";
import { apiDownload, apiRequest } from "../../lib/http/client";
import { projectPath } from "../../lib/queries/projects";
import { privateQuery } from "../../lib/query/api-query";
import type { StepUpProof } from "../account";

// Under the project's path, so that the page's realtime refresh of a changed project refreshes them too.
const boqPath = (projectId: number) => `${projectPath(projectId)}/boq`;
const stagesPath = (projectId: number) => `${projectPath(projectId)}/payment-stages`;
const variationsPath = (projectId: number) => `${projectPath(projectId)}/variations`;
const valuationsPath = (projectId: number) => `${projectPath(projectId)}/valuations`;
const invoicesPath = (projectId: number) => `${projectPath(projectId)}/invoices`;
const paymentsPath = (projectId: number) => `${projectPath(projectId)}/payments`;
const payersPath = (projectId: number) => `${projectPath(projectId)}/payers`;
const statementPath = (projectId: number) => `${projectPath(projectId)}/statement`;

/** The bill of quantities with its amounts, subtotals, contract sum and, once signed, the contract's terms. */
export const boqQuery = (projectId: number) => privateQuery<BoqAnswer>([boqPath(projectId)]);

/** The payment schedule: its stages with their amounts and status, their total and the contract sum. */
export const paymentScheduleQuery = (projectId: number) => privateQuery<PaymentSchedule>([stagesPath(projectId)]);

/** The variations, newest first, with the contract sum and completion date as the approved ones made them. */
export const variationsQuery = (projectId: number) => privateQuery<VariationList>([variationsPath(projectId)]);

/** The interim valuations, newest first, each with its certificate's arithmetic. */
export const valuationsQuery = (projectId: number) => privateQuery<ValuationList>([valuationsPath(projectId)]);

/** The invoices, newest first, each with what was paid against it. */
export const invoicesQuery = (projectId: number) => privateQuery<InvoiceList>([invoicesPath(projectId)]);

/** The transfers recorded against the invoices, newest first. */
export const paymentsQuery = (projectId: number) => privateQuery<PaymentList>([paymentsPath(projectId)]);

/** The people the client added to pay with them. */
export const payersQuery = (projectId: number) => privateQuery<PayerList>([payersPath(projectId)]);

/** The statement of account: its totals and its lines with the running balance. */
export const statementQuery = (projectId: number) => privateQuery<Statement>([statementPath(projectId)]);

/** The projects the signed-in person pays for as a payer a client added (not their own projects). */
export const payingForQuery = privateQuery<{ items: PaidProject[] }>(["/paying-for"]);

/** What a transfer's form sends: the proof travels as a file beside the fields. */
export type TransferInput = { invoiceId: number; amount: number; paidOn: string; reference: string; proof: File };

export const contractsApi = {
  /** One XLSX or CSV file (multipart `file`); a row it cannot read comes back in the 400's fields. */
  importBoq: (projectId: number, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return apiRequest<BoqImport>("POST", boqPath(projectId), form);
  },
  downloadBoq: (projectId: number) => apiDownload(`${boqPath(projectId)}.xlsx`, `boq-project-${projectId}.xlsx`),
  recordSigned: (projectId: number, signing: ContractSigningInput) =>
    apiRequest<BoqAnswer>("POST", `${projectPath(projectId)}/contract`, signing),
  addStage: (projectId: number, stage: PaymentStageInput) => apiRequest<PaymentSchedule>("POST", stagesPath(projectId), stage),
  removeStage: (projectId: number, stageId: number) => apiRequest<null>("DELETE", `${stagesPath(projectId)}/${stageId}`),
  raiseVariation: (projectId: number, variation: VariationInput) => apiRequest<Variation>("POST", variationsPath(projectId), variation),
  /** The client's approval, with the fresh proof: the password (and code), or a passkey. */
  approveVariation: (projectId: number, variationId: number, proof: StepUpProof) =>
    apiRequest<Variation>("POST", `${variationsPath(projectId)}/${variationId}/approve`, proof),
  declineVariation: (projectId: number, variationId: number, reason: string) =>
    apiRequest<Variation>("POST", `${variationsPath(projectId)}/${variationId}/decline`, { reason }),
  /** The office's measurement: a draft until Accounts certify it. */
  prepareValuation: (projectId: number, valuation: ValuationInput) => apiRequest<Valuation>("POST", valuationsPath(projectId), valuation),
  certifyValuation: (projectId: number, valuationId: number) =>
    apiRequest<Valuation>("POST", `${valuationsPath(projectId)}/${valuationId}/certify`),
  issueInvoice: (projectId: number, invoice: InvoiceInput) => apiRequest<Invoice>("POST", invoicesPath(projectId), invoice),
  downloadInvoice: (projectId: number, invoice: Pick<Invoice, "id" | "number">) =>
    apiDownload(`${invoicesPath(projectId)}/${invoice.id}/invoice.pdf`, `${invoice.number}.pdf`),
  recordTransfer: (projectId: number, transfer: TransferInput) => {
    const form = new FormData();
    form.append("invoiceId", String(transfer.invoiceId));
    form.append("amount", String(transfer.amount));
    form.append("paidOn", transfer.paidOn);
    form.append("reference", transfer.reference);
    form.append("proof", transfer.proof);
    return apiRequest<Payment>("POST", paymentsPath(projectId), form);
  },
  confirmPayment: (projectId: number, paymentId: number) => apiRequest<Payment>("POST", `${paymentsPath(projectId)}/${paymentId}/confirm`),
  rejectPayment: (projectId: number, paymentId: number, reason: string) =>
    apiRequest<Payment>("POST", `${paymentsPath(projectId)}/${paymentId}/reject`, { reason }),
  downloadProof: (projectId: number, payment: Pick<Payment, "id" | "proof">) =>
    apiDownload(`${paymentsPath(projectId)}/${payment.id}/proof`, payment.proof.fileName),
  downloadReceipt: (projectId: number, payment: Pick<Payment, "id" | "receiptNumber">) =>
    apiDownload(`${paymentsPath(projectId)}/${payment.id}/receipt.pdf`, `${payment.receiptNumber ?? "receipt"}.pdf`),
  addPayer: (projectId: number, email: string) => apiRequest<PayerList>("POST", payersPath(projectId), { email }),
  removePayer: (projectId: number, userId: string) => apiRequest<null>("DELETE", `${payersPath(projectId)}/${userId}`),
  downloadStatement: (projectId: number, format: "pdf" | "csv") =>
    apiDownload(`${statementPath(projectId)}.${format}`, `statement-project-${projectId}.${format}`),
  downloadCertificate: (projectId: number, valuation: Pick<Valuation, "id" | "number">) =>
    apiDownload(
      `${valuationsPath(projectId)}/${valuation.id}/certificate.pdf`,
      `interim-certificate-${valuation.number}-project-${projectId}.pdf`,
    ),
};
