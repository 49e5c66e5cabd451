import { useQuery } from "@tanstack/react-query";
import { canCertifyMoney } from "../../../shared/access";
import type { BoqAnswer } from "../../../shared/contracts";
import type { ProjectDetail } from "../../../shared/projects";
import { mutedTextClass } from "../../components/form/form-fields";
import { SectionCard } from "../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useAuth } from "../../lib/session/AuthProvider";
import { AccountCards } from "./AccountCards";
import { ActionPart } from "./ActionPart";
import { AddStageForm } from "./AddStageForm";
import { boqQuery, contractsApi } from "./api";
import { BoqBills } from "./BoqBills";
import { BoqImport } from "./BoqImport";
import { ContractTerms } from "./ContractTerms";
import { DownloadFileButton } from "./DownloadFileButton";
import { IssueInvoiceForm } from "./IssueInvoiceForm";
import { NewValuationForm } from "./NewValuationForm";
import { Payers } from "./Payers";
import { PaymentSchedule } from "./PaymentSchedule";
import { RaiseVariationForm } from "./RaiseVariationForm";
import { SignContractForm } from "./SignContractForm";
import { Valuations } from "./Valuations";
import { Variations } from "./Variations";

const statusTones: Record<BoqAnswer["status"], string> = {
  draft: "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100",
  fixed: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
};
const statusLabels: Record<BoqAnswer["status"], string> = { draft: "Draft", fixed: "Fixed: contract signed" };

function BillOfQuantities({ projectId, boq, canPrepare }: { projectId: number; boq: BoqAnswer; canPrepare: boolean }) {
  if (boq.bills.length === 0) {
    return (
      <EmptyMessage title="No bill of quantities yet.">
        {canPrepare ? "Import the quantity surveyor's BOQ below." : "The project office adds it before the contract is signed."}
      </EmptyMessage>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold ${statusTones[boq.status]}`}>
          {statusLabels[boq.status]}
        </span>
        <DownloadFileButton
          label="Download as Excel"
          failure="The BOQ could not be downloaded."
          download={() => contractsApi.downloadBoq(projectId)}
        />
      </div>
      <BoqBills boq={boq} />
    </div>
  );
}

/**
 * The Money section (docs/decisions/140-boq-and-contract.md): the BOQ and the contract sum, the contract's terms once
 * signed, its variations (decision 141), its valuations (decisions 142, 143) and the payment schedule; the project
 * office imports the BOQ, records the signing, raises variations, measures valuations and sets the stages; the client
 * approves or declines variations; Accounts certify valuations and issue invoices (decision 145); the client and the payers
 * they add record transfers, which Accounts confirm; the statement sums it all.
 */
export function ProjectMoney({ project }: { project: ProjectDetail }) {
  const boq = useQuery(boqQuery(project.id));
  const canPrepare = project.permissions.prepareContract;
  const { user } = useAuth();
  const draft = boq.data?.status === "draft";
  const isClient = project.client !== null && project.client.id === user?.id;
  const canCertify = user !== null && canCertifyMoney(user);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <SectionCard id="boq" title="Bill of quantities" description="Amounts in naira, to the kobo.">
        {boq.isPending ? <LoadingMessage>Loading the bill of quantities...</LoadingMessage> : null}
        {boq.isError ? <ErrorMessage error={boq.error} onRetry={() => void boq.refetch()} /> : null}
        {boq.data ? <BillOfQuantities projectId={project.id} boq={boq.data} canPrepare={canPrepare} /> : null}
      </SectionCard>
      {boq.data?.contract ? (
        <SectionCard id="contract" title="The contract">
          <ContractTerms contract={boq.data.contract} />
        </SectionCard>
      ) : null}
      {boq.data?.status === "fixed" ? (
        <SectionCard
          id="variations"
          title="Variations"
          description="Changes to the signed work: each binds only once the client approves it."
        >
          <div className="flex flex-col gap-6">
            <Variations projectId={project.id} canDecide={isClient} />
            {canPrepare ? (
              <ActionPart title="Raise a variation">
                <RaiseVariationForm projectId={project.id} />
              </ActionPart>
            ) : null}
          </div>
        </SectionCard>
      ) : null}
      {boq.data?.status === "fixed" ? (
        <SectionCard
          id="valuations"
          title="Valuations"
          description="Interim certificates: the work done to date, less retention and what earlier certificates asked for."
        >
          <div className="flex flex-col gap-6">
            <Valuations projectId={project.id} canCertify={canCertify} />
            {canPrepare ? (
              <ActionPart title="New valuation">
                <NewValuationForm projectId={project.id} boq={boq.data} />
              </ActionPart>
            ) : null}
          </div>
        </SectionCard>
      ) : null}
      {boq.data?.status === "fixed" ? (
        <>
          <AccountCards
            projectId={project.id}
            canPay={isClient}
            canConfirm={canCertify}
            issueInvoice={
              canCertify ? (
                <ActionPart title="Issue an invoice">
                  <IssueInvoiceForm projectId={project.id} />
                </ActionPart>
              ) : null
            }
          />
          {isClient ? (
            <SectionCard id="payers" title="Who pays with you" description="Relatives or partners who pay for this project with you.">
              <Payers projectId={project.id} />
            </SectionCard>
          ) : null}
        </>
      ) : null}
      {canPrepare && draft ? (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <SectionCard id="import-boq" title="Import the BOQ">
            <BoqImport projectId={project.id} />
          </SectionCard>
          {boq.data && boq.data.bills.length > 0 ? (
            <SectionCard id="sign-contract" title="Record the contract as signed">
              <SignContractForm projectId={project.id} />
            </SectionCard>
          ) : null}
        </div>
      ) : null}
      <SectionCard id="payment-schedule" title="Payment schedule" description="What is paid at each stage, and when it falls due.">
        <div className="flex flex-col gap-6">
          <PaymentSchedule projectId={project.id} canPrepare={canPrepare} />
          {canPrepare ? (
            <ActionPart title="Add a stage">
              <AddStageForm projectId={project.id} milestones={project.milestones} />
            </ActionPart>
          ) : (
            <p className={`text-sm ${mutedTextClass}`}>
              A stage falls due when its milestone is done; mobilisation once the contract is signed.
            </p>
          )}
        </div>
      </SectionCard>
    </div>
  );
}
