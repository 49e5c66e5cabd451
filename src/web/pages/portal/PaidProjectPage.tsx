import { useParams } from "react-router";
import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { PaidProjectMoney } from "../../features/contracts";

/** /dashboard/paying/:id: the money of a project the signed-in person pays for as a payer its client added. */
export default function PaidProjectPage() {
  const { id } = useParams();
  const projectId = Number(id);
  return (
    <PortalPage>
      <PageHeader
        title="A project you pay for"
        description="Its invoices, the transfers recorded against them and the statement of account."
      />
      {Number.isSafeInteger(projectId) && projectId > 0 ? <PaidProjectMoney projectId={projectId} /> : null}
    </PortalPage>
  );
}
