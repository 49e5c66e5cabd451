import type { Payment } from "../../../shared/invoices";
import { apiRequest } from "../../lib/http/client";
import { projectPath } from "../../lib/queries/projects";

const paymentPath = (projectId: number, paymentId: number) => `${projectPath(projectId)}/payments/${paymentId}`;

/** Accounts' decision on a transfer a payer recorded: found on the bank statement (a numbered receipt), or not (why). */
export const transferDecisions = {
  confirm: (projectId: number, paymentId: number) => apiRequest<Payment>("POST", `${paymentPath(projectId, paymentId)}/confirm`),
  reject: (projectId: number, paymentId: number, reason: string) =>
    apiRequest<Payment>("POST", `${paymentPath(projectId, paymentId)}/reject`, { reason }),
};
