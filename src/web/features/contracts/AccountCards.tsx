import type { ReactNode } from "react";
import { SectionCard } from "../../components/ui/SectionCard";
import { Invoices } from "./Invoices";
import { Payments } from "./Payments";
import { Statement } from "./Statement";

type Props = {
  projectId: number;
  /** The client or a payer: 'Record a transfer' on an invoice still due. */
  canPay: boolean;
  /** Accounts: 'Confirm' and 'Reject' on a transfer awaiting confirmation. */
  canConfirm: boolean;
  /** Beneath the invoices, for those who issue them. */
  issueInvoice?: ReactNode;
};

/** The project's account, as the Money section and a payer's page both show it: the statement, invoices and transfers. */
export function AccountCards({ projectId, canPay, canConfirm, issueInvoice }: Props) {
  return (
    <>
      <SectionCard
        id="statement"
        title="Statement of account"
        description="Every invoice, payment and approved variation, with the running balance."
      >
        <Statement projectId={projectId} />
      </SectionCard>
      <SectionCard id="invoices" title="Invoices" description="What the company asks for, and what was paid against each.">
        <div className="flex flex-col gap-6">
          <Invoices projectId={projectId} canPay={canPay} />
          {issueInvoice}
        </div>
      </SectionCard>
      <SectionCard id="transfers" title="Transfers" description="Payments by bank transfer, each counted once Accounts confirm it.">
        <Payments projectId={projectId} canConfirm={canConfirm} />
      </SectionCard>
    </>
  );
}
