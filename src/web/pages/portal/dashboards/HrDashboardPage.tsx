import { useQuery } from "@tanstack/react-query";
import { canApproveStaff, canKeepStaffRecords } from "../../../../shared/access";
import { PageHeader, PortalPage } from "../../../components/ui/PageHeader";
import { SectionCard } from "../../../components/ui/SectionCard";
import { ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { peopleQuery } from "../../../features/people/api";
import { HeadcountFigures } from "../../../features/people/HeadcountFigures";
import { PendingStaffList } from "../../../features/people/PendingStaffList";
import { StaffDirectoryList } from "../../../features/people/StaffDirectoryList";
import { useAuth } from "../../../lib/session/AuthProvider";

/** HR: headcount, the staff directory by department, and the staff accounts waiting for approval. */
export default function HrDashboardPage() {
  const { user } = useAuth();
  const people = useQuery(peopleQuery);
  const status = people.isPending ? (
    <LoadingMessage>Loading the staff directory...</LoadingMessage>
  ) : people.isError ? (
    <ErrorMessage error={people.error} onRetry={() => void people.refetch()} />
  ) : null;

  return (
    <PortalPage>
      <PageHeader title="Human resources" description="The people of Crestbuild, by department." />
      {status}
      {people.data ? (
        <>
          <section aria-labelledby="headcount-heading" className="flex flex-col gap-4">
            <h2 id="headcount-heading" className="text-xl font-bold">
              Headcount
            </h2>
            <HeadcountFigures people={people.data} />
          </section>
          <SectionCard
            id="pending"
            title="Staff awaiting approval"
            description="Registered staff who cannot sign in until HR or an administrator approves them."
          >
            <PendingStaffList pending={people.data.pending} canApprove={user !== null && canApproveStaff(user)} />
          </SectionCard>
          <SectionCard id="directory" title="Staff directory">
            <StaffDirectoryList departments={people.data.departments} canEdit={user !== null && canKeepStaffRecords(user)} />
          </SectionCard>
        </>
      ) : null}
    </PortalPage>
  );
}
