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

/** The bill of quantities with its amounts, subtotals, contract sum and, once signed, the contract's terms. */
export const boqQuery = (projectId: number) => privateQuery<BoqAnswer>([boqPath(projectId)]);

/** The payment schedule: its stages with their amounts and status, their total and the contract sum. */
export const paymentScheduleQuery = (projectId: number) => privateQuery<PaymentSchedule>([stagesPath(projectId)]);

/** The variations, newest first, with the contract sum and completion date as the approved ones made them. */
export const variationsQuery = (projectId: number) => privateQuery<VariationList>([variationsPath(projectId)]);

/** The interim valuations, newest first, each with its certificate's arithmetic. */
export const valuationsQuery = (projectId: number) => privateQuery<ValuationList>([valuationsPath(projectId)]);

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
  downloadCertificate: (projectId: number, valuation: Pick<Valuation, "id" | "number">) =>
    apiDownload(
      `${valuationsPath(projectId)}/${valuation.id}/certificate.pdf`,
      `interim-certificate-${valuation.number}-project-${projectId}.pdf`,
    ),
};
