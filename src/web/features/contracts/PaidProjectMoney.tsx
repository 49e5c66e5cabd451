import { useQuery } from "@tanstack/react-query";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { AccountCards } from "./AccountCards";
import { payingForQuery } from "./api";

/** The money of a project a payer pays for: the statement, the invoices they may pay by transfer, and the transfers. */
export function PaidProjectMoney({ projectId }: { projectId: number }) {
  const paying = useQuery(payingForQuery);
  if (paying.isPending) return <LoadingMessage>Loading the project...</LoadingMessage>;
  if (paying.isError) return <ErrorMessage error={paying.error} onRetry={() => void paying.refetch()} />;
  const project = paying.data.items.find((item) => item.id === projectId);
  if (!project) {
    return <EmptyMessage title="This project is not one you pay for.">Its client may have removed you as a payer.</EmptyMessage>;
  }
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p>
        <span className="font-semibold">{project.title}</span> ({project.reference})
        {project.clientName ? `, for ${project.clientName}` : ""}
      </p>
      <AccountCards projectId={projectId} canPay canConfirm={false} />
    </div>
  );
}
